import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, type MessageList, pathOf, type RouteContract } from '@enclave/protocol';
import { describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import { SESSION_COOKIE } from '../auth/session.ts';
import { withDatabase } from '../storage/index.ts';
import { testConfig } from '../test/app.ts';
import { onFileEnd } from '../test/cleanup.ts';
import { createMember } from '../test/factories.ts';
import { startServerProcess } from '../test/server-process.ts';

/** The bound: from the kill to a healthy answer. */
const RECOVERY_MS = 10_000;

async function call(base: string, contract: RouteContract, cookie?: string, body?: unknown) {
  const response = await fetch(new URL(pathOf(contract.url), base), {
    method: contract.method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Whatever database the run has, the server started here embeds its own FerretDB (the supervised kind). */
describe.runIf(inject('databaseBackend') === 'ferretdb')('the embedded database the server started', () => {
  it('is restarted when it dies, the server reconnects within 10 s, and no acknowledged write is lost', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'enclave-supervised-'));
    onFileEnd(() => rm(dataDir, { recursive: true, force: true }));
    const server = await startServerProcess({ DATA_DIR: dataDir });
    const started = /database: FerretDB at (mongodb:\/\/[^ ]+) \(pid (\d+)\)/.exec(server.output());
    if (!started?.[1] || !started[2]) throw new Error(`no embedded FerretDB in:\n${server.output()}`);
    const [, uri, pid] = started;

    // Members straight in the server's database, from a short-lived app in this process.
    const database = { uri: withDatabase(uri, 'enclave'), backend: 'ferretdb' as const };
    const seeder = await buildApp({ ...testConfig(), database });
    const { user: recipient, client: recipientClient } = await createMember(seeder);
    const senders = await Promise.all(Array.from({ length: 3 }, () => createMember(seeder)));
    await seeder.close();

    const acknowledged: string[] = [];
    let sent = 0;
    const send = async () => {
      const content = `Message ${++sent}`;
      const sender = senders[sent % senders.length]?.client.cookie;
      const answer = await call(server.url, api.sendMessage, sender, { recipientId: recipient.id, content });
      if (answer.status === 201) acknowledged.push(content);
      else expect(answer.status, JSON.stringify(answer.body)).toBe(503);
    };
    await send();
    expect(acknowledged).toHaveLength(1);

    process.kill(Number(pid), 'SIGKILL');
    const killedAt = Date.now();
    // Writing on, through the outage, until the server is healthy again.
    for (;;) {
      await send();
      const health = await call(server.url, api.health);
      if (health.status === 200 && acknowledged.length > 1) break;
      expect(Date.now() - killedAt, 'healthy again within 10 s').toBeLessThan(RECOVERY_MS);
    }
    // Its log line may reach this process after the answers that followed it.
    await expect.poll(server.output).toMatch(/FerretDB restarted \(pid \d+\)/);
    expect(server.child.exitCode).toBeNull();

    const inbox = await call(server.url, api.listMessages, recipientClient.cookie);
    const received = (inbox.body as unknown as MessageList).inbox.map((message) => message.content);
    for (const content of acknowledged) expect(received).toContain(content);
  });
});
