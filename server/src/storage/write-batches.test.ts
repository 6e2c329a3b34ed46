import { type Model, Schema } from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { commandsDuring } from '../test/scans.ts';
import { isDuplicateKey } from './ids.ts';
import { deleteDocument, insertDocument, updateDocument } from './write-batches.ts';

interface Tally {
  _id: string;
  count: number;
}

let app: App;
let Tallies: Model<Tally>;

beforeAll(async () => {
  app = await createTestApp();
  Tallies = app.mongo.model('BatchedTally', new Schema<Tally>({ _id: String, count: Number }, { versionKey: false }));
});

const oneTo = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

describe('writes by _id sent together', () => {
  it('sends the writes that arrive together in one command, and answers each', async () => {
    const commands = await commandsDuring(app, () =>
      Promise.all(oneTo(30).map((i) => insertDocument(Tallies, { _id: `t${i}`, count: i }))),
    );
    expect(commands).toEqual(['insert batchedtallies']);
    const updates = await commandsDuring(app, () =>
      Promise.all(oneTo(30).map((i) => updateDocument(Tallies, `t${i}`, { $set: { count: i * 10 } }))),
    );
    expect(updates).toEqual(['update batchedtallies']);
    expect((await Tallies.findById('t7').lean())?.count).toBe(70);
  });

  it('refuses one write of a batch alone, with its code, and keeps the others', async () => {
    await insertDocument(Tallies, { _id: 'taken', count: 1 });
    const answers = await Promise.allSettled(
      ['free-1', 'taken', 'free-2'].map((_id) => insertDocument(Tallies, { _id, count: 2 })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(isDuplicateKey((answers[1] as PromiseRejectedResult).reason)).toBe(true);
    expect(await Tallies.countDocuments({ _id: { $in: ['free-1', 'taken', 'free-2'] } })).toBe(3);
    await Promise.all(['free-1', 'free-2'].map((_id) => deleteDocument(Tallies, _id)));
    expect(await Tallies.countDocuments({ _id: { $in: ['free-1', 'free-2'] } })).toBe(0);
  });
});
