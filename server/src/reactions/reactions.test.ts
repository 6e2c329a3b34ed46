import {
  api,
  ErrorCode,
  type Message,
  type Post,
  REACTION_LIMITS,
  type ReactionKind,
  type ReactionTarget,
  type Reactors,
  type Thread,
} from '@enclave/protocol';
import type { mongo } from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { forgetLists } from '../storage/index.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember, signedInClient } from '../test/factories.ts';
import { aThread } from '../test/forum.ts';
import { reactionModels } from './models.ts';
import { reactedMessagesMigration } from './reacted-messages.ts';

let app: App;

beforeAll(async () => {
  app = await createTestApp();
});

const params = (target: ReactionTarget, id: number, kind: ReactionKind = 'thumbsUp') => ({
  params: { target, id, kind },
});
const react = (client: TestClient, target: ReactionTarget, id: number, kind?: ReactionKind) =>
  client.call(api.react, params(target, id, kind));
const unreact = (client: TestClient, target: ReactionTarget, id: number, kind?: ReactionKind) =>
  client.call(api.unreact, params(target, id, kind));

async function aReply(client: TestClient, threadId: number): Promise<Post> {
  return (await client.call(api.reply, { params: { id: threadId }, body: { content: 'A reply' } })).json() as Post;
}

async function repliesOf(client: TestClient, threadId: number): Promise<Post[]> {
  return (await client.call(api.posts, { params: { id: threadId } })).json() as Post[];
}

/** What the stored changes of one target say, folded: the members with each kind. */
async function storedState(list: string, target: ReactionTarget, id: number) {
  const changes = await reactionModels(app).ReactionChange.find({ list, target, targetId: id }).sort({ n: 1 }).lean();
  const state = new Map<string, Set<number>>();
  for (const change of changes) {
    const members = state.get(change.kind) ?? new Set();
    if (change.on) members.add(change.memberId);
    else members.delete(change.memberId);
    state.set(change.kind, members);
  }
  return { changes: changes.length, state };
}

