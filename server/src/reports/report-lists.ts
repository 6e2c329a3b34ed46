import type { ReportStatus } from '@enclave/protocol';
import type { Model } from 'mongoose';
import {
  append,
  byNumericId,
  type Database,
  findAllByNumericId,
  headOf,
  highestId,
  importIdLists,
  intent,
  isDuplicateKey,
  listId,
  type Migration,
  readRange,
  type StorageContext,
} from '../storage/index.ts';
import { reportModels } from './models.ts';
import type { ReportListItem, ReportRecord } from './report-model.ts';

/**
 * The queue and the resolved reports by key. Reports have dense numeric ids and are resolved once, so a block of
 * `BLOCK` ids is a unit: the lists `reports:{status}:{block}` hold the block's reports resolved so (in the order of
 * resolution), and the block's open reports are its ids less those. A page reads the heads of every block's lists
 * (one read together) and the items of the blocks it shows, sorted by id there: a list per status in the order of
 * resolution would show resolved reports in that order, not newest first as the spec has them.
 */
export const BLOCK = 500;
type Resolution = Exclude<ReportStatus, 'open'>;
const RESOLUTIONS: readonly Resolution[] = ['actioned', 'dismissed'];

export const resolvedList = (status: Resolution, block: number) => `reports:${status}:${block}`;
const blockOf = (id: number) => Math.floor((id - 1) / BLOCK);
const byId = (a: number, b: number) => a - b;
const items = (app: Database) => reportModels(app).ReportListItem as unknown as Model<ReportListItem>;

/** The highest report id each app has seen: the next look probes forward from it (one read when nothing is new). */
const seenHighest = new WeakMap<object, number>();

async function highestReport(app: Database): Promise<number> {
  const highest = await highestId(reportModels(app).Report, seenHighest.get(app.mongo) ?? 0);
  seenHighest.set(app.mongo, highest);
  return highest;
}

/** Ids first..last of block `block` that exist (up to `highest`). */
function idsOf(block: number, highest: number): number[] {
  const first = block * BLOCK + 1;
  return Array.from({ length: Math.max(0, Math.min(BLOCK, highest - first + 1)) }, (_, i) => first + i);
}

/**
 * What each app has read of each list: the head then and the report ids. A list only grows, so a longer head reads only
 * the items added since (a shorter one, after a restore, reads it again): a page reads the heads, and items once.
 */
const seenLists = new WeakMap<object, Map<string, { head: number; ids: number[] }>>();

/** The report ids listed under `status` in `block` (of `head` items), in no order. */
async function listedIn(app: StorageContext, status: Resolution, block: number, head: number): Promise<number[]> {
  const list = resolvedList(status, block);
  const lists = seenLists.get(app.mongo) ?? new Map<string, { head: number; ids: number[] }>();
  seenLists.set(app.mongo, lists);
  const seen = lists.get(list);
  const known = seen && seen.head <= head ? seen : { head: 0, ids: [] };
  if (known.head === head) return known.ids;
  const added = await readRange(app, items(app), list, known.head + 1, head, head);
  const read = { head: known.head + added.length, ids: [...known.ids, ...added.map((item) => item.reportId)] };
  lists.set(list, read);
  return read.ids;
}

const headsOf = (app: StorageContext, status: Resolution, blocks: number[]) =>
  Promise.all(blocks.map((block) => headOf(app, items(app), resolvedList(status, block))));

/** The reports with these ids, in this order (a report not there is left out). */
async function recordsOf(app: Database, ids: number[]): Promise<ReportRecord[]> {
  const found = new Map(
    (await findAllByNumericId<ReportRecord>(reportModels(app).Report, ids)).map((report) => [report.id, report]),
  );
  return ids.flatMap((id) => found.get(id) ?? []);
}

/**
 * The queue: the oldest `limit` open reports. Blocks whose every report is resolved are skipped by their heads; a
 * report resolved but not yet listed (its resolution under way) is left out by its own status.
 */
