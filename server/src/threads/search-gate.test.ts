import { api, type CreateThreadBody, type Thread } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { sweepGroupBuys } from '../group-buys/sweep.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aThread, grantCoins, setDeadline } from '../test/forum.ts';
import { commandsDuring } from '../test/scans.ts';
import type { UserRecord } from '../users/user-model.ts';

/**
 * Search is no second read gate: for every kind of thread and every kind of viewer, a word of a hidden text is
 * found by search exactly when the thread page lets that viewer read the text it is in (thread content), and
 * never when the page would not (a premium discussion, a group buy's content: search does not look into those).
 */

const VIEWERS = ['visitor', 'member', 'buyer', 'unlocker', 'participant', 'chosen', 'author', 'staff'] as const;
type ViewerName = (typeof VIEWERS)[number];

let app: App;
let author: UserRecord;
const clients = {} as Record<ViewerName, TestClient>;
/** A word planted in one text of one thread; `content` words are what search looks into. */
const planted: { name: string; word: string; threadId: number; text: 'content' | 'discussion' | 'groupBuy' }[] = [];
let counter = 0;

const wordFor = (name: string) => `zq${name.replace(/[^a-z]/gi, '').toLowerCase()}${++counter}x`;

/** A thread by the author whose content (and discussion, and group-buy content) each carry a word of their own. */
async function withWords(name: string, body: Partial<CreateThreadBody>, options?: { approved?: boolean }) {
  const content = wordFor(name);
  const discussion = body.hasUnlockableContent ? wordFor(`${name}discussion`) : undefined;
  const groupBuy = body.isGroupBuy ? wordFor(`${name}groupbuy`) : undefined;
  const thread = await aThread(
    app,
    author,
    {
      content: `Read the ${content} here`,
      ...(discussion && { unlockableContent: `The ${discussion} inside` }),
      ...(groupBuy && { groupBuyContent: `The ${groupBuy} inside` }),
      ...body,
    },
    options,
  );
  planted.push({ name, word: content, threadId: thread.id, text: 'content' });
  if (discussion)
    planted.push({ name: `${name} discussion`, word: discussion, threadId: thread.id, text: 'discussion' });
  if (groupBuy) planted.push({ name: `${name} content`, word: groupBuy, threadId: thread.id, text: 'groupBuy' });
  return thread;
}

const contribute = (client: TestClient, thread: Thread) =>
  client.call(api.contribute, { params: { id: thread.id }, body: { amount: thread.groupBuyContributionAmount ?? 0 } });

beforeAll(async () => {
  app = await createTestApp();
  ({ user: author, client: clients.author } = await createMember(app));
  clients.visitor = new TestClient(app);
  for (const name of ['member', 'buyer', 'unlocker', 'participant', 'chosen'] as const) {
    const { user, client } = await createMember(app);
    await grantCoins(app, user.id, 1_000);
    clients[name] = client;
  }
  const { client: staff } = await createMember(app, { isModerator: true });
  clients.staff = staff;
  const { client: admin } = await createMember(app, { isAdmin: true });
  const chosenId = (await clients.chosen.call(api.user)).json().id as number;
  const expectOk = (response: { statusCode: number; body: string }) =>
    expect(response.statusCode, response.body).toBeLessThan(300);

  await withWords('open', {});
  const premium = await withWords('premium', { isPremium: true, premiumCost: 10 });
  expectOk(
    await clients.buyer.call(api.spendCoins, {
      body: { amount: 10, referenceId: premium.id, referenceType: 'thread' },
    }),
  );

  // A discussion unlocked, then the thread made premium: the unlock does not buy the thread's premium content.
  const discussed = await withWords('discussed', {
    hasUnlockableContent: true,
    unlockableCost: 5,
    unlockableType: 'text_content',
  });
  expectOk(await clients.unlocker.call(api.unlock, { params: { id: discussed.id }, body: {} }));
  expectOk(
    await admin.call(api.editThread, { params: { id: discussed.id }, body: { isPremium: true, premiumCost: 10 } }),
  );

  const sisterWord = wordFor('sister');
  const withSister = await withWords('sisterparent', {
    hasUnlockableContent: true,
    unlockableCost: 5,
    unlockableType: 'premium_thread',
    sisterContent: `The ${sisterWord} inside`,
  });
  planted.push({ name: 'sister', word: sisterWord, threadId: withSister.sisterThreadId as number, text: 'content' });
  expectOk(await clients.unlocker.call(api.unlock, { params: { id: withSister.id }, body: {} }));

  await withWords('private', { isPrivate: true, allowedUserIds: [chosenId] });
  await withWords('pending', {}, { approved: false });
  const deleted = await withWords('deleted', {});
  expectOk(await admin.call(api.deleteThread, { params: { id: deleted.id } }));

  const groupBuy = (name: string, required: number) =>
    withWords(name, {
      isPremium: true,
      premiumCost: 10,
      isGroupBuy: true,
      groupBuyParticipantsRequired: required,
      groupBuyContributionAmount: 10,
    });
  const open = await groupBuy('groupbuyopen', 2);
  expectOk(await contribute(clients.participant, open));
  const completed = await groupBuy('groupbuycompleted', 1);
  expectOk(await contribute(clients.participant, completed));
  const cancelled = await groupBuy('groupbuycancelled', 2);
  expectOk(await contribute(clients.participant, cancelled));
  expectOk(
    await admin.call(api.cancelGroupBuy, { params: { id: cancelled.id }, body: { reason: 'The seller vanished' } }),
  );
  const expired = await groupBuy('groupbuyexpired', 2);
  expectOk(await contribute(clients.participant, expired));
  await setDeadline(app, expired.id, new Date(Date.now() - 1));
  await sweepGroupBuys(app, 0);
  // A group buy that is not premium shows its thread's content to everyone.
  await withWords('groupbuyplain', {
    isGroupBuy: true,
    groupBuyParticipantsRequired: 2,
    groupBuyContributionAmount: 10,
  });
});