describe('reactions', () => {
  it('are added and removed idempotently, and shown on the thread, its replies and to whom they are mine', async () => {
    const { user: author, client: authorClient } = await createMember(app);
    const thread = await aThread(app, author);
    const post = await aReply(authorClient, thread.id);
    const { client: reader } = await createMember(app);

    const added = await react(reader, 'post', post.id, 'heart');
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ counts: { heart: 1 }, mine: ['heart'] });
    expect((await react(reader, 'post', post.id, 'heart')).json()).toEqual({ counts: { heart: 1 }, mine: ['heart'] });
    // Reacting to one's own content is allowed, as most forums do.
    await react(authorClient, 'post', post.id, 'heart');
    await react(authorClient, 'thread', thread.id, 'party');

    const [listed] = await repliesOf(reader, thread.id);
    expect(listed?.reactions).toEqual({ counts: { heart: 2 }, mine: ['heart'] });
    const [asVisitor] = await repliesOf(new TestClient(app), thread.id);
    expect(asVisitor?.reactions).toEqual({ counts: { heart: 2 }, mine: [] });
    const detail = (await reader.call(api.thread, { params: { id: thread.id } })).json() as Thread;
    expect(detail.reactions).toEqual({ counts: { party: 1 }, mine: [] });

    expect((await unreact(reader, 'post', post.id, 'heart')).json()).toEqual({ counts: { heart: 1 }, mine: [] });
    expect((await unreact(reader, 'post', post.id, 'heart')).json()).toEqual({ counts: { heart: 1 }, mine: [] });
    expect((await repliesOf(reader, thread.id))[0]?.reactions).toEqual({ counts: { heart: 1 }, mine: [] });
  });

  it('count exactly 50 when 50 members react at once, and 1 when one member reacts 10 times at once', async () => {
    const { user: author, client: authorClient } = await createMember(app);
    const thread = await aThread(app, author);
    const post = await aReply(authorClient, thread.id);
    const members = await Promise.all(Array.from({ length: 50 }, () => createMember(app)));

    const answers = await Promise.all(members.map(({ client }) => react(client, 'post', post.id)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const stored = await storedState(`reactions:t${thread.id}`, 'post', post.id);
    expect(stored.state.get('thumbsUp')).toEqual(new Set(members.map(({ user }) => user.id)));
    expect((await repliesOf(authorClient, thread.id))[0]?.reactions?.counts).toEqual({ thumbsUp: 50 });

    const { client: eager } = await createMember(app);
    const tries = await Promise.all(Array.from({ length: 10 }, () => react(eager, 'post', post.id, 'laugh')));
    for (const answer of tries) expect(answer.json()).toEqual({ counts: { thumbsUp: 50, laugh: 1 }, mine: ['laugh'] });
    const after = await storedState(`reactions:t${thread.id}`, 'post', post.id);
    expect(after.state.get('laugh')?.size).toBe(1);
    // In one process, the ten are one change.
    expect(after.changes).toBe(51);
  });

  it('count right when another process wrote changes this one has not read', async () => {
    const other = await createTestApp({}, app.config.database);
    try {
      const { user: author } = await createMember(app);
      const thread = await aThread(app, author);
      const { client: here } = await createMember(app);
      const { client: there } = await createMember(app);
      await react(here, 'thread', thread.id);
      expect((await here.call(api.thread, { params: { id: thread.id } })).json().reactions.counts).toEqual({
        thumbsUp: 1,
      });
      const elsewhere = new TestClient(other);
      elsewhere.cookie = there.cookie;
      await Promise.all([react(elsewhere, 'thread', thread.id), react(here, 'thread', thread.id, 'heart')]);
      expect((await here.call(api.thread, { params: { id: thread.id } })).json().reactions.counts).toEqual({
        thumbsUp: 2,
        heart: 1,
      });
    } finally {
      await other.close();
    }
  });

  it('are read again after a restore, which may put back fewer changes than a process folded', async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author);
    const { client } = await createMember(app);
    await react(client, 'thread', thread.id, 'heart');
    // As a restore of a backup from before the reaction would leave it: the change gone, every process told.
    await reactionModels(app).ReactionChange.deleteMany({ list: `reactions:t${thread.id}` });
    app.changes.tell({ kind: 'all' });
    expect((await client.call(api.thread, { params: { id: thread.id } })).json().reactions).toEqual({
      counts: {},
      mine: [],
    });
  });

  it('on messages are for their two members only, and shown in both boxes', async () => {
    const { user: sender, client: senderClient } = await createMember(app);
    const { user: recipient, client: recipientClient } = await createMember(app);
    const sent = (
      await senderClient.call(api.sendMessage, { body: { content: 'Hello', recipientId: recipient.id } })
    ).json() as Message;
    expect((await react(recipientClient, 'message', sent.id, 'heart')).json()).toEqual({
      counts: { heart: 1 },
      mine: ['heart'],
    });
    expect((await react(senderClient, 'message', sent.id, 'heart')).json().counts).toEqual({ heart: 2 });
    const { client: third } = await createMember(app);
    expect((await react(third, 'message', sent.id)).statusCode).toBe(404);
    expect((await third.call(api.reactors, params('message', sent.id, 'heart'))).statusCode).toBe(404);
    const inbox = (await recipientClient.call(api.listMessages, {})).json().inbox as Message[];
    expect(inbox.find((message) => message.id === sent.id)?.reactions).toEqual({
      counts: { heart: 2 },
      mine: ['heart'],
    });
    const who = (await senderClient.call(api.reactors, params('message', sent.id, 'heart'))).json() as Reactors;
    expect(who.members.map((member) => member.username).sort()).toEqual([sender.username, recipient.username].sort());
    // Once the recipient blocks the sender, the sender's reactions reach them no more; taking one back still works.
    await recipientClient.call(api.blockMember, { params: { id: sender.id } });
    expect((await react(senderClient, 'message', sent.id, 'laugh')).statusCode).toBe(403);
    expect((await unreact(senderClient, 'message', sent.id, 'heart')).json().counts).toEqual({ heart: 1 });
  });

  it('on a page of messages are read only for messages that have any, those reacted to before that was kept too', async () => {
    const { user: recipient, client: recipientClient } = await createMember(app);
    // From two senders: a member sends one message in each interval.
    const [quiet, reacted] = (await Promise.all(
      ['One', 'Two'].map(async (content) => {
        const { client } = await createMember(app);
        const body = { content, recipientId: recipient.id };
        return (await client.call(api.sendMessage, { body })).json() as Message;
      }),
    )) as [Message, Message];
    await react(recipientClient, 'message', reacted.id, 'party');
    const page = async () => {
      const read: string[] = [];
      const listener = (event: mongo.CommandStartedEvent) => {
        if (event.commandName === 'find' && event.command.find === 'reactions')
          read.push(JSON.stringify(event.command));
      };
      app.mongo.getClient().on('commandStarted', listener);
      const inbox = (await recipientClient.call(api.listMessages, {})).json().inbox as Message[];
      app.mongo.getClient().off('commandStarted', listener);
      return { reactions: new Map(inbox.map((message) => [message.id, message.reactions])), read: read.join() };
    };
    const first = await page();
    expect(first.reactions.get(reacted.id)).toEqual({ counts: { party: 1 }, mine: ['party'] });
    expect(first.reactions.get(quiet.id)).toEqual({ counts: {}, mine: [] });
    expect(first.read).not.toContain(`reactions:m${quiet.id}:`);
    expect(first.read).toContain(`reactions:m${reacted.id}:`);

    // A database from before the members' lists of reacted messages: the conversion at start writes them.
    await reactionModels(app).ReactedMessage.deleteMany({});
    forgetLists(app);
    await reactedMessagesMigration.run(app, () => undefined);
    expect((await page()).reactions.get(reacted.id)).toEqual({ counts: { party: 1 }, mine: ['party'] });
  });

  it('follow the read gate: 402 premium without access, 404 private or removed, 401 visitors and banned', async () => {
    const { user: author } = await createMember(app);
    const premium = await aThread(app, author, { isPremium: true, premiumCost: 10 });
    const hidden = await aThread(app, author, { isPrivate: true });
    const { client } = await createMember(app);
    const locked = await react(client, 'thread', premium.id);
    expect(locked.statusCode).toBe(402);
    expect(locked.json().code).toBe(ErrorCode.PremiumRequired);
    expect((await client.call(api.reactors, params('thread', premium.id))).statusCode).toBe(402);
    expect((await react(client, 'thread', hidden.id)).statusCode).toBe(404);
    const missing = await react(client, 'post', 987_654);
    expect(missing.statusCode).toBe(404);
    // A reply in a hidden thread answers as one that does not exist.
    const hiddenReply = await aThread(app, author, { isPrivate: true, allowedUserIds: [] });
    const authorClient = await signedInClient(app, author);
    const post = (
      await authorClient.call(api.reply, { params: { id: hiddenReply.id }, body: { content: 'Hush' } })
    ).json() as Post;
    const refused = await react(client, 'post', post.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual(missing.json());
    expect((await client.call(api.reactors, params('post', post.id))).json()).toEqual(missing.json());
    expect((await react(new TestClient(app), 'thread', premium.id)).statusCode).toBe(401);
    const banned = await createMember(app, { isBanned: true });
    expect((await react(banned.client, 'thread', hidden.id)).statusCode).toBe(401);
    expect((await react(client, 'thread', 1, 'wave' as ReactionKind)).statusCode).toBe(400);
    expect(
      await reactionModels(app).ReactionChange.countDocuments({ targetId: { $in: [premium.id, hidden.id] } }),
    ).toBe(0);
  });

  it('refuse a muted member with the mute, since reacting is writing', async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author);
    const mutedUntil = new Date(Date.now() + 60 * 60 * 1000);
    const { client } = await createMember(app, { mutedUntil });
    const refused = await react(client, 'thread', thread.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: ErrorCode.Muted, details: { mutedUntil: mutedUntil.toISOString() } });
  });

  it(`are limited to ${REACTION_LIMITS.perWindow} changes a minute per member, with a 429`, async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author);
    const { client } = await createMember(app);
    for (let i = 0; i < REACTION_LIMITS.perWindow; i += 1) {
      const answer = await (i % 2 === 0 ? react(client, 'thread', thread.id) : unreact(client, 'thread', thread.id));
      expect(answer.statusCode).toBe(200);
    }
    const refused = await react(client, 'thread', thread.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: ErrorCode.RateLimited, message: expect.any(String) });
  });

  it('name who reacted, a page at a time, counting hidden profiles without naming them', async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author);
    const members = [];
    for (let i = 0; i < 4; i += 1) members.push(await createMember(app));
    const [first, shy, third, fourth] = members as [(typeof members)[0], ...typeof members];
    await shy?.client.call(api.updatePrivacy, { body: { defaultThreadPrivate: false, hideProfile: true } });
    for (const { client } of members) await react(client, 'thread', thread.id, 'heart');

    const page = await new TestClient(app).call(api.reactors, {
      ...params('thread', thread.id, 'heart'),
      query: { limit: '3' },
    });
    const body = page.json() as Reactors;
    expect(body).toMatchObject({ hidden: 1, total: 4, nextCursor: 3 });
    expect(body.members.map((member) => member.username)).toEqual([first.user.username, third?.user.username]);
    expect(JSON.stringify(body)).not.toContain(shy?.user.username);
    const next = (
      await new TestClient(app).call(api.reactors, { ...params('thread', thread.id, 'heart'), query: { after: '3' } })
    ).json() as Reactors;
    expect(next).toMatchObject({ members: [{ username: fourth?.user.username }], hidden: 0, nextCursor: null });
  });
});