export async function openReports(app: StorageContext, limit: number): Promise<ReportRecord[]> {
  const highest = await highestReport(app);
  const blocks = Array.from({ length: highest === 0 ? 0 : blockOf(highest) + 1 }, (_, i) => i);
  const heads = await Promise.all(RESOLUTIONS.map((status) => headsOf(app, status, blocks)));
  // The blocks the page needs, by their open reports' count (their ids less their lists' items), read together.
  const needed: number[] = [];
  for (let block = 0, open = 0; block < blocks.length && open < limit; block++) {
    const resolved = RESOLUTIONS.reduce((sum, _, i) => sum + (heads[i]?.[block] ?? 0), 0);
    const count = idsOf(block, highest).length - resolved;
    if (count > 0) needed.push(block);
    open += Math.max(0, count);
  }
  const candidates = (
    await Promise.all(
      needed.map(async (block) => {
        const listed = await Promise.all(
          RESOLUTIONS.map((status, i) => listedIn(app, status, block, heads[i]?.[block] ?? 0)),
        );
        const resolved = new Set(listed.flat());
        return idsOf(block, highest).filter((id) => !resolved.has(id));
      }),
    )
  ).flat();
  const open: ReportRecord[] = [];
  while (candidates.length > 0 && open.length < limit) {
    const asked = candidates.splice(0, limit - open.length);
    const records = await recordsOf(app, asked);
    // A report missing where the memory said one was (a restore put back fewer): the memory comes back.
    if (records.length < asked.length) seenHighest.delete(app.mongo);
    open.push(...records.filter((report) => report.status === 'open'));
  }
  return open;
}

/** The newest `limit` reports resolved as `status`, newest first (by id, as they were reported). */
export async function resolvedReports(app: StorageContext, status: Resolution, limit: number): Promise<ReportRecord[]> {
  const highest = await highestReport(app);
  const blocks = Array.from({ length: highest === 0 ? 0 : blockOf(highest) + 1 }, (_, i) => i).reverse();
  const heads = await headsOf(app, status, blocks);
  const ids: number[] = [];
  for (const [i, block] of blocks.entries()) {
    if (ids.length >= limit) break;
    const head = heads[i] ?? 0;
    if (head > 0) ids.push(...[...(await listedIn(app, status, block, head))].sort(byId).reverse());
  }
  return recordsOf(app, ids.slice(0, limit));
}

/** Lists a resolved report in its status's list of its block (once: a second listing is refused by its `entry`). */
async function listResolved(app: StorageContext, id: number, status: Resolution): Promise<void> {
  const list = resolvedList(status, blockOf(id));
  try {
    await append(app, items(app), list, () => ({ reportId: id, entry: `${list}/${id}` }));
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
}

interface Resolving {
  id: number;
  status: Resolution;
  by: number;
  /** When, in ms. */
  at: number;
}

/** Writes the resolution on the report, then lists it: the same writes again when finished a second time. */
async function writeResolution(app: StorageContext, { id, status, by, at }: Resolving): Promise<ReportRecord> {
  const closed = await reportModels(app)
    .Report.findOneAndUpdate(
      byNumericId(id),
      { $set: { status, openKey: `closed:${id}`, resolvedBy: by, resolvedAt: new Date(at) } },
      { returnDocument: 'after' },
    )
    .lean<ReportRecord>();
  await listResolved(app, id, status);
  return closed as ReportRecord;
}

/** A resolution being written and listed: recorded first, so a crash between leaves it for the start-up sweep. */
export const reportResolution = intent<Resolving, StorageContext>('report-resolution', writeResolution);

/** Resolves report `id` (its resolution already claimed) as `status`, by member `by`, and lists it. */
export async function resolveReport(
  app: StorageContext,
  id: number,
  status: Resolution,
  by: number,
): Promise<ReportRecord> {
  const resolving = { id, status, by, at: Date.now() };
  await reportResolution.begin(app, String(id), resolving);
  const closed = await writeResolution(app, resolving);
  await reportResolution.done(app, String(id));
  return closed;
}

/**
 * The lists for reports resolved before them: every report's status, read once (a scan, at start, once), each
 * resolved one listed in its block in id order. Idempotent (`importList` keeps what is stored); the app serves after.
 */
export const reportListsMigration: Migration = {
  name: 'report-lists',
  async run(app, progress) {
    const reports = await reportModels(app)
      .Report.find({}, { id: 1, status: 1 })
      .sort({ id: 1 })
      .lean<Pick<ReportRecord, 'id' | 'status'>[]>();
    const lists = new Map<string, number[]>();
    for (const { id, status } of reports) {
      if (status !== 'open') listId(lists, resolvedList(status, blockOf(id)), id);
    }
    await importIdLists(
      app,
      items(app),
      lists,
      (list, reportId) => ({ reportId, entry: `${list}/${reportId}` }),
      (done) => progress(done, reports.length),
    );
  },
};
