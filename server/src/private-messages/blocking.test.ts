import { api, ErrorCode, MESSAGE_TEXT, SERVER_TEXT } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { userModels } from '../users/models.ts';
import type { UserRecord } from '../users/user-model.ts';
import { messageModels } from './models.ts';
import { sendMessage } from './service.ts';

let app: App;

beforeAll(async () => {
  app = await createTestApp();
});

/** Through the service, so the 2-second sending limit stays out of these tests. */
const attempt = (from: UserRecord, to: UserRecord) =>
  sendMessage(app, from, { content: 'Hi', recipientId: to.id }).then(
    () => 'sent',
    (error: Error) => error.message,
  );

describe('blocking a member', () => {
  it('refuses the blocked member’s messages with a clear 403, and lists the block', async () => {
    const { user: alice, client } = await createMember(app);
    const { user: bob, client: bobClient } = await createMember(app);
    const blocked = await client.call(api.blockMember, { params: { id: bob.id } });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({ user: { id: bob.id, username: bob.username } });

    const refused = await bobClient.call(api.sendMessage, { body: { content: 'Hi', recipientId: alice.id } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: MESSAGE_TEXT.blockedByRecipient, code: ErrorCode.Forbidden });
    expect(await messageModels(app).PrivateMessage.countDocuments({ senderId: bob.id })).toBe(0);

    const list = await client.call(api.blockedMembers);
    expect(list.json()).toEqual({ blocks: [blocked.json()] });
    expect((await bobClient.call(api.blockedMembers)).json()).toEqual({ blocks: [] });
  });

  it('stops the blocker writing to the member they blocked, until they unblock', async () => {
    const { client } = await createMember(app);
    const { user: bob } = await createMember(app);
    await client.call(api.blockMember, { params: { id: bob.id } });
    const refused = await client.call(api.sendMessage, { body: { content: 'Hi', recipientId: bob.id } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: MESSAGE_TEXT.blockedBySender, code: ErrorCode.Forbidden });
  });

  it('is idempotent both ways, and unblocking lets messages through again', async () => {
    const { user: alice, client } = await createMember(app);
    const { user: bob } = await createMember(app);
    const first = (await client.call(api.blockMember, { params: { id: bob.id } })).json();
    const second = await client.call(api.blockMember, { params: { id: bob.id } });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first);
    expect((await client.call(api.blockedMembers)).json().blocks).toHaveLength(1);
    expect(await attempt(bob, alice)).toBe(MESSAGE_TEXT.blockedByRecipient);

    for (let i = 0; i < 2; i++) {
      const unblocked = await client.call(api.unblockMember, { params: { id: bob.id } });
      expect(unblocked.statusCode).toBe(200);
      expect(unblocked.json()).toEqual({ message: MESSAGE_TEXT.unblocked });
    }
    expect((await client.call(api.blockedMembers)).json()).toEqual({ blocks: [] });
    expect(await attempt(bob, alice)).toBe('sent');
    expect(await attempt(alice, bob)).toBe('sent');
  });

  it('keeps one block when the same block is sent twice at once', async () => {
    const { user: alice, client } = await createMember(app);
    const { user: bob } = await createMember(app);
    const responses = await Promise.all([1, 2, 3].map(() => client.call(api.blockMember, { params: { id: bob.id } })));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(await messageModels(app).MemberBlock.countDocuments({ blockerId: alice.id })).toBe(1);
  });

  it('refuses blocking yourself, an unknown member and staff', async () => {
    const { user: alice, client } = await createMember(app);
    const { user: moderator } = await createMember(app, { isModerator: true });
    const { user: admin } = await createMember(app, { isAdmin: true });
    const self = await client.call(api.blockMember, { params: { id: alice.id } });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(MESSAGE_TEXT.cannotBlockYourself);
    const unknown = await client.call(api.blockMember, { params: { id: 999_999 } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(SERVER_TEXT.userNotFound);
    for (const staff of [moderator, admin]) {
      const response = await client.call(api.blockMember, { params: { id: staff.id } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: MESSAGE_TEXT.cannotBlockStaff, code: ErrorCode.Forbidden });
    }
    expect(await messageModels(app).MemberBlock.countDocuments({ blockerId: alice.id })).toBe(0);
  });

  it('does not hold back a member who has since become staff', async () => {
    const { user: alice, client } = await createMember(app);
    const { user: bob } = await createMember(app);
    await client.call(api.blockMember, { params: { id: bob.id } });
    await userModels(app).User.updateOne({ id: bob.id }, { $set: { isModerator: true } });
    expect(await attempt({ ...bob, isModerator: true }, alice)).toBe('sent');
  });

  it('needs a signed-in member', async () => {
    const anonymous = new TestClient(app);
    expect((await anonymous.call(api.blockMember, { params: { id: 1 } })).statusCode).toBe(401);
    expect((await anonymous.call(api.unblockMember, { params: { id: 1 } })).statusCode).toBe(401);
    expect((await anonymous.call(api.blockedMembers)).statusCode).toBe(401);
  });
});
