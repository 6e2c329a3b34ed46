import { ADMIN_TEXT, api, CATEGORY_COLORS, CATEGORY_ICONS, ErrorCode, SERVER_TEXT } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { categoryModels } from '../categories/models.ts';
import { moderationModels } from '../moderation/models.ts';
import { createTestApp } from '../test/app.ts';
import type { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aThread } from '../test/forum.ts';
import { deleteThread } from '../threads/moderation.ts';

let app: App;
let admin: TestClient;
let adminId: number;

beforeAll(async () => {
  app = await createTestApp();
  const created = await createMember(app, { isAdmin: true });
  admin = created.client;
  adminId = created.user.id;
});

const form = { name: 'Self-hosting', description: 'Servers at home', icon: 'Bot', color: 'success' };

describe('creating a category (POST /api/admin/categories)', () => {
  it('stores the form, trimmed, not premium by default, and answers the category', async () => {
    const response = await admin.call(api.createCategory, {
      body: { ...form, name: '  Self-hosting ', description: ' Servers at home ' },
    });
    expect(response.statusCode).toBe(201);
    const category = response.json();
    expect(category).toMatchObject({ ...form, isPremium: false, premiumCost: null, threadCount: 0 });
    expect((await admin.call(api.category, { params: { id: category.id } })).json()).toMatchObject(form);
    expect(
      await moderationModels(app).ModerationLog.findOne({ action: 'category.create', targetId: category.id }).lean(),
    ).toMatchObject({ actorId: adminId, targetType: 'category' });
  });

  it('keeps a premium cost only on a premium category', async () => {
    const premium = await admin.call(api.createCategory, { body: { ...form, isPremium: true, premiumCost: 50 } });
    expect(premium.json()).toMatchObject({ isPremium: true, premiumCost: 50 });
    const free = await admin.call(api.createCategory, { body: { ...form, isPremium: false, premiumCost: 50 } });
    expect(free.json()).toMatchObject({ isPremium: false, premiumCost: null });
  });

  it("accepts the spec's icons and colours, and nothing else", async () => {
    for (const icon of CATEGORY_ICONS) {
      expect((await admin.call(api.createCategory, { body: { ...form, icon } })).statusCode, icon).toBe(201);
    }
    for (const color of CATEGORY_COLORS) {
      expect((await admin.call(api.createCategory, { body: { ...form, color } })).statusCode, color).toBe(201);
    }
    const bad = [
      { icon: 'Skull' },
      { color: 'purple' },
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(61) },
      { description: 'x'.repeat(501) },
      { isPremium: true, premiumCost: -1 },
      { isPremium: true, premiumCost: 2.5 },
    ];
    for (const change of bad) {
      const response = await admin.call(api.createCategory, { body: { ...form, ...change } });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().code).toBe(ErrorCode.Validation);
    }
  });
});

describe('editing a category (PUT /api/admin/categories/{id})', () => {
  it('replaces the fields and logs before and after', async () => {
    const { id } = (await admin.call(api.createCategory, { body: form })).json();
    const changed = { name: 'Homelab', description: 'Racks and routers', icon: 'Zap', color: 'dark' };
    const response = await admin.call(api.updateCategory, {
      params: { id },
      body: { ...changed, isPremium: true, premiumCost: 75 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, ...changed, isPremium: true, premiumCost: 75 });
    expect(
      await moderationModels(app).ModerationLog.findOne({ action: 'category.update', targetId: id }).lean(),
    ).toMatchObject({
      details: { before: { name: 'Self-hosting' }, after: { name: 'Homelab', premiumCost: 75 } },
    });
    const missing = await admin.call(api.updateCategory, { params: { id: 99_999 }, body: changed });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(SERVER_TEXT.categoryNotFound);
  });
});

describe('deleting a category (DELETE /api/admin/categories/{id})', () => {
  it("refuses while it contains threads, with the spec's message, and deletes it once empty", async () => {
    const { id } = (await admin.call(api.createCategory, { body: form })).json();
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author, { categoryId: id });

    const refused = await admin.call(api.deleteCategory, { params: { id } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: SERVER_TEXT.categoryHasThreads,
      code: ErrorCode.Conflict,
      details: { threadCount: 1 },
    });
    expect(await categoryModels(app).Category.exists({ id })).toBeTruthy();

    await deleteThread(app, { id: adminId }, thread.id);
    const deleted = await admin.call(api.deleteCategory, { params: { id } });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: ADMIN_TEXT.categoryDeleted });
    expect(await categoryModels(app).Category.exists({ id })).toBeNull();
    expect((await admin.call(api.deleteCategory, { params: { id } })).statusCode).toBe(404);
    expect(await moderationModels(app).ModerationLog.exists({ action: 'category.delete', targetId: id })).toBeTruthy();
  });
});

describe('the categories tab (GET /api/admin/categories)', () => {
  it('lists every category with its thread count', async () => {
    const { id } = (await admin.call(api.createCategory, { body: { ...form, name: 'Counted' } })).json();
    const { user: author } = await createMember(app);
    await aThread(app, author, { categoryId: id });
    await aThread(app, author, { categoryId: id }, { approved: false });
    const listed = (await admin.call(api.adminCategories)).json();
    expect(listed.find((category: { id: number }) => category.id === id)).toMatchObject({
      name: 'Counted',
      threadCount: 2,
    });
  });
});
