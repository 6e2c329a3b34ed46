import { type Model, type mongo, Schema } from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { commandsDuring, roundTripsDuring } from '../test/scans.ts';
import { finishIntents } from './intents.ts';
import {
  append,
  appendAfter,
  BUCKET,
  deleteList,
  firstSince,
  forgetLists,
  headOf,
  itemsReadByKey,
  type ListItem,
  readAtHead,
  readBucket,
  readGrown,
  readLast,
  readNewest,
  readRange,
  rewriteItem,
  trimList,
  writeBucket,
} from './keyed-list.ts';
import { storageModels } from './storage-models.ts';

interface Note extends ListItem {
  text: string;
}

let app: App;
let other: App;
let Notes: Model<Note>;
let OtherNotes: Model<Note>;
/** A list read by key: its appends keep no buckets. */
let Ids: Model<Note>;

const noteSchema = new Schema<Note>({ _id: String, list: String, n: Number, text: String }, { versionKey: false });
interface TimedNote extends Note {
  createdAt: Date;
}
let TimedNotes: Model<TimedNote>;

beforeAll(async () => {
  app = await createTestApp();
  // A second process on the same database: its appends are not queued with the first one's.
  other = await createTestApp({}, app.config.database);
  Notes = app.mongo.model('KeyedNote', noteSchema);
  OtherNotes = other.mongo.model('KeyedNote', noteSchema);
  Ids = app.mongo.model(
    'KeyedId',
    itemsReadByKey(new Schema<Note>({ _id: String, list: String, n: Number, text: String }, { versionKey: false })),
  );
  TimedNotes = app.mongo.model(
    'TimedNote',
    new Schema<TimedNote>(
      { _id: String, list: String, n: Number, text: String, createdAt: Date },
      { versionKey: false },
    ),
  );
});

const numbers = (items: ListItem[]) => items.map((item) => item.n);
const oneTo = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

