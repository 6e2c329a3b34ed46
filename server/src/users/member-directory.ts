import type { AdminUsersQuery, PublicUser } from '@enclave/protocol';
import { LIMITS } from '@enclave/protocol';
import { emailKey, usernameKey } from '../auth/service.ts';
import { CreationTimes } from '../read-models/creation-times.ts';
import { ReadModel } from '../read-models/read-model.ts';
import { byNumericId, findAllByNumericId, findByNumericId } from '../storage/index.ts';
import { userModels } from './models.ts';
import { NameIndex } from './name-index.ts';
import { presentPublicUser } from './presenter.ts';
import type { UserRecord } from './user-model.ts';

/** A member as lists show them: never their password hash or verification code. */
export type MemberCard = Omit<UserRecord, 'passwordHash' | 'verification'>;

/**
 * A member without their secrets. The directory holds whole documents for the session check; whatever it hands
 * out to be listed or presented is a copy without them, so no presenter or push can carry one by accident.
 */
function cardOf({ passwordHash: _hash, verification: _code, ...card }: UserRecord): MemberCard {
  return card;
}

/** Both states are of a live member with the same name and email: the name index has nothing to change. */
const sameNames = (a: UserRecord | undefined, b: UserRecord | undefined) =>
  !!a && !!b && !a.deletedAt && !b.deletedAt && a.usernameKey === b.usernameKey && a.email === b.email;

/**
 * Every member in memory: authors' names and pictures on every list, lookups by name and email,
 * the console's users table and counts, and the session check's member, without reading the users
 * collection per request. It holds whole documents, since the signed-in member's own routes (password,
 * verification) need them; everything that lists members is typed to the card.
 */
export class MemberDirectory extends ReadModel<UserRecord> {
  readonly #byName = new Map<string, number>();
  readonly #byEmail = new Map<string, number>();
  /** The live members by id, name and email: the users table's pages and the pickers' prefixes. */
  readonly #names = new NameIndex();
  /** When each live account was created: the console's counts. */
  readonly #created = new CreationTimes();
  /** Live staff accounts: told of every thread queued for approval (a scan of 40,000 members took 5 ms each). */
  readonly #staff = new Set<number>();
  /** Each held member as anyone may see them, presented once per version of the member (until a mute ends). */
  readonly #shown = new WeakMap<UserRecord, { card: PublicUser; until: number }>();

  /** A batch of 2,000 a round trip: the driver's default asks FerretDB for 101 at a time, 80 round trips at 8,000. */
  protected async *readAll(): AsyncIterable<UserRecord> {
    const users = userModels(this.app).User.find({}).lean<UserRecord[]>().cursor({ batchSize: 2000 });
    yield* users;
  }

  protected async readOne(id: number): Promise<UserRecord | null> {
    return userModels(this.app).User.findOne(byNumericId(id)).lean<UserRecord>();
  }

  /**
   * The member as stored, for the session check of every request. Once loaded, from memory: every write to a
   * member is told (here before its call answers, elsewhere within milliseconds, before that process signs the
   * member's sockets out), and a read waits for the re-reads under way. Before the load, or for a member this
   * process has not heard of yet, one read by key.
   */
  async member(id: number): Promise<UserRecord | null> {
    if (this.loaded) {
      await this.current();
      const held = this.get(id);
      if (held) return held;
    }
    return findByNumericId<UserRecord>(userModels(this.app).User, id);
  }

  /** Starts over from the database: the name index at once, not member by member. */
  override reload(): Promise<void> {
    this.#names.clear();
    return super.reload();
  }

  protected stored(record: UserRecord, previous: UserRecord | undefined): void {
    if (previous) this.dropped(previous, record);
    this.#byName.set(record.usernameKey, record.id);
    this.#byEmail.set(record.email, record.id);
    if (!record.deletedAt) this.#created.add(record.createdAt);
    if (!record.deletedAt && !sameNames(previous, record)) this.#names.add(record);
    if (!record.deletedAt && (record.isAdmin || record.isModerator)) this.#staff.add(record.id);
  }

