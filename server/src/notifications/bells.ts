import { DEFAULT_NOTIFICATION_PREFERENCES } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { headOf } from '../storage/index.ts';
import { notificationModels } from './models.ts';
import { notificationsOf } from './notification-model.ts';
import { type Channels, preferencesOf } from './preferences.ts';
import { readUpToOf } from './service.ts';

/**
 * What this process knows of the bell of a member with a tab open on it: enough to tell them of a reply without
 * reading anything (fan-out.ts). Loaded when their first tab here connects, followed as notifications are added
 * and read (here, or on another process: `bellChanged`), dropped when their last tab here closes.
 */
export interface Bell {
  tabs: number;
  /** Until its reads are done the member is told the per-member way. */
  loaded: boolean;
  /** At most the head of the member's notification list, never past it: an item after it would leave a gap. */
  head: number;
  readUpTo: number;
  reply: Channels;
  /** A change of preferences arrived while loading, which the load must not undo. */
  replyChosen: boolean;
  /**
   * The latest replies a fan-out here marked told to them (`reply:{id}`), so their catch-up need not ask for those
   * markers again: a busy thread's minute of replies is looked at again on every look at the list.
   */
  told: Set<string>;
}

/** Enough for a minute of replies in a few busy threads; older ones are asked of their markers. */
const TOLD_KEPT = 500;

/** The member was marked told of `key` (by this fan-out or before it): their catch-up skips it. */
export function noteTold(bell: Bell, key: string): void {
  bell.told.add(key);
  if (bell.told.size > TOLD_KEPT) bell.told.delete(bell.told.values().next().value as string);
}

export type BellChange = { head?: number; readUpTo?: number; reply?: Channels };

/** Per app, under its connection (as the storage module keeps its lists' memory: tests run several apps). */
const bells = new WeakMap<object, Map<number, Bell>>();

export function bellsOf(app: Pick<FastifyInstance, 'mongo'>): Map<number, Bell> {
  let known = bells.get(app.mongo);
  if (!known) {
    known = new Map();
    bells.set(app.mongo, known);
  }
  return known;
}

export async function openBell(app: FastifyInstance, memberId: number): Promise<void> {
  const open = bellsOf(app).get(memberId);
  if (open) {
    open.tabs += 1;
    return;
  }
  const reply = DEFAULT_NOTIFICATION_PREFERENCES.kinds.reply;
  const bell: Bell = { tabs: 1, loaded: false, head: 0, readUpTo: 0, reply, replyChosen: false, told: new Set() };
  bellsOf(app).set(memberId, bell);
  const [head, readUpTo, preferences] = await Promise.all([
    headOf(app, notificationModels(app).NotificationItem, notificationsOf(memberId)),
    readUpToOf(app, memberId),
    preferencesOf(app, memberId),
  ]);
  // Notifications added meanwhile moved it already: each only raises it.
  applyToBell(app, memberId, { head, readUpTo, ...(bell.replyChosen ? {} : { reply: preferences.kinds.reply }) });
  bell.loaded = true;
}

export function closeBell(app: FastifyInstance, memberId: number): void {
  const bell = bellsOf(app).get(memberId);
  if (bell && --bell.tabs <= 0) bellsOf(app).delete(memberId);
}

/** Heads and read marks only move forward; a preference is the last one saved. */
export function applyToBell(app: Pick<FastifyInstance, 'mongo'>, memberId: number, change: BellChange): void {
  const bell = bellsOf(app).get(memberId);
  if (!bell) return;
  if (change.head !== undefined) bell.head = Math.max(bell.head, change.head);
  if (change.readUpTo !== undefined) bell.readUpTo = Math.max(bell.readUpTo, change.readUpTo);
  if (change.reply) {
    bell.reply = change.reply;
    bell.replyChosen = true;
  }
}

/**
 * A member read notifications or chose how to hear of replies: every process holding a bell of theirs follows
 * (over the adapter with REDIS_URL). A head needs no telling: a process whose head is behind finds out from the
 * insert it tries, which the number taken refuses.
 */
export function bellChanged(app: FastifyInstance, memberId: number, change: BellChange): void {
  applyToBell(app, memberId, change);
  if (app.config.REDIS_URL) app.io.serverSideEmit('notifications:bell', memberId, change);
}
