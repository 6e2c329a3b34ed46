import { api, type Readiness } from '@enclave/protocol';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';

let app: App;

beforeAll(async () => {
  app = await createTestApp();
});

describe('readiness (GET /api/health/ready)', () => {
  it('is 503 while a read model is still loading, and 200 once every one is in memory', async () => {
    const visitor = new TestClient(app);
    // The first answer may come while the loads started at ready are under way; either way it says which.
    const first = await visitor.call(api.ready);
    expect([200, 503]).toContain(first.statusCode);
    await Promise.all([app.forum.current(), app.members.current(), app.categories.current()]);

    const ready = await visitor.call(api.ready);
    expect(ready.statusCode).toBe(200);
    expect(ready.json<Readiness>()).toEqual({
      status: 'ready',
      database: { connected: true },
      readModels: { forum: true, members: true, categories: true },
    });

    // A process whose forum index has not loaded yet (a start at a large size) takes no traffic.
    const loading = vi.spyOn(app.forum, 'loaded', 'get').mockReturnValue(false);
    const starting = await visitor.call(api.ready);
    loading.mockRestore();
    expect(starting.statusCode).toBe(503);
    expect(starting.json<Readiness>()).toMatchObject({ status: 'starting', readModels: { forum: false } });
    // Liveness is unchanged: alive all along.
    expect((await visitor.call(api.health)).statusCode).toBe(200);
  });
});
