import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { finishIntents, intent } from './intents.ts';
import { storageModels } from './storage-models.ts';

let app: App;
const finished: string[] = [];
const failing = new Set<string>();

const note = intent<{ text: string }>('test-note', async (_app, { text }) => {
  if (failing.has(text)) throw new Error(`${text} cannot finish yet`);
  if (text.startsWith('due ')) return Date.parse(text.slice(4)) <= Date.now() ? undefined : 'later';
  finished.push(text);
});

beforeAll(async () => {
  app = await createTestApp();
});

describe('intents', () => {
  it('are begun once per key: the second writer of the same work is told it is recorded already', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => note.begin(app, 'race', { text: 'race' })));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await note.pending(app, 'race')).toEqual({ text: 'race' });
    await note.done(app, 'race');
    expect(await note.pending(app, 'race')).toBeNull();
    expect(await note.begin(app, 'race', { text: 'again' })).toBe(true);
    await note.done(app, 'race');
  });

  it('left by a crash are finished by the sweep, once; a failing one stays for the next sweep', async () => {
    finished.length = 0;
    failing.add('stuck');
    await note.begin(app, 'left', { text: 'left' });
    await note.begin(app, 'stuck', { text: 'stuck' });
    expect(await finishIntents(app)).toBe(1);
    expect(finished).toEqual(['left']);
    expect(await note.pending(app, 'left')).toBeNull();
    expect(await note.pending(app, 'stuck')).toEqual({ text: 'stuck' });

    failing.delete('stuck');
    expect(await finishIntents(app)).toBe(1);
    expect(finished).toEqual(['left', 'stuck']);
    expect(await finishIntents(app)).toBe(0);
  });

  it('still in flight are left alone by a sweep that asks only for older ones', async () => {
    finished.length = 0;
    const before = new Date(Date.now() - 1000);
    await note.begin(app, 'in-flight', { text: 'in-flight' });
    expect(await finishIntents(app, before)).toBe(0);
    expect(await note.sweep(app, before)).toBe(0);
    expect(finished).toEqual([]);
    expect(await note.sweep(app)).toBe(1);
    expect(finished).toEqual(['in-flight']);
  });

  it('not due yet are kept for a later sweep', async () => {
    const due = new Date(Date.now() + 60_000).toISOString();
    await note.begin(app, 'due', { text: `due ${due}` });
    expect(await note.sweep(app)).toBe(0);
    expect(await note.pending(app, 'due')).toEqual({ text: `due ${due}` });
    await note.done(app, 'due');
  });

  it('of a kind this version does not know are kept, not dropped', async () => {
    await storageModels(app).Intent.create({ _id: 'gone:1', kind: 'gone', payload: {}, at: new Date() });
    expect(await finishIntents(app)).toBe(0);
    expect(await storageModels(app).Intent.findById('gone:1').lean()).not.toBeNull();
    expect(() => intent('test-note', async () => undefined)).toThrow(/declared twice/);
  });
});
