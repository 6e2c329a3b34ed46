import { api, ErrorCode, LIMITS, MESSAGE_TEXT, SERVER_TEXT, VALIDATION } from '@enclave/protocol';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { userModels } from '../users/models.ts';
import { messageModels } from './models.ts';

let app: App;

beforeAll(async () => {
  app = await createTestApp();
});
afterEach(() => {
  vi.useRealTimers();
});

const stored = (senderId: number) => messageModels(app).PrivateMessage.countDocuments({ senderId });

describe('POST /api/messages', () => {
  it('stores the message and answers it with both usernames', async () => {
    const { user: sender, client } = await createMember(app);
    const { user: recipient } = await createMember(app);
    const response = await client.call(api.sendMessage, {
      body: { content: 'Hello there', recipientId: recipient.id },
    });
    expect(response.statusCode).toBe(201);
    const message = response.json();
    expect(message).toMatchObject({
      content: 'Hello there',
      senderId: sender.id,
      recipientId: recipient.id,
      isRead: false,
      readAt: null,
      hasAttachment: false,
      attachmentType: null,
      attachmentData: null,
      _senderUsername: sender.username,
      _recipientUsername: recipient.username,
    });
    expect(message.id).toBeTypeOf('number');
    expect(await messageModels(app).PrivateMessage.exists({ id: message.id, recipientId: recipient.id })).toBeTruthy();
  });

  it('requires content, and at most 5000 characters of it', async () => {
    const { user: recipient } = await createMember(app);
    const cases: [unknown, string][] = [
      [undefined, VALIDATION.contentRequired],
      ['', VALIDATION.contentRequired],
      ['   \n ', VALIDATION.contentRequired],
      ['x'.repeat(LIMITS.messageMax + 1), MESSAGE_TEXT.contentTooLong(LIMITS.messageMax)],
    ];
    for (const [content, text] of cases) {
      const { user, client } = await createMember(app);
      const response = await client.call(api.sendMessage, { body: { content, recipientId: recipient.id } });
      expect(response.statusCode, String(content)).toBe(400);
      expect(response.json()).toMatchObject({ message: text, code: ErrorCode.Validation });
      expect(await stored(user.id)).toBe(0);
    }
    const { client } = await createMember(app);
    const longest = await client.call(api.sendMessage, {
      body: { content: 'x'.repeat(LIMITS.messageMax), recipientId: recipient.id },
    });
    expect(longest.statusCode).toBe(201);
  });

  it('requires a numeric recipient', async () => {
    const { client } = await createMember(app);
    for (const recipientId of [undefined, 'bob', 0, 1.5]) {
      const response = await client.call(api.sendMessage, { body: { content: 'Hi', recipientId } });
      expect(response.statusCode, String(recipientId)).toBe(400);
      expect(response.json().code).toBe(ErrorCode.Validation);
    }
  });

  it('refuses a message to yourself', async () => {
    const { user, client } = await createMember(app);
    const response = await client.call(api.sendMessage, { body: { content: 'Note to self', recipientId: user.id } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: MESSAGE_TEXT.notToYourself, code: ErrorCode.Validation });
    expect(await stored(user.id)).toBe(0);
  });

  it('answers User not found for an unknown or deleted member', async () => {
    const { user: gone } = await createMember(app);
    await userModels(app).User.updateOne({ id: gone.id }, { $set: { deletedAt: new Date() } });
    app.changes.tell({ kind: 'member', id: gone.id });
    for (const recipientId of [gone.id, 999_999]) {
      const { user, client } = await createMember(app);
      const response = await client.call(api.sendMessage, { body: { content: 'Hi', recipientId } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: SERVER_TEXT.userNotFound, code: ErrorCode.NotFound });
      expect(await stored(user.id)).toBe(0);
    }
  });

  it('refuses a muted member until the mute ends', async () => {
    const mutedUntil = new Date(Date.now() + 60 * 60 * 1000);
    const { user, client } = await createMember(app, { mutedUntil });
    const { user: recipient } = await createMember(app);
    const response = await client.call(api.sendMessage, { body: { content: 'Hi', recipientId: recipient.id } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: ErrorCode.Muted,
      message: SERVER_TEXT.mutedUntil(mutedUntil.toISOString()),
    });
    expect(await stored(user.id)).toBe(0);

    // The refused try counted against the 2-second limit like any other.
    vi.useFakeTimers({ toFake: ['Date'], now: mutedUntil.getTime() + 1000 });
    const later = await client.call(api.sendMessage, { body: { content: 'Hi', recipientId: recipient.id } });
    expect(later.statusCode).toBe(201);
  });

  it('refuses a banned member, an anonymous visitor and an unverified account', async () => {
    const { user: recipient } = await createMember(app);
    const body = { content: 'Hi', recipientId: recipient.id };
    const banned = await createMember(app, { isBanned: true });
    expect((await banned.client.call(api.sendMessage, { body })).statusCode).toBe(401);
    expect(await stored(banned.user.id)).toBe(0);
    expect((await new TestClient(app).call(api.sendMessage, { body })).statusCode).toBe(401);
    const unverified = await createMember(app, { isEmailVerified: false });
    const response = await unverified.client.call(api.sendMessage, { body });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(ErrorCode.EmailNotVerified);
    expect(await stored(unverified.user.id)).toBe(0);
  });

  it('lets a member send one message every 2 seconds', async () => {
    const { user, client } = await createMember(app);
    const { user: recipient } = await createMember(app);
    const { client: other } = await createMember(app);
    const body = { content: 'Hi', recipientId: recipient.id };
    expect((await client.call(api.sendMessage, { body })).statusCode).toBe(201);
    const second = await client.call(api.sendMessage, { body });
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({ code: ErrorCode.RateLimited, message: SERVER_TEXT.rateLimited });
    expect(await stored(user.id)).toBe(1);
    // Per sender, not per recipient or address.
    expect((await other.call(api.sendMessage, { body })).statusCode).toBe(201);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2100 });
    expect((await client.call(api.sendMessage, { body })).statusCode).toBe(201);
    expect(await stored(user.id)).toBe(2);
  });
});
