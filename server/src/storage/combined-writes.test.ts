import type { Connection } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { combinedWrites } from './combined-writes.ts';

/** A write the test lets finish (or fail) when it says. */
function heldWrites() {
  const writes: { key: string; value: number; finish: () => void; fail: (error: Error) => void }[] = [];
  const write = (_app: unknown, key: string, value: number) =>
    new Promise<void>((resolve, reject) => {
      writes.push({ key, value, finish: resolve, fail: reject });
    });
  return { writes, write };
}

const app = { mongo: {} as Connection };
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('combined writes', () => {
  it('writes what arrives during a write as one write of the merged value, and answers each caller after it', async () => {
    const { writes, write } = heldWrites();
    const raise = combinedWrites<string, number>(Math.max, write);
    const answered: number[] = [];
    const first = raise(app, 'thread:1', 1).then(() => answered.push(1));
    const later = [5, 3, 4].map((value) => raise(app, 'thread:1', value).then(() => answered.push(value)));
    const elsewhere = raise(app, 'thread:2', 9);
    await settle();
    expect(writes.map(({ key, value }) => [key, value])).toEqual([
      ['thread:1', 1],
      ['thread:2', 9],
    ]);
    writes[0]?.finish();
    await first;
    await settle();
    expect(answered).toEqual([1]);
    expect(writes.map(({ value }) => value)).toEqual([1, 9, 5]);
    writes[2]?.finish();
    writes[1]?.finish();
    await Promise.all([...later, elsewhere]);
    expect(answered).toEqual([1, 5, 3, 4]);
    expect(writes).toHaveLength(3);
  });

  it('fails the callers of a failed write only, and writes again for those who came after', async () => {
    const { writes, write } = heldWrites();
    const raise = combinedWrites<string, number>(Math.max, write);
    const failed = raise(app, 'thread:3', 1);
    const next = raise(app, 'thread:3', 2);
    await settle();
    writes[0]?.fail(new Error('database away'));
    await expect(failed).rejects.toThrow('database away');
    await settle();
    writes[1]?.finish();
    await expect(next).resolves.toBeUndefined();
  });
});