/** Whether the thread page (the thread's answer) lets the viewer read the word. */
async function pageShows(client: TestClient, threadId: number, word: string): Promise<boolean> {
  const response = await client.call(api.thread, { params: { id: threadId } });
  return response.statusCode === 200 && response.body.includes(word);
}

async function searchFinds(client: TestClient, threadId: number, word: string): Promise<boolean> {
  const response = await client.call(api.threads, { query: { q: word } });
  expect(response.statusCode).toBe(200);
  return (response.json() as Thread[]).some((thread) => thread.id === threadId);
}

describe('search and the thread page', () => {
  it('agree, for every viewer, on every hidden text', async () => {
    const disagreements: string[] = [];
    const readable = new Set<string>();
    for (const viewer of VIEWERS) {
      for (const { name, word, threadId, text } of planted) {
        const [shown, found] = await Promise.all([
          pageShows(clients[viewer], threadId, word),
          searchFinds(clients[viewer], threadId, word),
        ]);
        if (shown) readable.add(`${viewer} reads ${name}`);
        // Search looks into thread content only: it must find what the page shows there, and nothing the page hides.
        if (found && !shown) disagreements.push(`${viewer} finds ${name} (${word}), which the page hides`);
        if (text === 'content' && shown && !found) disagreements.push(`${viewer} reads ${name} but cannot find it`);
      }
    }
    expect(disagreements).toEqual([]);
    // The positive control: the viewers who may read do read (a walk that only ever met 404s would fail here).
    expect([...readable]).toEqual(
      expect.arrayContaining([
        'visitor reads open',
        'visitor reads groupbuyplain',
        'buyer reads premium',
        'unlocker reads sisterparent discussion',
        'unlocker reads sister',
        'participant reads groupbuycompleted',
        'participant reads groupbuycompleted content',
        'chosen reads private',
        'author reads pending',
        'author reads groupbuyopen content',
        'staff reads discussed',
        'staff reads discussed discussion',
      ]),
    );
    const hidden = ['discussed', 'premium', 'private', 'pending', 'deleted', 'groupbuyopen', 'sister'];
    for (const name of hidden) expect(readable).not.toContain(`member reads ${name}`);
    for (const name of ['discussed', 'discussed discussion', 'groupbuycancelled', 'groupbuyexpired']) {
      expect(readable).not.toContain(`unlocker reads ${name}`);
      expect(readable).not.toContain(`participant reads ${name}`);
    }
  });

  it('agree on a search of several words, which is confirmed on the text', async () => {
    const { word, threadId } = planted.find((plant) => plant.name === 'premium') as (typeof planted)[number];
    const phrase = `the ${word} he`;
    for (const [viewer, readable] of [
      ['buyer', true],
      ['author', true],
      ['member', false],
      ['visitor', false],
    ] as const) {
      expect(await searchFinds(clients[viewer], threadId, phrase), viewer).toBe(readable);
      expect(await pageShows(clients[viewer], threadId, word), viewer).toBe(readable);
    }
  });
});

describe('what a search costs', () => {
  it('asks what the viewer holds only of the gated threads it finds, never their whole holdings', async () => {
    const premium = planted.find((plant) => plant.name === 'premium') as (typeof planted)[number];
    const asked = async (q: string) => {
      const commands = await commandsDuring(app, () => clients.buyer.call(api.threads, { query: { q } }));
      return commands.filter((command) => /\b(holdings|entitlements)\b/.test(command));
    };
    app.holdings.forgetAll();
    expect(await asked('zqfoundnowhere')).toEqual([]);
    // Found only in premium content: that thread's holding asked by key, once, and then remembered.
    expect(await asked(premium.word)).toEqual(['find entitlements']);
    expect(await asked(premium.word)).toEqual([]);
  });
});
