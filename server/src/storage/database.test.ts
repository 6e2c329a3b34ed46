import mongoose, { Schema } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isolatedDatabase } from '../test/app.ts';
import { findByNumericId, insertWithId, internalId, isDuplicateKey } from './ids.ts';

interface Note {
  id: number;
  slug: string;
  body?: string;
}

const connection = mongoose.createConnection(isolatedDatabase().uri);
const Note = connection.model<Note>(
  'Note',
  new Schema<Note>(
    { id: { type: Number, required: true, unique: true }, slug: { type: String, unique: true }, body: String },
    { id: false },
  ),
);

beforeAll(async () => {
  await connection.asPromise();
  await Note.init();
});
afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

describe(`database on ${inject('databaseBackend')}`, () => {
  it('creates, reads, updates and deletes a document through mongoose', async () => {
    await Note.create({ id: 1000, slug: 'crud', body: 'first' });
    expect(await Note.findOne({ slug: 'crud' }).lean()).toMatchObject({ id: 1000, body: 'first' });
    await Note.updateOne({ slug: 'crud' }, { $set: { body: 'second' } });
    expect((await Note.findOne({ slug: 'crud' }).lean())?.body).toBe('second');
    await Note.deleteOne({ slug: 'crud' });
    expect(await Note.countDocuments({ slug: 'crud' })).toBe(0);
  });

  it('refuses a second document with the same unique key', async () => {
    await Note.create({ id: 2000, slug: 'unique' });
    const error = await Note.create({ id: 2001, slug: 'unique' }).catch((e: unknown) => e);
    expect(isDuplicateKey(error)).toBe(true);
    expect(await Note.countDocuments({ slug: 'unique' })).toBe(1);
  });

  it('lets exactly one of 50 concurrent inserts win a unique key', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => Note.create({ id: 3000 + i, slug: 'contested' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected' && isDuplicateKey(r.reason))).toHaveLength(49);
    expect(await Note.countDocuments({ slug: 'contested' })).toBe(1);
  });

  it('finds a document by _id through the _id index, not a scan', async () => {
    const note = await Note.create({ id: 4000, slug: 'by-id' });
    const plan = JSON.stringify(await Note.findById(note._id).explain());
    // FerretDB shows SQLite's plan ("SEARCH … USING INDEX" against "SCAN"); mongod its winning stage.
    expect(plan).toMatch(/USING INDEX|IDHACK|EXPRESS_IXSCAN|IXSCAN/);
    expect(plan).not.toMatch(/detail=SCAN|COLLSCAN/);
  });

  it('finds several documents by their _ids ($in) through the _id index, and only those', async () => {
    const notes = await Promise.all([4001, 4002, 4003].map((id) => Note.create({ id, slug: `in-${id}` })));
    const ids = [notes[0]?._id, notes[2]?._id];
    const plan = JSON.stringify(await Note.find({ _id: { $in: ids } }).explain());
    expect(plan).toMatch(/USING INDEX|IXSCAN|IDHACK/);
    expect(plan).not.toMatch(/detail=SCAN|COLLSCAN/);
    const found = await Note.find({ _id: { $in: ids } }).lean();
    expect(found.map((note) => note.slug).sort()).toEqual(['in-4001', 'in-4003']);
  });
});

describe('numeric id allocation', () => {
  it('gives 1,000 concurrent inserts 1,000 distinct ids with no gaps', async () => {
    await Note.deleteMany({});
    const created = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => insertWithId(Note, { slug: `note-${i}` })),
    );
    const ids = created.map((note) => note.id).sort((a, b) => a - b);
    expect(new Set(ids).size).toBe(1000);
    expect(ids[0]).toBe(1);
    expect(ids.at(-1)).toBe(1000);
  });

  it('does not burn an id when the insert fails on another unique key', async () => {
    const before = await insertWithId(Note, { slug: 'gap-a' });
    await expect(insertWithId(Note, { slug: 'gap-a' })).rejects.toSatisfy(isDuplicateKey);
    const after = await insertWithId(Note, { slug: 'gap-b' });
    expect(after.id).toBe(before.id + 1);
  });

  it('recovers when another process took the next id first', async () => {
    const mine = await insertWithId(Note, { slug: 'race-1' });
    // Simulate a second server process inserting behind this one's back.
    await Note.create({ _id: internalId(mine.id + 1), id: mine.id + 1, slug: 'other-process' });
    const next = await insertWithId(Note, { slug: 'race-2' });
    expect(next.id).toBe(mine.id + 2);
  });

  it('gives each document an _id derived from its id, and finds it by id', async () => {
    const note = await insertWithId(Note, { slug: 'derived' });
    expect(await Note.exists({ _id: internalId(note.id) })).toBeTruthy();
    expect(await findByNumericId(Note, note.id)).toMatchObject({ id: note.id, slug: 'derived' });
    expect(await findByNumericId(Note, 90_001)).toBeNull();
    expect(await findByNumericId(Note, -1)).toBeNull();
  });
});
