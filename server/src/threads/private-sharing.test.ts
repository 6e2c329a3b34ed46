import { api, FORUM_TEXT, LIMITS, type Thread } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createMember, DEFAULT_PASSWORD } from '../test/factories.ts';
import { aCategory } from '../test/forum.ts';
import { type BrowserTabs, listeningWithTabs, quiet, received } from '../test/tabs.ts';
import { deleteAccount } from '../users/service.ts';

/** A private thread is read by its author, the members it names and staff; the named members are told. */

let app: App;
let tabs: BrowserTabs;
let categoryId: number;

beforeAll(async () => {
  ({ app, tabs } = await listeningWithTabs());
  categoryId = (await aCategory(app)).id;
});

const privateBody = (allowedUserIds: number[]) => ({
  title: 'Our little circle',
  content: 'Only for the people named here',
  categoryId,
  isPrivate: true,
  allowedUserIds,
});

describe('who reads a private thread', () => {
  it('opens for the author, each chosen member and staff, and is a 404 for everyone else', async () => {
    const { client: author } = await createMember(app, { isModerator: true });
    const { user: chosen, client: chosenClient } = await createMember(app);
    const { client: other } = await createMember(app);
    const { client: admin } = await createMember(app, { isAdmin: true });
    const created = await author.call(api.createThread, { body: privateBody([chosen.id]) });
    expect(created.statusCode).toBe(201);
    const thread = created.json<Thread>();
    expect(thread.allowedUserIds).toEqual([chosen.id]);

    for (const client of [author, chosenClient, admin]) {
      expect((await client.call(api.thread, { params: { id: thread.id } })).statusCode).toBe(200);
    }
    expect((await other.call(api.thread, { params: { id: thread.id } })).statusCode).toBe(404);
    const listed = async (client: typeof other) =>
      (await client.call(api.threads, { query: { categoryId: String(categoryId) } })).json<Thread[]>().map((t) => t.id);
    expect(await listed(chosenClient)).toContain(thread.id);
    expect(await listed(other)).not.toContain(thread.id);
    // The list of names is the author's and staff's business, not the readers'.
    expect((await chosenClient.call(api.thread, { params: { id: thread.id } })).json()).not.toHaveProperty(
      'allowedUserIds',
    );
  });

  it('follows an admin edit of the list', async () => {
    const { client: author } = await createMember(app, { isModerator: true });
    const { user: first, client: firstClient } = await createMember(app);
    const { user: second, client: secondClient } = await createMember(app);
    const { client: admin } = await createMember(app, { isAdmin: true });
    const thread = (await author.call(api.createThread, { body: privateBody([first.id]) })).json<Thread>();
    const edited = await admin.call(api.editThread, {
      params: { id: thread.id },
      body: { allowedUserIds: [second.id] },
    });
    expect(edited.statusCode).toBe(200);
    expect((await firstClient.call(api.thread, { params: { id: thread.id } })).statusCode).toBe(404);
    expect((await secondClient.call(api.thread, { params: { id: thread.id } })).statusCode).toBe(200);
  });
});

describe('the chosen members', () => {
  it('must be existing, not deleted members, at most the limit', async () => {
    const { user: author, client } = await createMember(app);
    const { user: gone } = await createMember(app);
    await deleteAccount(app, gone, DEFAULT_PASSWORD);
    const refusal = async (ids: number[]) => {
      const response = await client.call(api.createThread, { body: privateBody(ids) });
      return [response.statusCode, response.json().message];
    };
    expect(await refusal([999_999])).toEqual([400, FORUM_TEXT.allowedUsersUnknown]);
    expect(await refusal([gone.id])).toEqual([400, FORUM_TEXT.allowedUsersUnknown]);
    const tooMany = Array.from({ length: LIMITS.allowedUsersMax + 1 }, (_, i) => i + 1);
    expect(await refusal(tooMany)).toEqual([400, FORUM_TEXT.allowedUsersMax(LIMITS.allowedUsersMax)]);
    // Naming yourself is harmless: the author always reads their thread.
    const own = await client.call(api.createThread, { body: privateBody([author.id]) });
    expect(own.statusCode).toBe(201);
    expect(own.json().allowedUserIds).toEqual([]);
  });
});

describe('telling the chosen members', () => {
  it('pushes thread:shared to each chosen member only, once they can read it', async () => {
    const { client: author } = await createMember(app);
    const { user: chosen, client: chosenClient } = await createMember(app);
    const { client: other } = await createMember(app);
    const { client: moderator } = await createMember(app, { isModerator: true });
    const chosenTab = await tabs.open(chosenClient);
    const otherTab = await tabs.open(other);
    const authorTab = await tabs.open(author);

    // A member's thread waits for approval: the chosen member hears of it when it opens for them.
    const thread = (await author.call(api.createThread, { body: privateBody([chosen.id]) })).json<Thread>();
    await quiet(app, chosenTab);
    expect(chosenTab.received.filter(([name]) => name === 'thread:shared')).toEqual([]);
    await moderator.call(api.approveThread, { params: { id: thread.id } });

    expect(await received(chosenTab, 'thread:shared')).toEqual([{ threadId: thread.id, title: thread.title }]);
    await quiet(app, otherTab, authorTab);
    for (const tab of [otherTab, authorTab]) {
      expect(tab.received.filter(([name]) => name === 'thread:shared')).toEqual([]);
    }
  });

  it('tells only the members an edit adds', async () => {
    const { client: author } = await createMember(app, { isAdmin: true });
    const { user: kept, client: keptClient } = await createMember(app);
    const { user: added, client: addedClient } = await createMember(app);
    const thread = (await author.call(api.createThread, { body: privateBody([kept.id]) })).json<Thread>();
    const keptTab = await tabs.open(keptClient);
    const addedTab = await tabs.open(addedClient);
    await author.call(api.editThread, { params: { id: thread.id }, body: { allowedUserIds: [kept.id, added.id] } });
    expect(await received(addedTab, 'thread:shared')).toEqual([{ threadId: thread.id, title: thread.title }]);
    await quiet(app, keptTab);
    expect(keptTab.received.filter(([name]) => name === 'thread:shared')).toEqual([]);
  });
});
