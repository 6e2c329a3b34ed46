import { randomBytes } from 'node:crypto';
import { api, ErrorCode, LIMITS, type MemberSuggestion } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { byNumericId } from '../storage/index.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember, DEFAULT_PASSWORD } from '../test/factories.ts';
import { userModels } from './models.ts';

let app: App;

beforeAll(async () => {
  app = await createTestApp();
});

/** Names no other test's members start with. */
const freshPrefix = () => `s${randomBytes(3).toString('hex')}`;

async function suggestions(client: TestClient, prefix: string): Promise<MemberSuggestion[]> {
  const response = await client.call(api.memberSuggestions, { query: { prefix } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /api/users/suggestions', () => {
  it('offers members whose names start with the letters typed, any case, alphabetically and at most 8', async () => {
    const prefix = freshPrefix();
    const names = ['zed', 'Bob', 'bob2', 'alice', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi'].map(
      (name) => `${prefix}_${name}`,
    );
    for (const username of names) await createMember(app, { username });
    await createMember(app, { username: `x${prefix}_not_a_prefix` });
    const { client } = await createMember(app);

    const found = await suggestions(client, prefix.toUpperCase());
    expect(found.map((member) => member.username)).toEqual(
      [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())).slice(0, LIMITS.memberSuggestionsMax),
    );
    expect((await suggestions(client, `${prefix}_bo`)).map((member) => member.username)).toEqual([
      `${prefix}_Bob`,
      `${prefix}_bob2`,
    ]);
  });

  it('shows only what a member card may: an id, a name and a picture, never an email', async () => {
    const prefix = freshPrefix();
    const { user } = await createMember(app, { username: `${prefix}_carded`, bio: 'A bio the card may hide' });
    const { client } = await createMember(app);
    const response = await client.call(api.memberSuggestions, { query: { prefix } });
    expect(response.json()).toEqual([{ id: user.id, username: user.username, profilePicture: null }]);
    expect(response.body).not.toContain(user.email);
    expect(response.body).not.toContain('A bio');
  });

  it('leaves out the caller, members who hide their profile and deleted accounts', async () => {
    const prefix = freshPrefix();
    const { client: caller } = await createMember(app, { username: `${prefix}_me` });
    const { client: hidden } = await createMember(app, { username: `${prefix}_hidden` });
    await hidden.call(api.updatePrivacy, { body: { defaultThreadPrivate: false, hideProfile: true } });
    const { client: leaving } = await createMember(app, { username: `${prefix}_leaving` });
    await leaving.call(api.deleteAccount, { body: { password: DEFAULT_PASSWORD } });
    await createMember(app, { username: `${prefix}_shown` });

    expect((await suggestions(caller, prefix)).map((member) => member.username)).toEqual([`${prefix}_shown`]);
    // A hidden member is still found by their exact name, as before.
    expect((await caller.call(api.searchUser, { params: { username: `${prefix}_hidden` } })).statusCode).toBe(200);
    // A deleted account's placeholder name is no one to offer either.
    expect(await suggestions(caller, 'deleted')).toEqual([]);
  });

  it('offers members written before the start, a renamed member under the new name, and none for no match', async () => {
    const prefix = freshPrefix();
    for (const name of ['delta', 'alpha', 'charlie']) await createMember(app, { username: `${prefix}_${name}` });
    // A new start on the same data: its members are loaded, not told.
    const restarted = await createTestApp({}, app.config.database);
    const { user: renamed } = await createMember(restarted, { username: `${prefix}_bravo` });
    const { client: other } = await createMember(restarted);
    const names = async () => (await suggestions(other, prefix)).map((member) => member.username);
    expect(await names()).toEqual(['alpha', 'bravo', 'charlie', 'delta'].map((name) => `${prefix}_${name}`));

    const username = `${prefix}_echo`;
    await userModels(restarted).User.updateOne(byNumericId(renamed.id), { $set: { username, usernameKey: username } });
    restarted.changes.tell({ kind: 'member', id: renamed.id });
    expect(await names()).toEqual(['alpha', 'charlie', 'delta', 'echo'].map((name) => `${prefix}_${name}`));
    expect(await suggestions(other, `${prefix}_b`)).toEqual([]);
    expect(await suggestions(other, `${prefix}_zz`)).toEqual([]);
  });

  it('is for signed-in, verified members, from two letters on', async () => {
    expect((await new TestClient(app).call(api.memberSuggestions, { query: { prefix: 'ab' } })).statusCode).toBe(401);
    const { client: unverified } = await createMember(app, { isEmailVerified: false });
    const refused = await unverified.call(api.memberSuggestions, { query: { prefix: 'ab' } });
    expect(refused.json().code).toBe(ErrorCode.EmailNotVerified);
    const { client } = await createMember(app);
    expect((await client.call(api.memberSuggestions, { query: { prefix: 'a' } })).statusCode).toBe(400);
    expect((await client.call(api.memberSuggestions)).statusCode).toBe(400);
  });

  it('is rate-limited per member, like a lookup', async () => {
    const { client } = await createMember(app);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      statuses.push((await client.call(api.memberSuggestions, { query: { prefix: `r${i}x` } })).statusCode);
    }
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    // Another member is not slowed by it.
    const { client: other } = await createMember(app);
    expect((await other.call(api.memberSuggestions, { query: { prefix: 'r0x' } })).statusCode).toBe(200);
  });
});
