import { api } from '@enclave/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { CompiledOnUse } from './compiled-on-use.ts';

describe('schemas compiled off the start', () => {
  it('compiles a function at its first call, once, and the rest after listening', async () => {
    const compiles = new CompiledOnUse();
    const compiled: string[] = [];
    const functions = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) =>
      compiles.wrap(() => {
        compiled.push(name);
        return (x: number) => `${name}${x}`;
      }),
    );
    expect(compiled).toEqual([]);
    expect(functions[1]?.(1)).toBe('b1');
    expect(functions[1]?.(2)).toBe('b2');
    expect(compiled).toEqual(['b']);

    compiles.warmAfterListening(() => false);
    await expect.poll(() => compiled.length, { timeout: 10_000 }).toBe(6);
    expect(compiled.sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(functions.map((f) => f(0))).toEqual(['a0', 'b0', 'c0', 'd0', 'e0', 'f0']);
  });

  describe('validators', () => {
    let app: App;
    afterAll(() => app?.close());

    it("hand Fastify the failure's errors, at the first request and after", async () => {
      app = await createTestApp();
      const badQuery = () => app.inject({ method: 'GET', url: `${api.threads.url}?limit=101` });
      const first = await badQuery();
      expect(first.statusCode).toBe(400);
      expect(first.json().message).toMatch(/limit/);
      expect((await badQuery()).json()).toEqual(first.json());
      expect((await app.inject({ method: 'GET', url: `${api.threads.url}?limit=2` })).statusCode).toBe(200);
    });
  });
});
