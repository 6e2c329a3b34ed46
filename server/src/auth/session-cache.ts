import type { Model } from 'mongoose';
import { readById } from '../storage/index.ts';

/** How long an answer is trusted without being told of a change: every end is told, so this only bounds memory. */
const REMEMBER_MS = 60_000;
/** A session is marked seen at most this often per process: a write per request would double every request. */
const TOUCH_EVERY_MS = 5 * 60_000;
const MAX_ENTRIES = 50_000;

interface Entry {
  ended: boolean;
  until: number;
  touchedAt: number;
}

/**
 * This process's memory of sessions, by item key: whether each has ended (so the check on every request is the
 * member's read alone), and when it was last marked seen. An end is told to every process (Changes, kind
 * 'session'), which forgets the session before the end call answers here and within milliseconds elsewhere.
 */
export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  /** Bumped by every forget: a read that started before one may have read the old state, and is not kept. */
  #forgets = 0;

  constructor(readonly ends: Model<never>) {}

  async hasEnded(key: string): Promise<boolean> {
    const known = this.#entries.get(key);
    if (known && known.until > Date.now()) return known.ended;
    const forgets = this.#forgets;
    const ended = (await readById(this.ends, key)) !== null;
    if (forgets === this.#forgets) this.#keep(key, { ended, until: Date.now() + REMEMBER_MS });
    return ended;
  }

  /** A session this process has just opened: not ended, and seen now (its first requests read nothing). */
  opened(key: string, now = Date.now()): void {
    this.#keep(key, { ended: false, until: now + REMEMBER_MS, touchedAt: now });
  }

  forget(key: string): void {
    this.#forgets += 1;
    this.#entries.delete(key);
  }

  /** After a restore, nothing remembered is known to be true. */
  forgetAll(): void {
    this.#forgets += 1;
    this.#entries.clear();
  }

  /** Whether to mark the session seen now (true at most once per TOUCH_EVERY_MS); answering true counts as marking. */
  shouldTouch(key: string, now = Date.now()): boolean {
    const entry = this.#entries.get(key);
    if (entry && now - entry.touchedAt < TOUCH_EVERY_MS) return false;
    this.#keep(key, { touchedAt: now });
    return true;
  }

  #keep(key: string, change: Partial<Entry>): void {
    const entry = { ended: false, until: 0, touchedAt: 0, ...this.#entries.get(key), ...change };
    this.#entries.delete(key);
    // The oldest entry goes first: a Map iterates in insertion order, and every keep re-inserts.
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value as string);
    this.#entries.set(key, entry);
  }
}
