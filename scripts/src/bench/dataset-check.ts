import { isCreditSide } from '@enclave/server/wallet/ledger-model.ts';
import { transactionTypeOf } from '@enclave/server/wallet/presenter.ts';
import type { FastifyInstance } from 'fastify';
import {
  ADMIN,
  authorOf,
  type DatasetSize,
  datasetOf,
  GROUP_BUY_THREAD,
  HOT_REPLIES,
  HOT_THREAD,
  isPremiumThread,
  READER,
  REPORTS,
} from './dataset.ts';
import { sessionCookie } from './realtime.ts';
import { planWallets } from './wallet-dataset.ts';

const PAGE = 100;

/**
 * Reads the written dataset through the member routes and throws at the first answer that is not what the dataset
 * holds: the hot thread's 200 replies and their hints, the reader's boxes and unread count, balance, history,
 * purchases and bell; the group buy; and, as staff, the ledger's totals, the report queue and the payments waiting.
 * A dataset in a layout the app does not read (or reads differently) fails here rather than in the figures.
 */
export async function checkDataset(app: FastifyInstance, baseUrl: string, size: DatasetSize): Promise<void> {
  const data = datasetOf(size);
  const wallets = planWallets(data);
  const [reader, admin] = await Promise.all([sessionCookie(app, READER), sessionCookie(app, ADMIN)]);
  const get = async <T>(path: string, cookie = reader): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, { headers: { cookie, 'x-requested-with': 'bench' } });
    const text = await response.text();
    if (!response.ok) throw new Error(`dataset check: GET ${path} answered ${response.status} ${text.slice(0, 120)}`);
    return JSON.parse(text) as T;
  };
  const expect = (what: string, actual: unknown, expected: unknown) => {
    if (JSON.stringify(actual) !== JSON.stringify(expected)) {
      throw new Error(`dataset check: ${what} is ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
    }
  };

  // Replies: the hot thread and another, every page, in number order, with the list hints.
  for (const threadId of [HOT_THREAD, 3]) {
    const replies = data.repliesOf(threadId);
    if (threadId === HOT_THREAD) expect('the hot thread replies written', replies.length, HOT_REPLIES);
    const thread = await get<{ replyCount: number }>(`/api/threads/${threadId}`);
    expect(`thread ${threadId}'s replyCount`, thread.replyCount, replies.length);
    const read: { id: number; number: number }[] = [];
    for (let page: typeof read = []; read.length === 0 || page.length === PAGE; ) {
      page = await get(`/api/threads/${threadId}/posts?limit=${PAGE}&after=${read.length}`);
      read.push(...page);
    }
    expect(
      `thread ${threadId}'s replies (id:number)`,
      read.map((post) => `${post.id}:${post.number}`),
      replies.map((reply) => `${reply.id}:${reply.number}`),
    );
  }

  // Messages: the newest page of each box, and the unread count from the two heads.
  const all = Array.from({ length: size.messages }, (_, i) => data.message(i));
  const received = all.filter((message) => message.recipientId === READER);
  const sent = all.filter((message) => message.senderId === READER);
  const newest = (messages: typeof all) =>
    messages
      .slice(-50)
      .reverse()
      .map((message) => message.id);
  const boxes = await get<{ inbox: { id: number }[]; sent: { id: number }[]; unreadCount: number }>('/api/messages');
  expect(
    'the reader inbox (newest page)',
    boxes.inbox.map((message) => message.id),
    newest(received),
  );
  expect(
    'the reader sent box (newest page)',
    boxes.sent.map((message) => message.id),
    newest(sent),
  );
  expect('the reader unread count', boxes.unreadCount, received.filter((message) => !message.isRead).length);

  // Wallet: the balance, the whole history (every ledger entry, newest first), the purchases and what they open.
  const balance = wallets.balanceOf(READER);
  expect('the reader balance', (await get<{ coinBalance: number }>('/api/user')).coinBalance, balance);
  const history: { id: string; balanceAfter: number | null }[] = [];
  for (let cursor: string | null = ''; cursor !== null; ) {
    const page: { transactions: typeof history; nextCursor: string | null } = await get(
      `/api/transactions?limit=${PAGE}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    history.push(...page.transactions);
    cursor = page.nextCursor;
  }
  const entries = wallets.heads.get(READER)?.seq ?? 0;
  expect(
    'the reader history (newest first)',
    history.map((row) => row.id),
    Array.from({ length: entries }, (_, i) => `entry-${entries - i}`),
  );
  expect('the reader newest balance in the history', history[0]?.balanceAfter, balance);
  // Filtered, from the ledger's copies by type: the reader's premium purchases, newest first.
  const unlocks = await get<{ transactions: { id: string }[] }>(`/api/transactions?limit=${PAGE}&type=unlock_content`);
  expect(
    'the reader unlock_content history',
    unlocks.transactions.map((row) => row.id),
    wallets.entries
      .filter((entry) => entry.account === READER && transactionTypeOf(entry.type) === 'unlock_content')
      .map((entry) => `entry-${entry.seq}`)
      .reverse()
      .slice(0, PAGE),
  );
  const bought = wallets.purchases.filter((purchase) => purchase.userId === READER).map((p) => p.threadId);
  const held = await get<{ threadIds: number[] }>('/api/user/unlocked-content');
  expect(
    'the reader purchases',
    [...held.threadIds].sort((a, b) => a - b),
    bought,
  );
  if (bought[0] !== undefined) {
    const thread = await get<{ userHasAccess: boolean }>(`/api/threads/${bought[0]}`);
    expect(`access to bought premium thread ${bought[0]}`, thread.userHasAccess, true);
  }
  const unbought = Array.from({ length: size.threads }, (_, i) => i + 1).find(
    (id) => isPremiumThread(id) && !bought.includes(id) && authorOf(id, size) !== READER,
  );
  if (unbought !== undefined) {
    const response = await fetch(`${baseUrl}/api/threads/${unbought}`, { headers: { cookie: reader } });
    const thread = (await response.json()) as { userHasAccess?: boolean };
    expect(`access to premium thread ${unbought} not bought`, response.status === 402 || !thread.userHasAccess, true);
  }

  // Notifications: the dataset's replies were told before it was written, so nothing is caught up on.
  const bell = await get<{ notifications: unknown[] }>('/api/notifications');
  expect('the reader notifications', bell.notifications.length, 0);

  // The group buy: open, no place taken.
  const groupBuy = await get<{ status: string; current: number }>(`/api/threads/${GROUP_BUY_THREAD}/group-buy/status`);
  expect('the group buy', [groupBuy.status, groupBuy.current], ['open', 0]);

  // Staff: the ledger's totals (movements, coins sold), the counts, the report queue, the payments waiting.
  const movements = wallets.entries.filter((entry) => !isCreditSide(entry));
  const coinsSold = movements.reduce((sum, entry) => sum + (entry.type === 'coin_purchase' ? entry.amount : 0), 0);
  const stats = await get<Record<string, number>>('/api/admin/stats?range=all', admin);
  expect(
    'the admin stats',
    [stats.totalUsers, stats.totalThreads, stats.totalPosts, stats.totalTransactions, stats.totalCoins],
    [size.members, size.threads, size.replies, movements.length, coinsSold],
  );
  expect('the open reports', (await get<unknown[]>(`/api/admin/reports?limit=${PAGE}`, admin)).length, REPORTS);
  const pending = await get<{ payments: unknown[] }>('/api/admin/payments/pending', admin);
  expect(
    'the payments waiting',
    pending.payments.length,
    wallets.payments.filter((p) => p.status === 'waiting').length,
  );
}