describe('keyed lists', () => {
  it('gives 100 concurrent appends from two processes the numbers 1-100, with no gap and no duplicate', async () => {
    const list = 'race:1';
    await Promise.all(
      oneTo(100).map((i) => append(i % 2 ? app : other, i % 2 ? Notes : OtherNotes, list, () => ({ text: `${i}` }))),
    );
    expect(await headOf(app, Notes, list)).toBe(100);
    const all = await readRange(app, Notes, list, 1, 100);
    expect(numbers(all)).toEqual(oneTo(100));
    expect(new Set(all.map((item) => item.text)).size).toBe(100);
    expect(await Notes.countDocuments({ list })).toBe(100);
  });

  it('writes appends that arrive together in one process in a few commands, numbered in arrival order', async () => {
    const list = 'together:1';
    await append(app, Notes, list, () => ({ text: 'first' }));
    // Across a bucket's edge, so one batch pushes onto two buckets.
    const commands = await commandsDuring(app, () =>
      Promise.all(oneTo(BUCKET + 5).map((i) => append(app, Notes, list, () => ({ text: `${i}` })))),
    );
    const all = await readRange(app, Notes, list, 1, BUCKET + 6);
    expect(all.map((item) => item.text)).toEqual(['first', ...oneTo(BUCKET + 5).map(String)]);
    expect(commands.filter((command) => command === 'insert keyednotes').length).toBeLessThanOrEqual(2);
    expect(commands.filter((command) => command === 'update listbuckets').length).toBeLessThanOrEqual(3);
  });

  it('writes the next batch while the one before settles, and answers an append once its own writes are done', async () => {
    const list = 'turns:1';
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let answered = false;
    const first = append(app, Notes, list, () => ({ text: 'first' }), { alongside: () => held }).then((item) => {
      answered = true;
      return item;
    });
    await expect.poll(() => Notes.exists({ _id: `${list}:1` })).toBeTruthy();
    // The first one's alongside write is still under way: the second is stored and answered meanwhile.
    expect((await append(app, Notes, list, () => ({ text: 'second' }))).n).toBe(2);
    expect(answered).toBe(false);
    release();
    expect((await first).n).toBe(1);
  });

  it('answers an append made to answer once stored before its bucket push, which follows', async () => {
    const list = 'stored-first:1';
    const client = app.mongo.getClient();
    const pushes = new Set<number>();
    const order: string[] = [];
    const started = (event: mongo.CommandStartedEvent) => {
      if (event.commandName === 'update' && event.command.update === 'listbuckets') pushes.add(event.requestId);
    };
    const succeeded = (event: mongo.CommandSucceededEvent) => {
      if (pushes.has(event.requestId)) order.push('pushed');
    };
    client.on('commandStarted', started);
    client.on('commandSucceeded', succeeded);
    await append(app, Notes, list, () => ({ text: 'first' }), { answerOnceStored: true });
    order.push('answered');
    await app.settled();
    client.off('commandStarted', started);
    client.off('commandSucceeded', succeeded);
    expect(order).toEqual(['answered', 'pushed']);
    expect((await readBucket<Note>(app, list, 0)).map((item) => item.text)).toEqual(['first']);
  });

  it('refuses an append judged on the item before it in its batch, and numbers the next after the last stored', async () => {
    const list = 'judged:1';
    // A running total that may not pass 5: a rule on the previous item, as a balance is.
    const add = (amount: number) =>
      appendAfter(app, Notes, list, (_n, previous) => {
        const total = Number(previous?.text ?? 0) + amount;
        if (total > 5) throw new Error('over');
        return { text: String(total) };
      });
    const answers = await Promise.allSettled(oneTo(8).map(() => add(1)));
    expect(answers.filter((answer) => answer.status === 'fulfilled').length).toBe(5);
    const all = await readRange(app, Notes, list, 1, 10);
    expect(all.map((item) => item.text)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('makes an append on the last item this process appended without reading it, and on the true one after another process appended', async () => {
    const list = 'extended:1';
    const total = (target: App, model: Model<Note>, amount: number) =>
      appendAfter(target, model, list, (_n, previous) => ({ text: String(Number(previous?.text ?? 0) + amount) }));
    await total(app, Notes, 1);
    const commands = await commandsDuring(app, () => total(app, Notes, 2));
    expect(commands.filter((command) => command.startsWith('find keyednotes'))).toEqual([]);
    // Another process extends the list: this one's remembered item is no longer the last.
    await total(other, OtherNotes, 10);
    expect((await total(app, Notes, 100)).text).toBe('113');
    expect((await readRange(app, Notes, list, 1, 4)).map((item) => item.text)).toEqual(['1', '3', '13', '113']);
  });

  it('reads the last item of a list another process wrote in two round trips, and an append on it then only inserts', async () => {
    const list = 'last:1';
    const total = (target: App, model: Model<Note>, amount: number) =>
      appendAfter(target, model, list, (_n, previous) => ({ text: String(Number(previous?.text ?? 0) + amount) }));
    expect(await readLast(app, Notes, 'last:none')).toBeNull();
    // 11 items: the stored hint trails the head (written at 8), so the head is among the items read past it.
    for (const i of oneTo(11)) await total(other, OtherNotes, i);
    await other.settled();
    expect(await roundTripsDuring(app, async () => expect((await readLast(app, Notes, list))?.text).toBe('66'))).toBe(
      2,
    );
    const commands = await commandsDuring(app, () => total(app, Notes, 100));
    expect(commands.filter((command) => command.startsWith('find'))).toEqual([]);
    // Past the hint's reach (9 items read, all found): the head is searched for.
    for (const i of oneTo(12)) await total(other, OtherNotes, i);
    expect((await readLast(app, Notes, list))?.n).toBe(24);
    expect((await total(app, Notes, 1000)).text).toBe(String(66 + 100 + 78 + 1000));
  });

  it('reads a page across buckets, and completes a bucket that lacks items by key', async () => {
    const list = 'pages:1';
    for (const i of oneTo(BUCKET + 10)) await append(app, Notes, list, () => ({ text: `note ${i}` }));
    await storageModels(app).ListBucket.deleteOne({ _id: `${list}#0` });
    const page = await readRange(app, Notes, list, BUCKET - 4, BUCKET + 5);
    expect(numbers(page)).toEqual(oneTo(10).map((i) => BUCKET - 5 + i));
    expect(page[0]?.text).toBe(`note ${BUCKET - 4}`);
  });

  it('reads a bucket whose pushes raced (items out of order, one lost) in order, and rebuilds it', async () => {
    const list = 'raced:1';
    for (const i of oneTo(6)) await append(app, Notes, list, () => ({ text: `note ${i}` }));
    const [one, two, three, , five, six] = (await readBucket<Note>(app, list, 0)) as Note[];
    await writeBucket(app, list, 0, [one, three, two, six, five] as Note[]);
    expect((await readRange(app, Notes, list, 1, 6)).map((item) => item.text)).toEqual(
      oneTo(6).map((i) => `note ${i}`),
    );
    await expect.poll(async () => numbers(await readBucket(app, list, 0))).toEqual(oneTo(6));
  });

  it('stores the head hint once every few appends; a process that has not seen the list finds the head in three reads', async () => {
    const list = 'hinted:1';
    const commands = await commandsDuring(app, async () => {
      for (const i of oneTo(20)) await append(app, Notes, list, () => ({ text: `${i}` }));
      await app.settled();
    });
    expect(commands.filter((command) => command === 'update listheads').length).toBeLessThanOrEqual(3);
    const reads = await commandsDuring(other, async () => expect(await headOf(other, OtherNotes, list)).toBe(20));
    expect(reads.length).toBeLessThanOrEqual(3);
  });

  it('keeps no buckets for a list read by key, and pages it by key', async () => {
    const list = 'by-key:1';
    for (const i of oneTo(BUCKET + 3)) await append(app, Ids, list, () => ({ text: `${i}` }));
    expect(await storageModels(app).ListBucket.countDocuments({ _id: { $in: [`${list}#0`, `${list}#1`] } })).toBe(0);
    const page = await readRange(app, Ids, list, BUCKET - 1, BUCKET + 3);
    expect(page.map((item) => item.text)).toEqual(['49', '50', '51', '52', '53']);
    await app.settled();
    expect(await storageModels(app).ListBucket.countDocuments({ _id: { $in: [`${list}#0`, `${list}#1`] } })).toBe(0);
  });

  it('appends to a trimmed list above what another process deleted, whatever this one remembers', async () => {
    const list = 'trimmed:1';
    for (const i of oneTo(5)) await append(app, Notes, list, () => ({ text: `${i}` }), { trimmed: true });
    for (const i of oneTo(10)) await append(other, OtherNotes, list, () => ({ text: `other ${i}` }), { trimmed: true });
    await trimList(other, OtherNotes, list, 1, 12);
    // This process remembers 5 as the head; 6 is free again, and nobody reads below 13.
    const next = await append(app, Notes, list, () => ({ text: 'next' }), { trimmed: true });
    expect(next.n).toBe(16);
  });

  it('finds the true head from a stale stored hint, in a process that has not seen the list', async () => {
    const list = 'stale:1';
    for (const i of oneTo(7)) await append(app, Notes, list, () => ({ text: `${i}` }));
    await storageModels(app).ListHead.updateOne({ _id: list }, { n: 1 });
    expect(await headOf(other, OtherNotes, list)).toBe(7);
  });

  it('finds appends another process made past the head this one remembers', async () => {
    const list = 'remembered:1';
    for (const i of oneTo(3)) await append(app, Notes, list, () => ({ text: `${i}` }));
    for (const i of oneTo(4)) await append(other, OtherNotes, list, () => ({ text: `other ${i}` }));
    expect(await headOf(app, Notes, list)).toBe(7);
    expect((await append(app, Notes, list, () => ({ text: 'next' }))).n).toBe(8);
  });

  it('reads a growing list whole once, then only what any process appended since, and all of it again after a restore', async () => {
    const list = 'grown:1';
    const texts = async (target: App, model: Model<Note>) =>
      (await readGrown(target, model, list)).map((item) => item.text);
    await Promise.all(oneTo(BUCKET + 3).map((i) => append(app, Notes, list, () => ({ text: `${i}` }))));
    expect(await texts(app, Notes)).toEqual(oneTo(BUCKET + 3).map(String));
    // Nothing new: one probe past the head, no bucket decoded.
    const unchanged = await commandsDuring(app, () => texts(app, Notes));
    expect(unchanged).toEqual(['find keyednotes']);
    await append(other, OtherNotes, list, () => ({ text: 'elsewhere' }));
    const grown = await commandsDuring(app, async () =>
      expect(await texts(app, Notes)).toEqual([...oneTo(BUCKET + 3).map(String), 'elsewhere']),
    );
    expect(grown.filter((command) => command === 'find listbuckets')).toHaveLength(1);
    // What this process appends it knows as stored: the next read probes past it and reads nothing back.
    await Promise.all(['here 1', 'here 2'].map((text) => append(app, Notes, list, () => ({ text }))));
    const own = await commandsDuring(app, async () =>
      expect((await texts(app, Notes)).slice(-3)).toEqual(['elsewhere', 'here 1', 'here 2']),
    );
    expect(own).toEqual(['find keyednotes']);
    // A restore put back the list as it was with two items: every process forgets what it read of it.
    await deleteList(other, OtherNotes, list);
    await storageModels(app).ListHead.deleteOne({ _id: list });
    for (const target of [app, other]) forgetLists(target);
    for (const i of oneTo(2)) await append(other, OtherNotes, list, () => ({ text: `restored ${i}` }));
    expect(await texts(app, Notes)).toEqual(['restored 1', 'restored 2']);
  });

  it("reads a page at a head it has seen in one round trip with the head's probe, and again when the head moved", async () => {
    const list = 'at-head:1';
    await Promise.all(oneTo(BUCKET + 5).map((i) => append(app, Notes, list, () => ({ text: `${i}` }))));
    const newestTen = async (target: App, model: Model<Note>) =>
      (await readAtHead(target, model, list, (head) => [head - 9, head])).items.map((item) => item.text);
    const lastTen = (texts: string[]) => texts.slice(-10);
    expect(await newestTen(app, Notes)).toEqual(lastTen(oneTo(BUCKET + 5).map(String)));
    // Two buckets (46-50, 51-55) and the probe of 56, all at once.
    expect(await roundTripsDuring(app, () => newestTen(app, Notes))).toBe(1);
    await append(other, OtherNotes, list, () => ({ text: 'elsewhere' }));
    expect(await newestTen(app, Notes)).toEqual(lastTen([...oneTo(BUCKET + 5).map(String), 'elsewhere']));
    // A process that never saw the list: the probe first, then the page.
    expect(await newestTen(other, OtherNotes)).toEqual(await newestTen(app, Notes));
  });

  it('finds the first item since a time, for any time asked in any order, as a scan of the list would', async () => {
    const list = 'timed:1';
    const start = Date.UTC(2026, 0, 1);
    const minute = 60_000;
    // 37 items a minute apart, then 3 more in the same minute as the last.
    const times = [...oneTo(37).map((i) => start + i * minute), ...oneTo(3).map(() => start + 37 * minute)];
    for (const time of times) await append(app, TimedNotes, list, () => ({ text: '', createdAt: new Date(time) }));
    const head = await headOf(app, TimedNotes, list);
    const asked = [5, 6, 30, 0, 37, 38, 12, 36.5, 100, 1].map((minutes) => new Date(start + minutes * minute));
    for (const since of asked) {
      const expected = times.findIndex((time) => time >= since.getTime()) + 1 || head + 1;
      expect(await firstSince(app, TimedNotes, list, since, head)).toBe(expected);
    }
  });

  it('forgets remembered heads when older data is put back, so the next append leaves no gap', async () => {
    const list = 'restored:1';
    for (const i of oneTo(5)) await append(app, Notes, list, () => ({ text: `${i}` }));
    // What a restore of a backup taken at two items does to the list.
    await Notes.deleteMany({ list, n: { $gt: 2 } });
    await storageModels(app).ListHead.updateOne({ _id: list }, { n: 2 });
    forgetLists(app);
    expect((await append(app, Notes, list, () => ({ text: 'after the restore' }))).n).toBe(3);
  });

  it('shows a rewritten item in its bucket, and start-up finishes a rewrite a crash left marked', async () => {
    const list = 'rewrite:1';
    for (const i of oneTo(3)) await append(app, Notes, list, () => ({ text: `${i}` }));
    await rewriteItem(app, Notes, list, 2, { text: 'changed' });
    expect((await readRange(app, Notes, list, 1, 3)).map((item) => item.text)).toEqual(['1', 'changed', '3']);
    expect(await storageModels(app).Intent.countDocuments()).toBe(0);

    // A crash after the item changed and before its bucket was rebuilt.
    const bucket = { list, bucket: 0, model: Notes.modelName };
    await storageModels(app).Intent.create({
      _id: `bucket-repair:${list}#0`,
      kind: 'bucket-repair',
      payload: bucket,
      at: new Date(),
    });
    await Notes.updateOne({ _id: `${list}:3` }, { text: 'crashed' });
    expect(await finishIntents(app)).toBe(1);
    expect(await storageModels(app).Intent.countDocuments()).toBe(0);
    expect((await readRange(app, Notes, list, 1, 3)).map((item) => item.text)).toEqual(['1', 'changed', 'crashed']);
  });

  it('deletes a whole list, items and buckets, and reads the newest items back from the head', async () => {
    const list = 'gone:1';
    for (const i of oneTo(BUCKET + 3)) await append(app, Notes, list, () => ({ text: `${i}` }));
    const newest = await readNewest(app, Notes, list, (item) => item.n > BUCKET - 2);
    expect(numbers(newest)).toEqual(oneTo(5).map((i) => BUCKET - 2 + i));
    await deleteList(app, Notes, list);
    expect(await Notes.countDocuments({ list })).toBe(0);
    expect(await storageModels(app).ListBucket.countDocuments({ _id: { $in: [`${list}#0`, `${list}#1`] } })).toBe(0);
    expect(await readRange(app, Notes, list, 1, BUCKET + 3)).toEqual([]);
  });
});
