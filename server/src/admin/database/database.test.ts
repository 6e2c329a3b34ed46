import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_TEXT, api, BACKUP_FORMAT, type BackupManifest, VALIDATION } from '@enclave/protocol';
import { mongo } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { SESSION_COOKIE } from '../../auth/session.ts';
import { muteMember } from '../../moderation/sanctions.ts';
import { saveReceivingAddresses } from '../../payments/receiving-addresses.ts';
import { sendMessage } from '../../private-messages/service.ts';
import { reply } from '../../replies/service.ts';
import { createReport } from '../../reports/service.ts';
import { claimSlot } from '../../storage/index.ts';
import type { TestClient } from '../../test/client.ts';
import { createMember } from '../../test/factories.ts';
import { aThread, grantCoins } from '../../test/forum.ts';
import { multipartFile, tinyPng } from '../../test/multipart.ts';
import { type BrowserTabs, listeningWithTabs, received } from '../../test/tabs.ts';
import { unlockDiscussion } from '../../threads/purchases.ts';
import { userModels } from '../../users/models.ts';
import { setProfilePicture } from '../../users/service.ts';
import type { UserRecord } from '../../users/user-model.ts';
import { backedUpCollections } from './collections.ts';

const { EJSON } = mongo.BSON;

let app: App;
let dataDir: string;
let tabs: BrowserTabs;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'enclave-backups-'));
  ({ app, tabs } = await listeningWithTabs({ DATA_DIR: dataDir }));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Every collection, document by document, with exact BSON types. */
async function snapshot(): Promise<Record<string, string[]>> {
  const collections: Record<string, string[]> = {};
  for (const { name, model } of backedUpCollections(app)) {
    const documents = await model.collection.find({}, { promoteValues: false }).sort({ _id: 1 }).toArray();
    collections[name] = documents.map((document) => EJSON.stringify(document, { relaxed: false }));
  }
  return collections;
}

/** A collection's documents but the moderation log's lists (items, buckets, heads), which a restore's own entry grows. */
const besidesTheLog = (documents: string[] | undefined) =>
  documents?.filter((document) => !document.includes('"moderation-log'));

