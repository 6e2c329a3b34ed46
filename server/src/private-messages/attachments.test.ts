import { api, ErrorCode, MESSAGE_TEXT, type SendMessageBody } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { insertWithId } from '../storage/index.ts';
import { createTestApp } from '../test/app.ts';
import type { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { threadModels } from '../threads/models.ts';
import type { ThreadRecord } from '../threads/thread-model.ts';
import type { UserRecord } from '../users/user-model.ts';

let app: App;
let recipient: UserRecord;
let recipientClient: TestClient;
let author: UserRecord;

beforeAll(async () => {
  app = await createTestApp();
  ({ user: recipient, client: recipientClient } = await createMember(app));
  author = (await createMember(app)).user;
});

/** A fresh sender per message, so the 2-second limit never interferes. */
async function send(body: Partial<SendMessageBody> | Record<string, unknown>, to: UserRecord = recipient) {
  const { client } = await createMember(app);
  return client.call(api.sendMessage, { body: { content: 'Look at this', recipientId: to.id, ...body } });
}

async function thread(
  fields: Partial<Pick<ThreadRecord, 'isPrivate' | 'allowedUserIds' | 'isApproved' | 'deletedAt'>> = {},
) {
  const created = await insertWithId(threadModels(app).Thread, {
    title: 'A thread',
    content: 'About things',
    authorId: author.id,
    categoryId: 1,
    isApproved: true,
    ...fields,
  } as Omit<ThreadRecord, 'id'>);
  return created.id;
}

function expectRefused(response: Awaited<ReturnType<typeof send>>, message: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toMatchObject({ message, code: ErrorCode.Validation });
}

describe('link attachments', () => {
  it('accepts http and https URLs', async () => {
    for (const url of ['https://example.com/tools?id=1', 'http://example.org']) {
      const response = await send({ hasAttachment: true, attachmentType: 'link', attachmentData: url });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ hasAttachment: true, attachmentType: 'link', attachmentData: url });
    }
  });

  it('takes the attachment type alone as the flag', async () => {
    const response = await send({ attachmentType: 'link', attachmentData: '  https://example.com  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ hasAttachment: true, attachmentData: 'https://example.com' });
  });

  it('refuses anything that is not an http(s) URL', async () => {
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://example.com/file',
      'http//example.com',
      'httpexample.com',
      'https://',
      'file:///etc/passwd',
      'example.com',
    ]) {
      expectRefused(
        await send({ hasAttachment: true, attachmentType: 'link', attachmentData: url }),
        MESSAGE_TEXT.linkInvalid,
      );
    }
  });
});

describe('invite attachments', () => {
  it('names the invited thread only to a member who may open it', async () => {
    const title = 'Only the recipient may read this title';
    const id = await thread({ isPrivate: true, allowedUserIds: [recipient.id] });
    await threadModels(app).Thread.updateOne({ id }, { $set: { title } });
    const { client: sender } = await createMember(app);
    const sent = await sender.call(api.sendMessage, {
      body: { content: 'Look', recipientId: recipient.id, attachmentType: 'invite', attachmentData: String(id) },
    });
    expect(sent.statusCode).toBe(201);
    // The sender is not on the thread's list: their copy says nothing of it.
    expect(sent.json()).toMatchObject({ inviteTitle: null });
    expect(sent.body).not.toContain(title);

    const inbox = (await recipientClient.call(api.listMessages, { query: { box: 'inbox' } })).json();
    expect(inbox.inbox.find((message: { id: number }) => message.id === sent.json().id)).toMatchObject({
      inviteTitle: title,
    });
  });

  it('invites to a thread the recipient can see, by its id', async () => {
    const id = await thread();
    const response = await send({ hasAttachment: true, attachmentType: 'invite', attachmentData: String(id) });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ attachmentType: 'invite', attachmentData: String(id) });
  });

  it('refuses an id that is not a number or names no thread', async () => {
    for (const data of ['abc', '12abc', '-1', '0', '1.5', '99999', '123456789012345678901']) {
      expectRefused(
        await send({ hasAttachment: true, attachmentType: 'invite', attachmentData: data }),
        MESSAGE_TEXT.inviteInvalid,
      );
    }
  });

  it('refuses a private thread the recipient is not allowed into, one awaiting approval and a deleted one', async () => {
    const hidden = await thread({ isPrivate: true, allowedUserIds: [author.id] });
    const pending = await thread({ isApproved: false });
    const deleted = await thread({ deletedAt: new Date() });
    for (const id of [hidden, pending, deleted]) {
      expectRefused(await send({ attachmentType: 'invite', attachmentData: String(id) }), MESSAGE_TEXT.inviteInvalid);
    }
  });

  it('accepts a private thread the recipient is allowed into, and any thread for staff or its author', async () => {
    const allowed = await thread({ isPrivate: true, allowedUserIds: [recipient.id] });
    expect((await send({ attachmentType: 'invite', attachmentData: String(allowed) })).statusCode).toBe(201);
    const hidden = await thread({ isPrivate: true, isApproved: false });
    const { user: moderator } = await createMember(app, { isModerator: true });
    expect((await send({ attachmentType: 'invite', attachmentData: String(hidden) }, moderator)).statusCode).toBe(201);
    expect((await send({ attachmentType: 'invite', attachmentData: String(hidden) }, author)).statusCode).toBe(201);
  });
});

describe('attachment fields', () => {
  it('needs a type and data when hasAttachment is set', async () => {
    expectRefused(
      await send({ hasAttachment: true, attachmentData: 'https://example.com' }),
      MESSAGE_TEXT.attachmentTypeRequired,
    );
    expectRefused(await send({ hasAttachment: true, attachmentType: 'link' }), MESSAGE_TEXT.attachmentDataRequired);
    expectRefused(
      await send({ hasAttachment: true, attachmentType: 'link', attachmentData: '   ' }),
      MESSAGE_TEXT.attachmentDataRequired,
    );
  });

  it('refuses an attachment with hasAttachment false, and an unknown type', async () => {
    expectRefused(
      await send({ hasAttachment: false, attachmentType: 'link', attachmentData: 'https://example.com' }),
      MESSAGE_TEXT.attachmentWithoutFlag,
    );
    expectRefused(await send({ attachmentData: 'https://example.com' }), MESSAGE_TEXT.attachmentWithoutFlag);
    expectRefused(
      await send({ hasAttachment: true, attachmentType: 'file', attachmentData: 'x' }),
      MESSAGE_TEXT.attachmentTypeInvalid,
    );
  });

  it('accepts hasAttachment false with empty attachment fields', async () => {
    const response = await send({ hasAttachment: false, attachmentData: '' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ hasAttachment: false, attachmentType: null, attachmentData: null });
  });
});
