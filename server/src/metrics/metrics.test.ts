import { api, ErrorCode } from '@enclave/protocol';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.ts';
import { appCodeNow } from '../factors/authenticator-app.ts';
import { runSweep } from '../periodic.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember, DEFAULT_PASSWORD } from '../test/factories.ts';
import { aThread, grantCoins } from '../test/forum.ts';
import { browserTabs, listeningWithTabs, received } from '../test/tabs.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** One scrape: every sample, by name, with its labels. */
type Samples = { name: string; labels: Record<string, string>; value: number }[];

function parse(text: string): Samples {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
      );
      return { name: match[1] as string, labels, value: Number(match[3]) };
    });
}

/** The sum of the samples of `name` whose labels include `labels`. */
const total = (samples: Samples, name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value))
    .reduce((sum, s) => sum + s.value, 0);

const has = (samples: Samples, name: string) => samples.some((s) => s.name === name);

const scrapeWith = (app: App, authorization?: string) =>
  new TestClient(app).request('GET', api.metrics.url, undefined, undefined, authorization ? { authorization } : {});

async function scrape(app: App): Promise<Samples> {
  const response = await scrapeWith(app, `Bearer ${TOKEN}`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(response.body);
}

describe('GET /metrics, with METRICS_TOKEN set', () => {
  let app: App;
  let before: Samples;
  let after: Samples;

  beforeAll(async () => {
    const env = { METRICS_TOKEN: TOKEN, GROUP_BUY_SWEEP_MS: '50', MUTE_END_CHECK_MS: '50' };
    ({ app } = await listeningWithTabs({ ...env, NOTIFICATION_DIGEST_CHECK_MS: '50' }));
    before = await scrape(app);

    // Real traffic: requests (one with an id in its path, one to no route), a socket, a grant and a purchase.
    const { user: author } = await createMember(app);
    const { user: buyer, client } = await createMember(app);
    const thread = await aThread(app, author, { isPremium: true, premiumCost: 5 });
    const tab = await browserTabs(app).open(client);
    await grantCoins(app, buyer.id, 25);
    await received(tab, 'wallet:balance');
    const bought = await client.call(api.spendCoins, {
      body: { amount: 5, referenceId: thread.id, referenceType: 'thread' },
    });
    expect(bought.statusCode).toBe(200);
    expect((await client.call(api.thread, { params: { id: thread.id } })).statusCode).toBe(200);
    expect((await client.request('GET', '/api/no-such-route')).statusCode).toBe(404);
    await app.settled();
    await Promise.all([app.forum.current(), app.members.current(), app.categories.current()]);
    // The sweeps run on their timers (every 50 ms here): each reports through runSweep.
    await vi.waitFor(
      async () => {
        after = await scrape(app);
        for (const sweep of ['group-buy sweep', 'mute-end sweep', 'notification digests'])
          expect(total(after, 'enclave_sweep_runs_total', { sweep }), sweep).toBeGreaterThan(0);
      },
      { timeout: 5000, interval: 50 },
    );
    tab.disconnect();
  });

  it('times requests by route pattern, method and status, never by the raw URL', () => {
    const name = 'enclave_http_request_duration_seconds_count';
    const byPattern = { method: 'GET', route: api.thread.url, status: '200' };
    expect(total(after, name, byPattern) - total(before, name, byPattern)).toBe(1);
    expect(total(after, name, { route: api.spendCoins.url, method: 'POST', status: '200' })).toBe(1);
    expect(total(after, name, { route: 'unmatched', status: '404' })).toBe(1);
    // No series per record: no route label holds an id.
    expect(after.filter((s) => /\d/.test(s.labels.route ?? ''))).toEqual([]);
    expect(total(after, 'enclave_http_request_duration_seconds_sum', byPattern)).toBeGreaterThan(0);
  });

  it('counts open sockets and the events sent to them, by name', async () => {
    expect(total(after, 'enclave_sockets_open')).toBeGreaterThanOrEqual(1);
    const sent = (samples: Samples, event: string) => total(samples, 'enclave_socket_events_sent_total', { event });
    expect(sent(after, 'session:ready') - sent(before, 'session:ready')).toBeGreaterThanOrEqual(1);
    expect(sent(after, 'wallet:balance') - sent(before, 'wallet:balance')).toBeGreaterThanOrEqual(2);
    await vi.waitFor(async () => expect(total(await scrape(app), 'enclave_sockets_open')).toBe(0));
  });

  it("shows the process's event-loop lag, heap and resident memory", () => {
    for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes', 'process_resident_memory_bytes'])
      expect(has(after, name), name).toBe(true);
    expect(total(after, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(total(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('times database commands by command name', () => {
    const name = 'enclave_db_command_duration_seconds_count';
    for (const command of ['insert', 'find'])
      expect(
        total(after, name, { command, outcome: 'ok' }) - total(before, name, { command }),
        command,
      ).toBeGreaterThan(0);
  });

  it("shows each read model's load state and size", () => {
    for (const model of ['forum', 'members', 'categories'])
      expect(total(after, 'enclave_read_model_loaded', { model }), model).toBe(1);
    const members = (samples: Samples) => total(samples, 'enclave_read_model_records', { model: 'members' });
    expect(members(after) - members(before)).toBeGreaterThanOrEqual(2);
    expect(total(after, 'enclave_read_model_records', { model: 'forum' })).toBeGreaterThanOrEqual(1);
    // No snapshot in tests unless one asks: the forum index read every thread.
    expect(total(after, 'enclave_forum_snapshot_age_seconds')).toBe(-1);
  });

  it('reports sweeps: runs, failures and the last duration', async () => {
    const sweep = 'group-buy sweep';
    expect(has(after, 'enclave_sweep_last_duration_seconds')).toBe(true);
    expect(total(after, 'enclave_sweep_last_duration_seconds', { sweep })).toBeGreaterThan(0);
    expect(total(after, 'enclave_sweep_failures_total', { sweep })).toBe(0);
    await runSweep(app, 'failing sweep', () => Promise.reject(new Error('the database went away')));
    const failed = await scrape(app);
    expect(total(failed, 'enclave_sweep_runs_total', { sweep: 'failing sweep' })).toBe(1);
    expect(total(failed, 'enclave_sweep_failures_total', { sweep: 'failing sweep' })).toBe(1);
  });

  it('counts coins minted (grants, purchases) and moved (every movement)', () => {
    const minted = (samples: Samples) => total(samples, 'enclave_coins_minted_total');
    const moved = (samples: Samples, type: string) => total(samples, 'enclave_coins_moved_total', { type });
    expect(minted(after) - minted(before)).toBe(25);
    expect(total(after, 'enclave_coins_minted_total', { type: 'admin_grant' })).toBe(25);
    expect(moved(after, 'admin_grant')).toBe(25);
    expect(moved(after, 'premium_purchase')).toBe(5);
    expect(moved(after, 'sale')).toBe(5);
  });

  it('counts sign-ins by method, refused steps by step, and factor changes', async () => {
    const { user, client } = await createMember(app);
    const wrong = await new TestClient(app).call(api.login, {
      body: { username: user.username, password: 'wrong-one' },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await new TestClient(app).call(api.login, {
      body: { username: user.username, password: DEFAULT_PASSWORD },
    });
    expect(right.statusCode).toBe(200);
    const { secret } = (await client.call(api.startAuthenticatorApp)).json();
    await client.call(api.confirmAuthenticatorApp, { body: { code: appCodeNow(secret) } });
    const samples = await scrape(app);
    expect(total(samples, 'enclave_sign_ins_total', { method: 'password' })).toBeGreaterThanOrEqual(1);
    expect(total(samples, 'enclave_sign_in_failures_total', { step: 'password' })).toBeGreaterThanOrEqual(1);
    expect(total(samples, 'enclave_factor_changes_total', { kind: 'app', change: 'added' })).toBe(1);
  });

  it('counts intents recorded and not yet finished, by kind: a mute waits there until its end', async () => {
    const pending = (samples: Samples) => total(samples, 'enclave_intents_pending', { kind: 'mute-ending' });
    const startedWith = pending(await scrape(app));
    const { user } = await createMember(app);
    const { client: moderator } = await createMember(app, { isModerator: true });
    const muted = await moderator.call(api.muteUser, { params: { id: user.id }, body: { duration: 1 } });
    expect(muted.statusCode).toBe(200);
    expect(pending(await scrape(app))).toBe(startedWith + 1);
    expect(has(await scrape(app), 'enclave_intents_pending')).toBe(true);
  });

  it('answers 401 with the error shape to a scrape without the token, or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`, TOKEN, `Bearer ${TOKEN}x`]) {
      const response = await scrapeWith(app, authorization);
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.json()).toEqual({ message: expect.any(String), code: ErrorCode.Unauthenticated });
    }
  });
});

describe('GET /metrics, with METRICS_TOKEN unset', () => {
  it('is absent: a 404 with the error shape, whatever is sent', async () => {
    const app = await createTestApp();
    expect(app.metrics).toBeNull();
    for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
      const response = await scrapeWith(app, authorization);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: expect.any(String), code: ErrorCode.NotFound });
    }
  });
});
