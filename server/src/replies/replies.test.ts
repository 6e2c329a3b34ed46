import { api, ErrorCode, type Post, VALIDATION } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aThread } from '../test/forum.ts';
import { replyModels } from './models.ts';
import { REPLY_IDS } from './reply-model.ts';

let app: App;

beforeAll(async () => {
  app = await createTestApp();
});

const reply = (client: TestClient, id: number, content: string) =>
  client.call(api.reply, { params: { id }, body: { content } });

describe('replies', () => {
  it('are posted by members and listed oldest first with their authors', async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author);
    const { user: first, client: firstClient } = await createMember(app, { bio: 'hello' });
    const { client: secondClient } = await createMember(app, { isModerator: true });
    const posted = await reply(firstClient, thread.id, '  First!  ');
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toMatchObject({
      threadId: thread.id,
      authorId: first.id,
      authorName: first.username,
      authorIsModerator: false,
      content: 'First!',
    });
    await reply(secondClient, thread.id, 'Second');
    const listed = (await new TestClient(app).call(api.posts, { params: { id: thread.id } })).json() as Post[];
    expect(listed.map((p) => p.content)).toEqual(['First!', 'Second']);
    expect(listed[1]?.authorIsModerator).toBe(true);
    const page = await new TestClient(app).call(api.posts, {
      params: { id: thread.id },
      query: { after: String(listed[0]?.id), limit: '10' },
    });
    expect((page.json() as Post[]).map((p) => p.content)).toEqual(['Second']);
    expect((await new TestClient(app).call(api.thread, { params: { id: thread.id } })).json().replyCount).toBe(2);
  });

  it('are found by id when a crash left their id entry unfinished, which is then completed', async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author);
    const { client: earlier } = await createMember(app);
    await reply(earlier, thread.id, 'Earlier');
    const { client } = await createMember(app);
    const posted = (await reply(client, thread.id, 'Cut short')).json() as Post;
    const entry = { _id: `${REPLY_IDS}:${posted.id}` };
    await replyModels(app).ReplyRef.updateOne(entry, { $set: { number: null } });
    const { client: reporter } = await createMember(app);
    const reported = await reporter.call(api.createReport, {
      body: { contentType: 'post', contentId: posted.id, reason: 'Found by id' },
    });
    expect(reported.json()).toMatchObject({ contentText: 'Cut short' });
    expect(reported.statusCode).toBe(201);
    expect(await replyModels(app).ReplyRef.findOne(entry).lean()).toMatchObject({ number: 2 });
  });

  it('need content, a signed-in member, and a thread the member can see', async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author);
    const hidden = await aThread(app, author, { isPrivate: true });
    const { client } = await createMember(app);
    const empty = await reply(client, thread.id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(VALIDATION.contentRequired);
    expect((await reply(new TestClient(app), thread.id, 'hi')).statusCode).toBe(401);
    const { client: other } = await createMember(app);
    expect((await reply(other, hidden.id, 'hi')).statusCode).toBe(404);
    expect(await replyModels(app).Reply.countDocuments({ threadId: hidden.id })).toBe(0);
  });

  it('answer 402 on a premium thread without access, so the client opens the purchase dialog', async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author, { isPremium: true, premiumCost: 10 });
    const { client } = await createMember(app);
    const response = await reply(client, thread.id, 'Let me in');
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ code: ErrorCode.PremiumRequired, details: { threadId: thread.id } });
    expect(await replyModels(app).Reply.countDocuments({ threadId: thread.id })).toBe(0);
  });

  it('are refused to muted members', async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author);
    const { client } = await createMember(app, { mutedUntil: new Date(Date.now() + 3_600_000) });
    const response = await reply(client, thread.id, 'Hello?');
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(ErrorCode.Muted);
  });

  it('are limited to one every 10 seconds per member', async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author);
    const { client } = await createMember(app);
    expect((await reply(client, thread.id, 'one')).statusCode).toBe(201);
    const second = await reply(client, thread.id, 'two');
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({
      code: ErrorCode.RateLimited,
      message: 'You can reply once every 10 seconds',
    });
    const { client: other } = await createMember(app);
    expect((await reply(other, thread.id, 'someone else')).statusCode).toBe(201);
    expect(await replyModels(app).Reply.countDocuments({ threadId: thread.id })).toBe(2);
  });
});
