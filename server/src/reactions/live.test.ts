import { api, type Message, type Post, type ReactionChanged } from '@enclave/protocol';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aThread } from '../test/forum.ts';
import { eventsNamed, listeningWithTabs, quiet, received, type Tab } from '../test/tabs.ts';

const { app, tabs } = await listeningWithTabs();

const watch = (tab: Tab, threadId: number) => tab.timeout(5000).emitWithAck('thread:watch', threadId);

const react = (client: TestClient, target: 'thread' | 'post' | 'message', id: number, kind = 'thumbsUp' as const) =>
  client.call(api.react, { params: { target, id, kind } });

describe('reactions live', () => {
  it("reach the thread's watchers with counts only, and no socket outside the room or without access", async () => {
    const { user: author, client: authorClient } = await createMember(app);
    const thread = await aThread(app, author);
    const premium = await aThread(app, author, { isPremium: true, premiumCost: 10 });
    const post = (
      await authorClient.call(api.reply, { params: { id: thread.id }, body: { content: 'Hi' } })
    ).json() as Post;
    const { client: reader } = await createMember(app);
    const { client: outsider } = await createMember(app);

    const visitor = await tabs.open();
    const readerTab = await tabs.open(reader);
    const elsewhere = await tabs.open(outsider);
    expect(await watch(visitor, thread.id)).toEqual({ ok: true });
    expect(await watch(readerTab, thread.id)).toEqual({ ok: true });
    // Without access to the premium thread, the outsider's tab never joins its room.
    expect((await watch(elsewhere, premium.id)).ok).toBe(false);

    await react(reader, 'post', post.id);
    const [changed] = (await received(visitor, 'reaction:changed')) as ReactionChanged[];
    expect(changed).toEqual({ target: 'post', id: post.id, threadId: thread.id, counts: { thumbsUp: 1 }, version: 1 });
    await react(authorClient, 'thread', thread.id);
    await react(authorClient, 'thread', premium.id);
    const both = (await received(readerTab, 'reaction:changed', 2)) as ReactionChanged[];
    expect(both[1]).toMatchObject({ target: 'thread', id: thread.id, counts: { thumbsUp: 1 } });
    expect(JSON.stringify(both)).not.toMatch(/mine|username/);

    await quiet(app, visitor, readerTab, elsewhere);
    expect(eventsNamed(elsewhere, 'reaction')).toEqual([]);
    // The premium thread's watchers are none of these tabs.
    expect(eventsNamed(visitor, 'reaction')).toHaveLength(2);
  });

  it("reach a message's two members' tabs, and no one else's", async () => {
    const { client: sender } = await createMember(app);
    const { user: recipient, client: recipientClient } = await createMember(app);
    const { client: other } = await createMember(app);
    const senderTab = await tabs.open(sender);
    const recipientTab = await tabs.open(recipientClient);
    const otherTab = await tabs.open(other);
    const sent = (
      await sender.call(api.sendMessage, { body: { content: 'Hello', recipientId: recipient.id } })
    ).json() as Message;
    await react(recipientClient, 'message', sent.id);
    const expected = { target: 'message', id: sent.id, threadId: null, counts: { thumbsUp: 1 }, version: 1 };
    expect(await received(senderTab, 'reaction:changed')).toEqual([expected]);
    expect(await received(recipientTab, 'reaction:changed')).toEqual([expected]);
    await quiet(app, otherTab);
    expect(eventsNamed(otherTab, 'reaction')).toEqual([]);
  });
});