  /** `next` is the member's new state when one replaces it (a balance, a mute: the names stay where they are). */
  protected dropped(previous: UserRecord, next?: UserRecord): void {
    if (!previous.deletedAt) this.#created.remove(previous.createdAt);
    this.#staff.delete(previous.id);
    if (!previous.deletedAt && !sameNames(previous, next)) this.#names.remove(previous);
    if (this.#byName.get(previous.usernameKey) === previous.id) this.#byName.delete(previous.usernameKey);
    if (this.#byEmail.get(previous.email) === previous.id) this.#byEmail.delete(previous.email);
  }

  /** The member holding this name (any case), or undefined. */
  async idByName(username: string): Promise<number | undefined> {
    await this.current();
    return this.#byName.get(usernameKey(username));
  }

  async idByEmail(email: string): Promise<number | undefined> {
    await this.current();
    return this.#byEmail.get(emailKey(email));
  }

  /**
   * The members among `ids`: from memory once loaded, and until then (the first seconds after a start) read by key,
   * so that no page waits for the whole directory.
   */
  async #some(ids: Iterable<number | null | undefined>): Promise<UserRecord[]> {
    if (!this.loaded) {
      const wanted = [...new Set(ids)].filter((id): id is number => typeof id === 'number');
      return findAllByNumericId<UserRecord>(userModels(this.app).User, wanted);
    }
    await this.current();
    // A member named twice is found twice: each caller keys them by id. (Every list read asks for its 50 authors.)
    const found: UserRecord[] = [];
    for (const id of ids) {
      const member = typeof id === 'number' ? this.get(id) : undefined;
      if (member) found.push(member);
    }
    return found;
  }

  /** The members among `ids` that are held, deleted ones included (they present as 'Anonymous'). */
  async cards(ids: Iterable<number | null | undefined>): Promise<Map<number, MemberCard>> {
    return new Map((await this.#some(ids)).map((member) => [member.id, cardOf(member)]));
  }

  /**
   * The live members among `ids` as anyone may see them (a deleted one is absent: shown as 'Anonymous'). Every list
   * shows its authors: each is presented once and shared, not copied and presented per request (issue #14).
   */
  async shown(ids: Iterable<number | null | undefined>): Promise<Map<number, PublicUser>> {
    const now = Date.now();
    const shown = new Map<number, PublicUser>();
    for (const member of await this.#some(ids)) {
      if (member.deletedAt || shown.has(member.id)) continue;
      let held = this.#shown.get(member);
      if (!held || held.until <= now) {
        const mutedUntil = member.mutedUntil?.getTime() ?? 0;
        held = { card: Object.freeze(presentPublicUser(member)), until: mutedUntil > now ? mutedUntil : Infinity };
        this.#shown.set(member, held);
      }
      shown.set(member.id, held.card);
    }
    return shown;
  }

  /**
   * The console's users table: live accounts, newest first, matching `q` in name (or email, `byEmail`). A page walks
   * the ids that may match, newest first from `before` (`NameIndex`), until it is full.
   */
  async page(query: AdminUsersQuery, { byEmail }: { byEmail: boolean }): Promise<MemberCard[]> {
    await this.current();
    const needle = query.q?.trim().toLowerCase();
    const limit = query.limit ?? LIMITS.pageSizeMax;
    const matches = (member: UserRecord) =>
      !needle || member.usernameKey.includes(needle) || (byEmail && member.email.includes(needle));
    return this.#first(this.#names.newestFirst(query.before, needle), limit, matches);
  }

  /**
   * Members whose usernames start with `prefix` (any case), alphabetically, for a picker: live accounts only, not
   * `viewerId`, and never a member who hides their profile (they are found by their exact name alone).
   */
  async suggestions(prefix: string, viewerId: number, limit: number): Promise<MemberCard[]> {
    await this.current();
    const shown = (member: UserRecord) => member.id !== viewerId && !member.privacy?.hideProfile;
    return this.#first(this.#names.withPrefix(usernameKey(prefix)), limit, shown);
  }

  /** The first `limit` members among `ids` (in their order) for which `keep` holds. */
  #first(ids: Iterable<number>, limit: number, keep: (member: UserRecord) => boolean): MemberCard[] {
    const found: MemberCard[] = [];
    for (const id of ids) {
      if (found.length >= limit) break;
      const member = this.get(id);
      if (member && !member.deletedAt && keep(member)) found.push(cardOf(member));
    }
    return found;
  }

  /** Live staff accounts (admins and moderators): who hears of the approval and report queues. */
  async staffIds(): Promise<number[]> {
    await this.current();
    return [...this.#staff];
  }

  /** Live accounts, all or created since `since`. */
  async count(since: Date | null): Promise<number> {
    await this.current();
    return this.#created.count(since);
  }
}
