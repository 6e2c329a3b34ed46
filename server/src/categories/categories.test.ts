import { api, type Category } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aCategory, aThread } from '../test/forum.ts';
import { threadModels } from '../threads/models.ts';

let app: App;

beforeAll(async () => {
  app = await createTestApp();
});

const find = async (client: TestClient, id: number) =>
  ((await client.call(api.categories)).json() as Category[]).find((c) => c.id === id);

describe('categories', () => {
  it('list every category with its card fields, empty ones with no activity', async () => {
    const category = await aCategory(app, {
      name: 'Trading',
      description: 'Charts and calls',
      icon: 'LineChart',
      color: 'success',
      isPremium: true,
      premiumCost: 50,
    });
    expect(await find(new TestClient(app), category.id)).toEqual({
      id: category.id,
      name: 'Trading',
      description: 'Charts and calls',
      icon: 'LineChart',
      color: 'success',
      isPremium: true,
      premiumCost: 50,
      threadCount: 0,
      lastActivity: null,
    });
  });

  it('count only the threads the viewer can see', async () => {
    const category = await aCategory(app);
    const { user: author, client: authorClient } = await createMember(app);
    const { user: friend, client: friendClient } = await createMember(app);
    await aThread(app, author, { categoryId: category.id });
    await aThread(app, author, { categoryId: category.id }, { approved: false });
    await aThread(app, author, { categoryId: category.id, isPrivate: true, allowedUserIds: [friend.id] });
    const { client: admin } = await createMember(app, { isAdmin: true });

    expect((await find(new TestClient(app), category.id))?.threadCount).toBe(1);
    expect((await find(friendClient, category.id))?.threadCount).toBe(2);
    expect((await find(authorClient, category.id))?.threadCount).toBe(3);
    expect((await find(admin, category.id))?.threadCount).toBe(3);
    const one = await new TestClient(app).call(api.category, { params: { id: category.id } });
    expect(one.json()).toMatchObject({ id: category.id, threadCount: 1 });
  });

  it("follow a member's pending and private threads as they are approved, shared and deleted", async () => {
    const category = await aCategory(app);
    const { user: author, client: authorClient } = await createMember(app);
    const { user: first, client: firstClient } = await createMember(app);
    const { user: second, client: secondClient } = await createMember(app);
    const { client: admin } = await createMember(app, { isAdmin: true });
    const counts = async () =>
      Promise.all(
        [authorClient, firstClient, secondClient].map(async (c) => (await find(c, category.id))?.threadCount),
      );

    const pending = await aThread(app, author, { categoryId: category.id }, { approved: false });
    const shared = await aThread(app, author, { categoryId: category.id, isPrivate: true, allowedUserIds: [first.id] });
    expect(await counts()).toEqual([2, 1, 0]);
    // The private thread is the newest its invited member sees, and no one else's activity.
    expect((await find(firstClient, category.id))?.lastActivity).toBe(shared.createdAt);
    expect((await find(secondClient, category.id))?.lastActivity).toBeNull();

    expect((await admin.call(api.approveThread, { params: { id: pending.id } })).statusCode).toBe(200);
    expect(await counts()).toEqual([2, 2, 1]);

    const edit = { params: { id: shared.id }, body: { allowedUserIds: [second.id] } };
    expect((await admin.call(api.editThread, edit)).statusCode).toBe(200);
    expect(await counts()).toEqual([2, 1, 2]);

    expect((await admin.call(api.deleteThread, { params: { id: shared.id } })).statusCode).toBe(200);
    expect(await counts()).toEqual([1, 1, 1]);
    expect((await find(secondClient, category.id))?.lastActivity).toBe(pending.createdAt);
  });

  it('report the newest visible thread or reply as last activity', async () => {
    const category = await aCategory(app);
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author, { categoryId: category.id });
    const created = (await find(new TestClient(app), category.id))?.lastActivity;
    const stored = await threadModels(app).Thread.findOne({ id: thread.id }).lean();
    expect(created).toBe(stored?.createdAt.toISOString());

    await new Promise((resolve) => setTimeout(resolve, 5));
    const { client } = await createMember(app);
    const reply = await client.call(api.reply, { params: { id: thread.id }, body: { content: 'Nice' } });
    expect((await find(new TestClient(app), category.id))?.lastActivity).toBe(reply.json().createdAt);

    await new Promise((resolve) => setTimeout(resolve, 5));
    await aThread(app, author, { categoryId: category.id, isPrivate: true });
    expect((await find(new TestClient(app), category.id))?.lastActivity).toBe(reply.json().createdAt);

    // The newest thread deleted, the newest activity is the one before it again.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newest = await aThread(app, author, { categoryId: category.id });
    expect((await find(new TestClient(app), category.id))?.lastActivity).toBe(newest.createdAt);
    const { client: admin } = await createMember(app, { isAdmin: true });
    expect((await admin.call(api.deleteThread, { params: { id: newest.id } })).statusCode).toBe(200);
    expect(await find(new TestClient(app), category.id)).toMatchObject({
      threadCount: 1,
      lastActivity: reply.json().createdAt,
    });
  });

  it('answer 404 for an unknown category', async () => {
    const response = await new TestClient(app).call(api.category, { params: { id: 99999 } });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Category not found');
  });
});
