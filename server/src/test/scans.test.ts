import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { internalId } from '../storage/index.ts';
import { userModels } from '../users/models.ts';
import { createTestApp } from './app.ts';
import { scansDuring } from './scans.ts';

let app: App;

beforeAll(async () => {
  app = await createTestApp();
});

describe('the scan detector', () => {
  it('passes reads by _id (one, or several by $in) and reports any other filter, with its collection', async () => {
    const { User } = userModels(app);
    const scans = await scansDuring(app, async () => {
      await User.findById(internalId(1)).lean();
      await User.find({ _id: { $in: [internalId(1), internalId(2)] } }).lean();
      await User.findOne({ username: 'nobody' }).lean();
      await User.find({ _id: { $gt: internalId(1) } }).lean();
    });
    expect(scans.map((scan) => scan.filter)).toEqual([{ username: 'nobody' }, { _id: { $gt: internalId(1) } }]);
    expect(scans[0]?.collection).toBe(User.collection.name);
  });
});
