import { api, type RouteContract } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { contribute } from '../group-buys/service.ts';
import { sendMessage } from '../private-messages/service.ts';
import { reply } from '../replies/service.ts';
import { TestClient } from '../test/client.ts';
import { fill, type JsonSchema, paramNames, sample } from '../test/contract-samples.ts';
import { createMember } from '../test/factories.ts';
import { aThread, grantCoins } from '../test/forum.ts';
import { type BrowserTabs, listeningWithTabs, quiet, type Tab } from '../test/tabs.ts';
import type { UserRecord } from '../users/user-model.ts';

/**
 * One read gate for content. A distinct secret is planted in each kind of restricted content; every
 * route of `protocol/` (generated from the contracts, aimed at each planted thing) is called, and
 * sockets listen while the content is written to, as an outsider, a visitor and a muted member. No
 * secret may appear anywhere.
 */

const SECRET = {
  premium: 'SECRET-premium-content',
  premiumReply: 'SECRET-premium-reply',
  privateTitle: 'SECRET-private-title',
  privateContent: 'SECRET-private-content',
  privateReply: 'SECRET-private-reply',
  discussion: 'SECRET-unlockable-discussion',
  sister: 'SECRET-sister-content',
  groupBuy: 'SECRET-group-buy-content',
  groupBuyUnlock: 'SECRET-group-buy-unlock',
  pendingTitle: 'SECRET-pending-title',
  pendingContent: 'SECRET-pending-content',
  message: 'SECRET-private-message',
};
const ANY_SECRET = /SECRET-[a-z-]+/g;

let app: App;
let tabs: BrowserTabs;
let author: UserRecord;
const targets: number[] = [];

/** An outsider, a visitor and a muted member, fresh each time so that rate limits never hide an answer. */
async function freshViewers(): Promise<{ name: string; client: TestClient }[]> {
  const { client: outsider } = await createMember(app);
  const { client: muted } = await createMember(app, { mutedUntil: new Date(Date.now() + 3_600_000) });
  return [
    { name: 'outsider', client: outsider },
    { name: 'visitor', client: new TestClient(app) },
    { name: 'muted member', client: muted },
  ];
}

beforeAll(async () => {
  ({ app, tabs } = await listeningWithTabs());
  ({ user: author } = await createMember(app));
  const { user: friend } = await createMember(app);

  const premium = await aThread(app, author, { isPremium: true, premiumCost: 50, content: SECRET.premium });
  const privateThread = await aThread(app, author, {
    isPrivate: true,
    title: SECRET.privateTitle,
    content: SECRET.privateContent,
  });
  const withDiscussion = await aThread(app, author, {
    hasUnlockableContent: true,
    unlockableCost: 25,
    unlockableType: 'text_content',
    unlockableContent: SECRET.discussion,
  });
  const withSister = await aThread(app, author, {
    hasUnlockableContent: true,
    unlockableCost: 25,
    unlockableType: 'premium_thread',
    sisterContent: SECRET.sister,
  });
  const groupBuy = await aThread(app, author, {
    isPremium: true,
    premiumCost: 10,
    isGroupBuy: true,
    groupBuyParticipantsRequired: 3,
    groupBuyContributionAmount: 10,
    content: SECRET.groupBuy,
    groupBuyContent: SECRET.groupBuyUnlock,
  });
  const pending = await aThread(
    app,
    author,
    { title: SECRET.pendingTitle, content: SECRET.pendingContent },
    { approved: false },
  );
  const premiumReply = await reply(app, author, premium.id, SECRET.premiumReply);
  const privateReply = await reply(app, author, privateThread.id, SECRET.privateReply);
  const message = await sendMessage(app, author, { content: SECRET.message, recipientId: friend.id });
  targets.push(
    ...[premium, privateThread, withDiscussion, withSister, groupBuy, pending].map((t) => t.id),
    withSister.sisterThreadId as number,
    premiumReply.id,
    privateReply.id,
    message.id,
  );
});

const secretsIn = (text: string) => text.match(ANY_SECRET) ?? [];

/** The contract's plausible bodies, with every id field aimed at `target`, one per enum value of each enum field. */
function aimedBodies(route: RouteContract, target: number): unknown[] {
  if (route.multipart || route.method === 'GET') return [undefined];
  const schema = route.body as JsonSchema | undefined;
  const base = (sample(schema) ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(schema?.properties ?? {})) if (/id$/i.test(key)) base[key] = target;
  const bodies: Record<string, unknown>[] = [base];
  for (const [key, field] of Object.entries(schema?.properties ?? {})) {
    const values = field.enum ?? field.anyOf?.flatMap((v) => (v.const === undefined ? [] : [v.const])) ?? [];
    for (const value of values.slice(1)) bodies.push({ ...base, [key]: value });
  }
  return bodies;
}

// Logging out would end the viewer's session for the rest of the walk; it returns no content either way.
const walked = (Object.entries(api) as [string, RouteContract][]).filter(([, route]) => route !== api.logout);

describe('no restricted content reaches an outsider, a visitor or a muted member', () => {
  it.each(walked)('through %s, aimed at every planted thing', async (_name, route) => {
    const leaks: string[] = [];
    const shared = await freshViewers();
    for (const target of targets) {
      // Writes are rate limited: a fresh set of viewers per target keeps a 429 from hiding an answer.
      const viewers = route.method === 'GET' ? shared : await freshViewers();
      const url = fill(route.url, Object.fromEntries(paramNames(route.url).map((name) => [name, String(target)])));
      for (const body of aimedBodies(route, target)) {
        for (const { name, client } of viewers) {
          const response = await client.request(route.method, url, body);
          for (const secret of secretsIn(response.body)) leaks.push(`${name} ${route.method} ${url}: ${secret}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });

  it('search finds nothing by a secret word', async () => {
    const viewers = await freshViewers();
    for (const secret of Object.values(SECRET)) {
      for (const { name, client } of viewers) {
        const response = await client.call(api.threads, { query: { q: secret } });
        expect(response.json(), `${name} searching ${secret}`).toEqual([]);
      }
    }
  });

  it('sockets that try to watch everything receive no secret while it is written to', async () => {
    const opened: Tab[] = [];
    const viewers = await freshViewers();
    for (const { client } of viewers) {
      const tab = await tabs.open(client.cookie ? client : undefined);
      for (const threadId of targets) await tab.emitWithAck('thread:watch', threadId);
      opened.push(tab);
    }
    // Replies in the restricted threads (premium, private, group buy, pending, sister); the other two are public.
    const [premium, privateThread, , , groupBuyId, pending, sister] = targets as number[];
    for (const threadId of [premium, privateThread, groupBuyId, pending, sister] as number[]) {
      await reply(app, author, threadId, `${SECRET.premiumReply} again`).catch(() => undefined);
    }
    const { user: friend } = await createMember(app);
    await sendMessage(app, author, { content: SECRET.message, recipientId: friend.id });
    for (let i = 0; i < 3; i++) {
      const { user: buyer } = await createMember(app);
      await grantCoins(app, buyer.id, 10);
      await contribute(app, buyer, groupBuyId as number, 10);
    }
    await aThread(app, author, { title: SECRET.pendingTitle, content: SECRET.pendingContent }, { approved: false });
    await quiet(app, ...opened);
    const leaks = opened.flatMap((tab, i) =>
      tab.received.flatMap(([event, payload]) =>
        secretsIn(JSON.stringify(payload)).map((secret) => `${viewers[i]?.name} ${event}: ${secret}`),
      ),
    );
    expect(leaks).toEqual([]);
  });
});
