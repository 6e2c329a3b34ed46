import { type Model, Schema } from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { commandsDuring, scansDuring } from '../test/scans.ts';
import { internalId } from './ids.ts';
import { readAllById, readById } from './read-batches.ts';

interface Note {
  _id: unknown;
  text: string;
}

let app: App;
let Notes: Model<Note>;

beforeAll(async () => {
  app = await createTestApp();
  Notes = app.mongo.model(
    'BatchedNote',
    new Schema<Note>({ _id: Schema.Types.Mixed, text: String }, { versionKey: false }),
  );
  await Notes.collection.insertMany([
    { _id: 'a', text: 'first' },
    { _id: 'b', text: 'second' },
    { _id: internalId(7), text: 'by numeric id' },
  ] as never[]);
});

describe('reads by _id asked together', () => {
  it('reads what one turn asks in one command by key, in the order asked, null for a missing one', async () => {
    let answers: (Note | null)[] = [];
    const commands = await commandsDuring(app, async () => {
      answers = await readAllById<Note>(Notes, ['b', 'missing', internalId(7), 'a']);
    });
    expect(answers.map((note) => note?.text ?? null)).toEqual(['second', null, 'by numeric id', 'first']);
    expect(commands).toEqual(['find batchednotes']);
    expect(await scansDuring(app, () => readAllById(Notes, ['a', 'b']))).toEqual([]);
  });

  it('gives each asker of the same document its own copy', async () => {
    const [one, two] = await Promise.all([readById<Note>(Notes, 'a'), readById<Note>(Notes, 'a')]);
    (one as Note).text = 'changed by its reader';
    expect(two?.text).toBe('first');
  });
});
