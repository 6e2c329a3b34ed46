import { api, type GroupBuyStatus, type Thread, VALIDATION } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aCategory, aThread, grantCoins } from '../test/forum.ts';
import { type BrowserTabs, listeningWithTabs, quiet, received, type Tab } from '../test/tabs.ts';

/**
 * What a group buy unlocks is attached by its organiser and read by nobody else but staff until the
 * last place fills; then every participant reads it. Never in a socket payload.
 */

const UNLOCKED = 'UNLOCKED-licence-key-1234';

let app: App;
let tabs: BrowserTabs;

beforeAll(async () => {
  ({ app, tabs } = await listeningWithTabs());
});

async function funded() {
  const member = await createMember(app);
  await grantCoins(app, member.user.id, 100);
  return member;
}

const contentOf = async (client: TestClient, id: number) => {
  const [thread, status, list] = await Promise.all([
    client.call(api.thread, { params: { id } }),
    client.call(api.groupBuyStatus, { params: { id } }),
    client.call(api.threads),
  ]);
  return {
    thread: thread.json<Thread>().groupBuyContent,
    status: status.json<GroupBuyStatus>().content,
    // Lists never carry it, whoever looks.
    listLeaks: list.body.includes(UNLOCKED),
  };
};

const hidden = { thread: null, status: null, listLeaks: false };
const shown = { thread: UNLOCKED, status: UNLOCKED, listLeaks: false };

describe('attaching the content', () => {
  it('is required when creating a group buy', async () => {
    const { client } = await createMember(app);
    const categoryId = (await aCategory(app)).id;
    const body = { title: 'Seats', content: 'Three seats', categoryId, isGroupBuy: true };
    for (const groupBuyContent of [undefined, '   ']) {
      const response = await client.call(api.createThread, { body: { ...body, groupBuyContent } });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(VALIDATION.groupBuyContentRequired);
    }
    const created = await client.call(api.createThread, { body: { ...body, groupBuyContent: ` ${UNLOCKED} ` } });
    expect(created.statusCode).toBe(201);
    expect(created.json().groupBuyContent).toBe(UNLOCKED);
  });
});

describe('reading the content', () => {
  it('only the organiser and staff before completion; every participant after it', async () => {
    const { user: organizer, client: organizerClient } = await createMember(app);
    const thread = await aThread(app, organizer, {
      isGroupBuy: true,
      groupBuyParticipantsRequired: 2,
      groupBuyContributionAmount: 10,
      groupBuyContent: UNLOCKED,
    });
    const { client: staff } = await createMember(app, { isModerator: true });
    const first = await funded();
    const second = await funded();
    const { client: outsider } = await createMember(app);
    const visitor = new TestClient(app);

    expect(await contentOf(organizerClient, thread.id)).toEqual(shown);
    expect(await contentOf(staff, thread.id)).toEqual(shown);

    await first.client.call(api.contribute, { params: { id: thread.id }, body: { amount: 10 } });
    for (const client of [first.client, outsider, visitor]) {
      expect(await contentOf(client, thread.id)).toEqual(hidden);
    }

    await second.client.call(api.contribute, { params: { id: thread.id }, body: { amount: 10 } });
    expect(await contentOf(first.client, thread.id)).toEqual(shown);
    expect(await contentOf(second.client, thread.id)).toEqual(shown);
    for (const client of [outsider, visitor]) {
      expect(await contentOf(client, thread.id)).toEqual(hidden);
    }
  });

  it('never travels in a socket event; participants are told to read it when the last place fills', async () => {
    const { user: organizer } = await createMember(app);
    const thread = await aThread(app, organizer, {
      isGroupBuy: true,
      groupBuyParticipantsRequired: 2,
      groupBuyContributionAmount: 10,
      groupBuyContent: UNLOCKED,
    });
    const first = await funded();
    const second = await funded();
    const { client: outsider } = await createMember(app);
    const watching: Tab[] = [];
    for (const client of [first.client, second.client, outsider, new TestClient(app)]) {
      const tab = await tabs.open(client.cookie ? client : undefined);
      expect(await tab.emitWithAck('thread:watch', thread.id)).toEqual({ ok: true });
      watching.push(tab);
    }
    const [firstTab] = watching as [Tab];

    await first.client.call(api.contribute, { params: { id: thread.id }, body: { amount: 10 } });
    await second.client.call(api.contribute, { params: { id: thread.id }, body: { amount: 10 } });
    const [completed] = await received(firstTab, 'groupbuy:completed');
    expect(completed).toMatchObject({ threadId: thread.id });
    await quiet(app, ...watching);
    for (const tab of watching) expect(JSON.stringify(tab.received)).not.toContain(UNLOCKED);
    // The push is the cue: the participant's next read carries the content.
    expect((await first.client.call(api.groupBuyStatus, { params: { id: thread.id } })).json().content).toBe(UNLOCKED);
  });
});