/** Some of everything the product stores, binary pictures and money included. */
async function seedForum(admin: UserRecord) {
  const { user: alice } = await createMember(app, { username: 'alice', bio: 'Privacy nerd' });
  const { user: bob } = await createMember(app, { username: 'bob' });
  await setProfilePicture(app, alice, tinyPng());
  const thread = await aThread(app, alice, {
    title: 'Group buy: a VPN',
    tags: ['vpn'],
    hasUnlockableContent: true,
    unlockableType: 'premium_thread',
    unlockableCost: 25,
    sisterContent: 'The premium part',
  });
  await aThread(app, bob, { title: 'Still pending' }, { approved: false });
  await reply(app, bob, thread.id, 'Count me in');
  await sendMessage(app, alice, { content: 'Hi Bob', recipientId: bob.id });
  await grantCoins(app, bob.id, 1234);
  // A sale: the buyer's debit and the author's credit, which a restore matches up.
  await unlockDiscussion(app, bob, thread.id);
  await saveReceivingAddresses(
    app,
    { btc: { name: 'Bitcoin', symbol: 'BTC', address: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', usdRate: 65_000.5 } },
    admin.id,
  );
  await createReport(app, bob, { contentType: 'thread', contentId: thread.id, reason: 'Looks like spam' });
  await muteMember(app, admin, bob.id, 24, 'Cool down');
  await claimSlot(app, 'test:slot', 3);
}

async function download(client: TestClient) {
  return app.inject({
    method: 'GET',
    url: api.databaseBackup.url,
    headers: { cookie: `${SESSION_COOKIE}=${client.cookie}` },
  });
}

function upload(client: TestClient, content: string | Buffer, filename = 'backup.json', field = 'backup') {
  const { payload, headers } = multipartFile(field, filename, 'application/json', Buffer.from(content));
  return client.request('POST', api.databaseRestore.url, payload, undefined, headers);
}

async function wipe() {
  for (const { model } of backedUpCollections(app)) await model.collection.deleteMany({});
}

const automaticBackups = async () => (await readdir(join(dataDir, 'backups')).catch(() => [])).sort();

describe('database backup and restore', () => {
  let backup: string;
  let before: Record<string, string[]>;
  /** The admin inside the backup: their session survives restoring it. */
  let root: TestClient;

  it('downloads every collection as Extended JSON with a manifest', async () => {
    const { user: admin, client } = await createMember(app, { isAdmin: true, username: 'root' });
    root = client;
    await seedForum(admin);
    before = await snapshot();

    const response = await download(client);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="enclave-backup-.+\.json"$/);
    backup = response.body;
    const file = JSON.parse(backup) as { manifest: BackupManifest; collections: Record<string, unknown[]> };
    expect(file.manifest).toMatchObject(BACKUP_FORMAT);
    expect(Date.parse(file.manifest.createdAt)).not.toBeNaN();
    const names = backedUpCollections(app).map(({ name }) => name);
    expect(Object.keys(file.collections).sort()).toEqual([...names].sort());
    for (const name of names) {
      expect(file.manifest.counts[name], name).toBe(before[name]?.length);
      expect(file.collections[name], name).toHaveLength(before[name]?.length ?? -1);
    }
    expect(file.manifest.counts.profilepictures).toBe(1);
    expect(backup).toContain('"$binary"');
  });

  it('restores a wiped database to exactly what it was, reporting real progress to the admin', async () => {
    await wipe();
    const { client: freshAdmin } = await createMember(app, { isAdmin: true, username: 'rescuer' });
    const tab = await tabs.open(freshAdmin);

    const response = await upload(freshAdmin, backup);

    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    const after = await snapshot();
    for (const [name, documents] of Object.entries(before)) {
      if (name === 'moderationlogs') continue;
      expect(besidesTheLog(after[name]), name).toEqual(besidesTheLog(documents));
      expect(answer.counts[name], name).toBe(documents.length);
    }
    // The restore logs itself on top of the restored log.
    expect(after.moderationlogs?.slice(0, -1)).toEqual(before.moderationlogs);
    expect(EJSON.parse(after.moderationlogs?.at(-1) as string)).toMatchObject({ action: 'database.restore' });
    const documents = Object.values(before).reduce((sum, list) => sum + list.length, 0);
    expect(answer.message).toBe(ADMIN_TEXT.restored(documents, Object.keys(before).length));
    expect(await automaticBackups()).toEqual([answer.automaticBackup]);

    const percents = (await received(tab, 'restore:progress', 1)).map((p) => (p as { percent: number }).percent);
    const deadline = Date.now() + 5000;
    while (percents.at(-1) !== 100) {
      expect(Date.now(), `restore progress stopped at ${percents.at(-1)} %`).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 20));
      percents.splice(0, percents.length, ...tab.received.map(([, p]) => (p as { percent: number }).percent));
    }
    expect(percents.length).toBeGreaterThan(2);
    expect([...percents].sort((a, b) => a - b)).toEqual(percents);

    // The restored forum works: its members sign in, its admin is back.
    const alice = await userModels(app).User.findOne({ username: 'alice' }).lean();
    expect(alice?.bio).toBe('Privacy nerd');
    expect(await userModels(app).User.exists({ username: 'rescuer' })).toBeNull();
  });

  it('keeps an automatic backup that undoes the restore', async () => {
    await createMember(app, { username: 'newcomer' });
    const beforeSecond = await snapshot();
    const first = await upload(root, backup);
    expect(first.statusCode).toBe(200);
    const automatic = await readFile(join(dataDir, 'backups', first.json().automaticBackup), 'utf8');
    expect(await userModels(app).User.exists({ username: 'newcomer' })).toBeNull();
    const undo = await upload(root, automatic);
    expect(undo.statusCode).toBe(200);
    expect(await userModels(app).User.exists({ username: 'newcomer' })).toBeTruthy();
    const after = await snapshot();
    // The admin's own calls write after the undo: the log of the restores, and their session's last seen.
    const writtenByTheCalls = ['moderationlogs', 'sessionseens'];
    for (const [name, documents] of Object.entries(beforeSecond)) {
      if (!writtenByTheCalls.includes(name)) expect(besidesTheLog(after[name]), name).toEqual(besidesTheLog(documents));
    }
  });

  it('numbers the next reply after the restored ones, whatever any route remembered of the thread before', async () => {
    const { user: author, client: reader } = await createMember(app);
    const thread = await aThread(app, author);
    // Each reply from a member of its own: no reply rate limit applies.
    const post = async (content: string) =>
      (await createMember(app)).client.call(api.reply, { params: { id: thread.id }, body: { content } });
    const replies = async () =>
      ((await reader.call(api.posts, { params: { id: thread.id } })).json() as { content: string }[]).map(
        (each) => each.content,
      );
    for (const content of ['one', 'two']) expect((await post(content)).statusCode).toBe(201);
    const saved = (await download(root)).body;
    for (const content of ['three', 'four']) expect((await post(content)).statusCode).toBe(201);
    expect(await replies()).toEqual(['one', 'two', 'three', 'four']);

    expect((await upload(root, saved)).statusCode).toBe(200);

    expect(await replies()).toEqual(['one', 'two']);
    expect((await post('three again')).statusCode).toBe(201);
    expect(await replies()).toEqual(['one', 'two', 'three again']);
    const shown = (await reader.call(api.thread, { params: { id: thread.id } })).json() as { replyCount: number };
    expect(shown.replyCount).toBe(3);
  });

  it('refuses a malformed or foreign file and changes nothing', async () => {
    const { client: admin } = await createMember(app, { isAdmin: true });
    const unchanged = await snapshot();
    const backupsBefore = await automaticBackups();
    const file = JSON.parse(backup);
    const withCollection = (name: string, documents: unknown[]) =>
      JSON.stringify({
        ...file,
        collections: { ...file.collections, [name]: documents },
        manifest: { ...file.manifest, counts: { ...file.manifest.counts, [name]: documents.length } },
      });
    const withUsers = (users: unknown[]) => withCollection('users', users);
    const ledger = file.collections.ledgerentries as { account: number; seq: number; balanceAfter: unknown }[];
    const [firstEntry] = ledger;
    if (!firstEntry) throw new Error('the fixture needs ledger entries');
    const alteredEntry = (change: Record<string, unknown>) =>
      withCollection(
        'ledgerentries',
        ledger.map((entry) => (entry === firstEntry ? { ...entry, ...change } : entry)),
      );
    /** The file with one more entry on the chain of the account granted coins, as the ledger would write it. */
    const withCredit = (key: string, type: string) => {
      type Entry = { account: number; seq: number; balanceAfter: number; type: string };
      const entries = ledger.map((entry) => EJSON.deserialize(entry, { relaxed: true }) as Entry);
      const granted = entries.find((entry) => entry.type === 'admin_grant')?.account;
      const head = entries.filter((e) => e.account === granted).sort((a, b) => b.seq - a.seq)[0];
      if (!head) throw new Error('the fixture needs a grant');
      const seq = head.seq + 1;
      const entry = { ...head, _id: `ledger:${head.account}:${seq}`, n: seq, seq, amount: 500, key, type };
      const added = { ...entry, balanceAfter: head.balanceAfter + 500, creditTo: null, reference: null };
      return withCollection('ledgerentries', [...ledger, EJSON.serialize(added, { relaxed: false })]);
    };
    const [firstUser] = file.collections.users;
    const cases: [string, string][] = [
      ['not json at all', ADMIN_TEXT.restoreNotBackup],
      [backup.slice(0, backup.length / 2), ADMIN_TEXT.restoreNotBackup],
      [JSON.stringify({ hello: 'world' }), ADMIN_TEXT.restoreNotBackup],
      [JSON.stringify({ ...file, manifest: { ...file.manifest, format: 'other-app' } }), ADMIN_TEXT.restoreNotBackup],
      [JSON.stringify({ ...file, manifest: { ...file.manifest, version: 2 } }), ADMIN_TEXT.restoreVersion(2)],
      [
        JSON.stringify({ ...file, collections: { ...file.collections, secrets: [] } }),
        ADMIN_TEXT.restoreUnknownCollection('secrets'),
      ],
      [
        JSON.stringify({ ...file, manifest: { ...file.manifest, counts: { ...file.manifest.counts, users: 99 } } }),
        ADMIN_TEXT.restoreCountMismatch('users', 99, file.collections.users.length),
      ],
      [withUsers([...file.collections.users, { ...firstUser, username: undefined }]), 'Document'],
      [withUsers([...file.collections.users, { ...firstUser, _id: { $oid: 'nope' } }]), 'Document'],
      [
        withUsers([...file.collections.users, 42]),
        ADMIN_TEXT.restoreBadDocument('users', file.collections.users.length, 'not an object'),
      ],
      [
        withUsers([...file.collections.users, { ...firstUser, _id: { $oid: '0123456789abcdef01234567' } }]),
        ADMIN_TEXT.restoreDuplicate('users', 'id'),
      ],
      // Coins from nowhere, and a chain with a hole in it (hole 8).
      [alteredEntry({ balanceAfter: { $numberInt: '999999' } }), "The backup's ledger does not add up"],
      [alteredEntry({ seq: { $numberInt: '7' } }), "The backup's ledger does not add up"],
      // Chains that add up, with coins minted from nothing: a sale of no debit, a payment never confirmed.
      [withCredit('sale:nothing-was-sold', 'sale'), ADMIN_TEXT.restoreCoinsFromNowhere(500, 'sale:nothing-was-sold')],
      [
        withCredit('payment:never-paid', 'coin_purchase'),
        ADMIN_TEXT.restoreCoinsFromNowhere(500, 'payment:never-paid'),
      ],
    ];
    for (const [content, message] of cases) {
      const response = await upload(admin, content);
      expect(response.statusCode, content.slice(0, 80)).toBe(400);
      expect(response.json().message, content.slice(0, 80)).toContain(message);
    }
    const wrongField = await upload(admin, backup, 'backup.json', 'file');
    expect(wrongField.json().message).toBe(VALIDATION.noFileSelected);
    const notJson = await upload(admin, backup, 'backup.txt');
    expect(notJson.json().message).toBe(ADMIN_TEXT.restoreNotJson);
    const noFile = await admin.call(api.databaseRestore, { body: {} });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(VALIDATION.noFileSelected);

    expect(await snapshot()).toEqual(unchanged);
    expect(await automaticBackups()).toEqual(backupsBefore);
  });

  it('is for admins only', async () => {
    const { client: moderator } = await createMember(app, { isModerator: true });
    const { client: member } = await createMember(app);
    const unchanged = await snapshot();
    for (const client of [moderator, member]) {
      expect((await download(client)).statusCode).toBe(403);
      expect((await upload(client, backup)).statusCode).toBe(403);
    }
    expect(await snapshot()).toEqual(unchanged);
  });
});
