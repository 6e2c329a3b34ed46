import type { FastifyInstance } from 'fastify';
import { type Model, Schema } from 'mongoose';
import { runSweep } from '../periodic.ts';
import { deleteByIds } from './ids.ts';
import { append, deleteList, headOf, readRange } from './keyed-list.ts';
import { itemKey, itemsReadByKey, type ListItem, listItemFields } from './list-item.ts';
import { storageModels } from './storage-models.ts';

/**
 * Records kept for a while and then removed (a member's sessions and activity log): one keyed list per owner per
 * calendar month, `{prefix}:{owner}:{YYYY-MM}`, so whole months go at once and nothing is removed from the middle
 * of a list. The first append to a month's list names it in that month's register, the keyed list
 * `expiring:{YYYY-MM}`; once every instant of a month is older than the retention, the sweep reads that register
 * and removes what it names, all by key. Nothing is scanned, and nothing of this runs on a request.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;
/** The first sweep waits a little, so a start (and a test) does not pay for it. */
const FIRST_SWEEP_MS = 60 * 1000;
/** How far back a sweep looks for months never swept (a server that was off for a long time). */
const SWEEP_BACK_MONTHS = 24;

/**
 * What a kind of monthly record is stored as: the prefix of its lists, the model of its items, and the models that
 * keep a document per item under the item's key (a session's end, its last-seen), removed with it.
 */
export interface MonthlyKind {
  prefix: string;
  model: string;
  companions?: string[];
}

/** A register entry: a list to remove, and where its items and their companions are stored. */
export const expiringListSchema = itemsReadByKey(
  new Schema(
    {
      ...listItemFields,
      target: { type: String, required: true },
      model: { type: String, required: true },
      companions: { type: [String], default: [] },
    },
    { versionKey: false },
  ),
);
type ExpiringItem = ListItem & { target: string; model: string; companions: string[] };

/** A month whose register has been swept, under `_id` the month. */
export const sweptMonthSchema = new Schema({ _id: String, at: { type: Date, required: true } }, { versionKey: false });

export const monthOf = (at: Date) => at.toISOString().slice(0, 7);

function shiftMonth(month: string, by: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return monthOf(new Date(Date.UTC(year, index - 1 + by, 1)));
}
export const monthBefore = (month: string) => shiftMonth(month, -1);

export const monthlyList = (prefix: string, owner: number, month: string) => `${prefix}:${owner}:${month}`;
const registerOf = (month: string) => `expiring:${month}`;

/** A record's id among its owner's records, `{YYYY-MM}.{n}`: the month of its list and its number there. */
export const recordIdOf = (item: ListItem) => `${item.list.slice(-7)}.${item.n}`;

/** The list and number a record id names among `owner`'s records, or null for anything else. */
export function recordAt(prefix: string, owner: number, id: string): { list: string; n: number } | null {
  const match = /^([0-9]{4}-[0-9]{2})\.([1-9][0-9]{0,8})$/.exec(id);
  return match ? { list: monthlyList(prefix, owner, match[1] as string), n: Number(match[2]) } : null;
}

/** The months that may hold records since `since`, newest first. */
export function monthsSince(since: Date, now = new Date()): string[] {
  const months: string[] = [];
  for (let month = monthOf(now); month >= monthOf(since); month = monthBefore(month)) months.push(month);
  return months;
}

const modelNamed = (app: FastifyInstance, name: string) => app.mongo.model(name) as unknown as Model<ListItem>;
const registers = (app: FastifyInstance) => storageModels(app).ExpiringList as unknown as Model<ExpiringItem>;

/** Appends to this month's list of `owner`, naming the list in the month's register when it starts. */
export async function appendMonthly<T extends ListItem>(
  app: FastifyInstance,
  kind: MonthlyKind,
  owner: number,
  make: (n: number) => Omit<T, '_id' | 'list' | 'n'>,
): Promise<T> {
  const month = monthOf(new Date());
  const list = monthlyList(kind.prefix, owner, month);
  const named = { target: list, model: kind.model, companions: kind.companions ?? [] };
  return append(app, modelNamed(app, kind.model) as unknown as Model<T>, list, async (n) => {
    // Named before its first item is stored, so a crash can leave a name without a list (harmless) but never a
    // list without a name; two processes racing for item 1 may both name it, and removing it twice is harmless.
    if (n === 1) await append(app, registers(app), registerOf(month), () => named);
    return make(n);
  });
}

/**
 * Removes one list with its items' companions, all by key. Its month is over, so nothing appends to it again:
 * its head hint goes too (deleteList keeps it for lists that may grow again).
 */
async function removeMonthly(app: FastifyInstance, { target, model, companions }: Omit<ExpiringItem, keyof ListItem>) {
  const items = modelNamed(app, model);
  const keys = Array.from({ length: await headOf(app, items, target) }, (_, i) => itemKey(target, i + 1));
  for (const companion of companions) await deleteByIds(modelNamed(app, companion).collection, keys);
  await deleteList(app, items, target);
  await storageModels(app).ListHead.deleteOne({ _id: target });
}

/** Removes every record of `owner` of this kind now (an account deleted): the months the sweep has not reached. */
export async function removeOwnerRecords(
  app: FastifyInstance,
  kind: MonthlyKind,
  owner: number,
  retentionDays: number,
): Promise<void> {
  const unswept = monthsSince(new Date(Date.now() - (retentionDays + 31) * DAY_MS));
  for (const month of unswept) {
    await removeMonthly(app, {
      target: monthlyList(kind.prefix, owner, month),
      model: kind.model,
      companions: kind.companions ?? [],
    });
  }
}

/**
 * Removes every list of every month whose last instant is older than `retentionDays`, oldest month first, and
 * marks each month swept; months already swept end the walk back. Answers the number of lists removed. Safe to
 * run in two processes at once: every removal is by key and idempotent.
 */
export async function removeExpiredMonths(
  app: FastifyInstance,
  retentionDays: number,
  now = new Date(),
): Promise<number> {
  const due: string[] = [];
  let month = monthBefore(monthOf(new Date(now.getTime() - retentionDays * DAY_MS)));
  while (due.length < SWEEP_BACK_MONTHS && !(await storageModels(app).SweptMonth.exists({ _id: month }))) {
    due.unshift(month);
    month = monthBefore(month);
  }
  let removed = 0;
  for (const expired of due) {
    const register = registerOf(expired);
    for (const entry of await readRange(app, registers(app), register, 1, Number.MAX_SAFE_INTEGER)) {
      await removeMonthly(app, entry);
      removed += 1;
    }
    await removeMonthly(app, { target: register, model: 'ExpiringList', companions: [] });
    await storageModels(app).SweptMonth.updateOne({ _id: expired }, { $set: { at: now } }, { upsert: true });
  }
  return removed;
}

/** Sweeps a minute after start and every six hours after that, in the background. */
export function scheduleMonthlySweep(app: FastifyInstance, retentionDays: number): void {
  const sweep = () =>
    void runSweep(app, 'retention sweep', () => removeExpiredMonths(app, retentionDays)).then(
      (removed) => removed && app.log.info({ removed }, 'expired monthly lists removed'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setTimeout(function again() {
      sweep();
      timer = setTimeout(again, SWEEP_EVERY_MS).unref();
    }, FIRST_SWEEP_MS).unref();
  });
  app.addHook('onClose', async () => clearTimeout(timer));
}
