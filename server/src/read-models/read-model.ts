import type { FastifyInstance } from 'fastify';

/** A document's re-read under way, and the one queued after it. */
interface Reread {
  running: Promise<void>;
  /** Shared by every change told while `running` runs, which may have read before them. */
  next: Promise<void> | null;
}

/**
 * A collection held in memory, for the lists every page shows (the forum's threads, its members),
 * which FerretDB could only answer by decoding the whole collection each time. Loaded once, in the
 * background after start (`current()` resolves when it is), then kept current by re-reading one
 * document by key whenever a change to it is told (`Changes`), in this process or another.
 */
export abstract class ReadModel<T extends { id: number }> {
  protected readonly byId = new Map<number, T>();
  #ready: Promise<void> | null = null;
  /** Ids changed while the load ran: re-read after it, since the load may have read them before the change. */
  #changedWhileLoading: Set<number> | null = null;
  /** Re-reads under way: a read waits for them, so a request sees every change told before it. */
  readonly #refreshing = new Set<Promise<void>>();
  /** Per id, the re-read under way and the one queued after it. */
  readonly #rereads = new Map<number, Reread>();
  #loaded = false;

  constructor(protected readonly app: FastifyInstance) {}

  /** Every document to hold, read once: all at once, or a batch at a time (the event loop turns between batches). */
  protected abstract readAll(): Promise<Iterable<T>> | AsyncIterable<T>;
  /** One document by key, or null when it no longer belongs here. */
  protected abstract readOne(id: number): Promise<T | null>;
  /** Keeps derived structures (an order, a name index) in step. */
  protected abstract stored(record: T, previous: T | undefined): void;
  protected abstract dropped(previous: T): void;

  /** Resolves once the collection is in memory (loading it on first use) and every change told so far is applied. */
  async current(): Promise<void> {
    this.#ready ??= this.#load();
    await this.#ready;
    while (this.#refreshing.size > 0) await Promise.all(this.#refreshing);
  }

  /** Whether the first load has finished (a reload after a restore keeps it true: reads wait for it). */
  get loaded(): boolean {
    return this.#loaded;
  }

  /** Starts over from the database (after a restore). */
  reload(): Promise<void> {
    for (const record of [...this.byId.values()]) this.#drop(record.id);
    this.#ready = this.#load();
    return this.#ready;
  }

  async #load(): Promise<void> {
    this.#changedWhileLoading = new Set();
    const started = Date.now();
    let records = 0;
    for await (const record of await this.readAll()) {
      this.#store(record);
      records++;
    }
    const changed = this.#changedWhileLoading;
    this.#changedWhileLoading = null;
    await Promise.all([...changed].map((id) => this.refresh(id)));
    this.#loaded = true;
    this.app.log.debug({ model: this.constructor.name, records, ms: Date.now() - started }, 'loaded');
  }

  /**
   * Re-reads one document by key and holds what it says now. One re-read of a document at a time: changes told while
   * one runs (twenty replies to one thread at once) share a single re-read after it, which sees them all.
   */
  refresh(id: number): Promise<void> {
    // A change before the first load starts it, and is read again after it like any change during it.
    this.#ready ??= this.#load();
    this.#changedWhileLoading?.add(id);
    const under = this.#rereads.get(id);
    if (!under) return this.track(this.#reread(id));
    under.next ??= this.track(under.running.catch(() => undefined).then(() => this.#reread(id)));
    return under.next;
  }

  #reread(id: number): Promise<void> {
    const running = this.readOne(id).then((record) => {
      if (record) this.#store(record);
      else this.#drop(id);
    });
    const reread: Reread = { running, next: null };
    this.#rereads.set(id, reread);
    // Runs before the next re-read starts (it waits on the same promise), which then takes the place.
    const settled = () => {
      if (this.#rereads.get(id) === reread && reread.next === null) this.#rereads.delete(id);
    };
    running.then(settled, settled);
    return running;
  }

  /** Work that updates this model, which reads wait for. */
  track(work: Promise<void>): Promise<void> {
    // A failed re-read is the caller's to report; readers only wait for it to end.
    const tracked = work.catch(() => undefined).finally(() => this.#refreshing.delete(tracked));
    this.#refreshing.add(tracked);
    return work;
  }

  /** Holds a record just read elsewhere (the session's own member), sparing a read. */
  hold(record: T): void {
    if (this.#changedWhileLoading === null && this.#ready !== null) this.#store(record);
  }

  /** How many records it holds. */
  get size(): number {
    return this.byId.size;
  }

  get(id: number): T | undefined {
    return this.byId.get(id);
  }

  #store(record: T): void {
    const previous = this.byId.get(record.id);
    this.byId.set(record.id, record);
    this.stored(record, previous);
  }

  #drop(id: number): void {
    const previous = this.byId.get(id);
    if (!previous) return;
    this.byId.delete(id);
    this.dropped(previous);
  }
}
