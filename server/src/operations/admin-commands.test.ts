import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { api, type ModerationLogEntry, pathOf, type RouteContract, type Thread } from '@enclave/protocol';
import { mongo } from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/session.ts';
import { isolatedDatabase } from '../test/app.ts';
import { onFileEnd } from '../test/cleanup.ts';
import { type ServerProcess, startServerProcess } from '../test/server-process.ts';

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));

let dataDir: string;
let database: ReturnType<typeof isolatedDatabase>;
let server: ServerProcess;
let rootCookie: string | undefined;

/** `npm run admin -- …` as an operator types it, against the same database and data directory as the server. */
const admin = (...argv: string[]) => run([cli, ...argv]);

function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', ...argv],
      { env: { ...process.env, NODE_ENV: 'test', MONGODB_URI: database.uri, DATA_DIR: dataDir, LOG_LEVEL: 'warn' } },
      (error, out, err) => resolve({ code: error ? (error.code as number) : 0, out, err }),
    );
  });
}

async function call(contract: RouteContract, options: { cookie?: string; body?: unknown; params?: object } = {}) {
  const response = await fetch(new URL(pathOf(contract.url, options.params as never), server.url), {
    method: contract.method,
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'enclave',
      ...(options.cookie ? { cookie: `${SESSION_COOKIE}=${options.cookie}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const cookie = new RegExp(`${SESSION_COOKIE}=([^;]*)`).exec(response.headers.get('set-cookie') ?? '')?.[1];
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, cookie };
}

const signIn = async (username: string, password: string) => call(api.login, { body: { username, password } });
const passwordIn = (out: string) => /\(shown once\): (\S+)/.exec(out)?.[1] ?? '';

/** A database read straight from the driver, as an operator's mongosh would. */
async function withDatabase<T>(use: (db: ReturnType<mongo.MongoClient['db']>) => Promise<T>): Promise<T> {
  const client = await mongo.MongoClient.connect(database.uri);
  try {
    return await use(client.db());
  } finally {
    await client.close();
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'enclave-admin-'));
  onFileEnd(() => rm(dataDir, { recursive: true, force: true }));
  database = isolatedDatabase();
  server = await startServerProcess({ MONGODB_URI: database.uri, DATA_DIR: dataDir });
});

describe('npm run admin', () => {
  it('create-admin makes the first administrator, whose printed password signs in at once', async () => {
    const made = await admin('create-admin', '--username', 'root', '--email', 'root@example.test');
    expect(made.code, made.err).toBe(0);
    expect(made.out).toMatch(/created administrator root/);
    const login = await signIn('root', passwordIn(made.out));
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ username: 'root', isAdmin: true, isEmailVerified: true });
  });

  it('refuses a wrong command line with exit code 2 and a clear message, writing nothing', async () => {
    const users = () => withDatabase((db) => db.collection('users').countDocuments());
    const before = await users();
    for (const [argv, message] of [
      [[], /no command given/],
      [['promote', 'root'], /unknown command: promote/],
      [['create-admin', '--username', 'solo'], /--username and --email are required/],
      [['create-admin', '--username', 'x', '--email', 'x@example.test'], /username/i],
      [['create-admin', '--username', 'root', '--email', 'other@example.test'], /Username already exists/],
      [['set-role', 'root', 'king'], /one of admin, moderator, member/],
      [['ban', 'nobody_here'], /no member is called nobody_here/],
      [['ban', 'root'], /cannot/i],
      [['restore', '/no/such/file.json'], /cannot read/],
      [['backup', 'now'], /takes no argument/],
    ] as [string[], RegExp][]) {
      const result = await admin(...argv);
      expect(result.code, `${argv.join(' ')}: ${result.err}`).toBe(2);
      expect(result.err, argv.join(' ')).toMatch(message);
    }
    expect(await users()).toBe(before);
  });

  it("set-role, ban, unban and reset-password take effect on the member's next request to the running server", async () => {
    const made = await admin('create-admin', '--username', 'carol', '--email', 'carol@example.test');
    const carol = await signIn('carol', passwordIn(made.out));
    expect((await admin('set-role', 'carol', 'moderator')).code).toBe(0);
    expect((await call(api.user, { cookie: carol.cookie })).body).toMatchObject({ isAdmin: false, isModerator: true });
    expect((await admin('set-role', 'carol', 'member')).code).toBe(0);
    expect((await call(api.user, { cookie: carol.cookie })).body).toMatchObject({ isAdmin: false, isModerator: false });

    expect((await admin('ban', 'carol')).code).toBe(0);
    expect((await call(api.user, { cookie: carol.cookie })).status).toBe(401);
    expect((await signIn('carol', passwordIn(made.out))).status).toBe(403);
    expect((await admin('unban', 'carol')).code).toBe(0);

    const reset = await admin('reset-password', 'carol');
    expect(reset.code, reset.err).toBe(0);
    expect((await signIn('carol', passwordIn(made.out))).status).toBe(401);
    expect((await signIn('carol', passwordIn(reset.out))).status).toBe(200);

    // The moderation log names the admin command as the actor.
    rootCookie = (await signIn('root', passwordIn((await admin('reset-password', 'root')).out))).cookie;
    const log = (await call(api.moderationLog, { cookie: rootCookie })).body as unknown as ModerationLogEntry[];
    expect(log.slice(0, 5).map(({ action, actor, byOperator }) => ({ action, actor, byOperator }))).toEqual(
      ['user.passwordReset', 'user.passwordReset', 'user.unban', 'user.ban', 'user.role'].map((action) => ({
        action,
        actor: null,
        byOperator: true,
      })),
    );
  });

  it('reload makes the running server see a hand edit in the database, without a restart', async () => {
    // Signed in once before: sign-ins from one address are limited to 6 a minute.
    const root = { cookie: rootCookie };
    const category = await call(api.createCategory, {
      cookie: root.cookie,
      body: { name: 'General', description: 'Everything else', icon: 'MessageSquare', color: 'primary' },
    });
    const created = await call(api.createThread, {
      cookie: root.cookie,
      body: { title: 'Written by the app', content: 'Some content worth reading', categoryId: category.body.id },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const titles = async () => ((await call(api.threads)).body as unknown as Thread[]).map((thread) => thread.title);
    expect(await titles()).toContain('Written by the app');

    await withDatabase((db) =>
      db.collection('threads').updateOne({ id: created.body.id }, { $set: { title: 'Edited in mongosh' } }),
    );
    expect(await titles()).toContain('Written by the app');
    expect((await admin('reload')).code).toBe(0);
    await expect.poll(titles, { timeout: 10_000, message: 'the reload is seen' }).toContain('Edited in mongosh');
  });

  it('backup writes the console download to DATA_DIR/backups, and restore puts it back', async () => {
    const backup = await admin('backup');
    expect(backup.code, backup.err).toBe(0);
    const file = /backup written: (\S+)/.exec(backup.out)?.[1] ?? '';
    expect(await readdir(join(dataDir, 'backups'))).toContain(file.split('/').at(-1));
    const restored = await admin('restore', file);
    expect(restored.code, restored.err).toBe(0);
    expect(restored.out).toMatch(/Restored/i);
  });

  it('seeding refuses while a server runs on the data directory (its read models would not know)', async () => {
    const seed = fileURLToPath(new URL('../../../scripts/src/seed.ts', import.meta.url));
    const refused = await run([seed]);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/A server is running on this data directory: stop it before seeding/);
  });

  it('runs on the database itself when no server is running', async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    const made = await admin('create-admin', '--username', 'offline', '--email', 'offline@example.test');
    expect(made.code, made.err).toBe(0);
    const stored = await withDatabase((db) => db.collection('users').findOne({ username: 'offline' }));
    expect(stored).toMatchObject({ isAdmin: true, isEmailVerified: true });
  });
});
