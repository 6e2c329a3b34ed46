import { api, ErrorCode, FORUM_TEXT, type NotificationList, SECURITY } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aCategory } from '../test/forum.ts';
import { type BrowserTabs, listeningWithTabs, received } from '../test/tabs.ts';

/**
 * A new thread goes to every staff member's approval queue. One member's burst (60 threads in 43 s, each a
 * notification to every moderator) is refused past a few, and what gets through tells staff once a minute.
 */

let app: App;
let tabs: BrowserTabs;
let categoryId: number;

beforeAll(async () => {
  ({ app, tabs } = await listeningWithTabs());
  categoryId = (await aCategory(app)).id;
});

let made = 0;
const start = (client: TestClient) => {
  made += 1;
  return client.call(api.createThread, { body: { title: `Thread ${made}`, content: 'Worth reading', categoryId } });
};

/** A member's client on a given address: several members behind one network. */
class Behind extends TestClient {
  constructor(
    override readonly ip: string,
    cookie: string | undefined,
  ) {
    super(app);
    this.cookie = cookie;
  }
}

const minuteOf = (at: number) => Math.floor(at / 60_000);

describe('starting threads', () => {
  it(`is limited to ${SECURITY.threadsPerMember} per member every 10 minutes, with the reason`, async () => {
    const { client } = await createMember(app);
    for (let i = 0; i < SECURITY.threadsPerMember; i++) expect((await start(client)).statusCode).toBe(201);
    const refused = await start(client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      message: FORUM_TEXT.threadRateLimited(SECURITY.threadsPerMember, SECURITY.threadWindowMs / 60_000),
      code: ErrorCode.RateLimited,
    });
    // From another address too: the limit is the member's.
    const elsewhere = new TestClient(app);
    elsewhere.cookie = client.cookie;
    expect((await start(elsewhere)).statusCode).toBe(429);
    // Another member is not held back by it.
    expect((await start((await createMember(app)).client)).statusCode).toBe(201);
  });

  it(`is limited to ${SECURITY.threadsPerAddress} per address every 10 minutes, whoever starts them`, async () => {
    const ip = '10.200.0.1';
    const members = Math.ceil(SECURITY.threadsPerAddress / SECURITY.threadsPerMember);
    let started = 0;
    for (let m = 0; m < members; m++) {
      const client = new Behind(ip, (await createMember(app)).client.cookie);
      for (let i = 0; i < SECURITY.threadsPerMember && started < SECURITY.threadsPerAddress; i++, started++) {
        expect((await start(client)).statusCode).toBe(201);
      }
    }
    const refused = await start(new Behind(ip, (await createMember(app)).client.cookie));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: FORUM_TEXT.threadRateLimitedAddress, code: ErrorCode.RateLimited });
  });
});

describe('the approval queue', () => {
  it('tells a moderator once a minute of threads queued together, while their queue follows each live', async () => {
    const { client: moderator } = await createMember(app, { isModerator: true });
    const tab = await tabs.open(moderator);
    const authors = await Promise.all([1, 2, 3].map(async () => (await createMember(app)).client));
    const from = Date.now();
    const queued = [];
    for (let i = 0; i < 3; i++) for (const author of authors) queued.push(await start(author));
    const to = Date.now();
    expect(queued.map((response) => response.json().isApproved)).toEqual(queued.map(() => false));

    expect(await received(tab, 'approval:queued', queued.length)).toHaveLength(queued.length);
    await app.settled();
    const { notifications } = (await moderator.call(api.notifications, { query: {} })).json<NotificationList>();
    const approvals = notifications.filter((notification) => notification.kind === 'approvalQueued');
    // One, or two if the burst straddled a minute's turn; never one a thread.
    expect(approvals.length).toBeGreaterThanOrEqual(1);
    expect(approvals.length).toBeLessThanOrEqual(minuteOf(to) - minuteOf(from) + 1);
  });
});
