import { type Model, Schema } from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { commandsDuring, scansDuring } from '../test/scans.ts';
import { highestId, internalId } from './ids.ts';

interface Numbered {
  _id: unknown;
}

let app: App;
let Numbered: Model<Numbered>;
const numbered = (name: string) =>
  app.mongo.model<Numbered>(name, new Schema<Numbered>({ _id: Schema.Types.Mixed }, { versionKey: false }));

beforeAll(async () => {
  app = await createTestApp();
  Numbered = numbered('ProbedNumber');
  await Numbered.collection.insertMany(Array.from({ length: 1234 }, (_, i) => ({ _id: internalId(i + 1) })) as never[]);
});

describe('the highest id in use', () => {
  it('is found by key, a few ids a read, from nothing or from an id known to be in use', async () => {
    let found: number[] = [];
    const commands = await commandsDuring(app, async () => {
      found = [await highestId(Numbered), await highestId(Numbered, 1000), await highestId(Numbered, 1234)];
    });
    expect(found).toEqual([1234, 1234, 1234]);
    expect(commands.length).toBeLessThanOrEqual(8);
    expect(await scansDuring(app, () => highestId(Numbered))).toEqual([]);
  });

  it('is 0, or what was known, when nothing above it is in use', async () => {
    const Empty = numbered('ProbedNothing');
    expect(await highestId(Empty)).toBe(0);
    for (const known of [1, 2, 3, 1233]) expect(await highestId(Numbered, known)).toBe(1234);
  });

  it('finds every size, each in a handful of reads', async () => {
    const Grown = numbered('ProbedGrowth');
    let size = 0;
    for (const next of [1, 2, 3, 31, 32, 33, 64, 65, 500, 1089, 4097]) {
      const added = Array.from({ length: next - size }, (_, i) => ({ _id: internalId(size + i + 1) }));
      await Grown.collection.insertMany(added as never[]);
      size = next;
      expect(await highestId(Grown)).toBe(size);
      expect((await commandsDuring(app, () => highestId(Grown))).length).toBeLessThanOrEqual(5);
    }
  });
});
