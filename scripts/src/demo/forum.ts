import type { CategoryBody, CreateThreadBody, Thread } from '@enclave/protocol';
import type { App } from '@enclave/server';
import { createCategory } from '@enclave/server/categories/service.ts';
import { contribute } from '@enclave/server/group-buys/service.ts';
import { reply } from '@enclave/server/replies/service.ts';
import { approveThread } from '@enclave/server/threads/moderation.ts';
import { buyThread, unlockDiscussion } from '@enclave/server/threads/purchases.ts';
import { createThread } from '@enclave/server/threads/service.ts';
import type { UserRecord } from '@enclave/server/users/user-model.ts';
import { move } from '@enclave/server/wallet/ledger.ts';
import { demoMember } from './accounts.ts';
import type { DemoAccount } from './index.ts';

/** Every icon of both specs and every colour, each at least once. */
const CATEGORIES: CategoryBody[] = [
  {
    name: 'General Discussion',
    description: 'Introductions and everything else',
    icon: 'MessageSquare',
    color: 'primary',
  },
  { name: 'Privacy & Security', description: 'VPNs, threat models, hardening', icon: 'Shield', color: 'secondary' },
  { name: 'Guides & Docs', description: 'Step-by-step write-ups by members', icon: 'FileText', color: 'info' },
  { name: 'Help & Support', description: 'Questions about the forum itself', icon: 'LifeBuoy', color: 'warning' },
  {
    name: 'Trading & Markets',
    description: 'Charts, calls and post-mortems',
    icon: 'LineChart',
    color: 'success',
    isPremium: true,
    premiumCost: 50,
  },
  { name: 'AI & Automation', description: 'Bots, agents and prompt craft', icon: 'Bot', color: 'dark' },
  { name: 'Courses & Learning', description: 'Shared courses and study groups', icon: 'GraduationCap', color: 'light' },
  { name: 'Off-Topic & Memes', description: 'Keep it light', icon: 'Laugh', color: 'danger' },
  { name: 'Crypto Talk', description: 'Wallets, chains and fees', icon: 'Coins', color: 'warning' },
  {
    name: 'Premium Resources',
    description: 'Paid guides and datasets',
    icon: 'Gem',
    color: 'primary',
    isPremium: true,
    premiumCost: 100,
  },
  { name: 'Featured', description: 'Picked by the moderators', icon: 'Star', color: 'info' },
  { name: 'Showcase', description: 'Show what you built', icon: 'Trophy', color: 'success' },
  { name: 'Quick Tips', description: 'One-minute tricks', icon: 'Zap', color: 'secondary' },
  { name: 'Bookmarks & Links', description: 'Links worth keeping', icon: 'Bookmark', color: 'light' },
  { name: 'Giveaways', description: 'Coins and licences up for grabs', icon: 'Gift', color: 'danger' },
  { name: 'Group Buys', description: 'Share the cost of premium tools', icon: 'HeartHandshake', color: 'dark' },
];

type Category = (typeof CATEGORIES)[number]['name'];

/**
 * Categories covering every icon and colour, and threads of every kind by the demo members: plain,
 * premium (bought), private, each unlockable type (unlocked, with a premium sister thread), one
 * pending approval, group buys half-full and completed, and replies. Coins move through the ledger.
 */
export async function seedForum(app: App): Promise<DemoAccount[]> {
  const categoryIds = new Map<string, number>();
  for (const category of CATEGORIES) categoryIds.set(category.name, (await createCategory(app, category)).id);
  const admin = await demoMember(app, 'admin');
  const moderator = await demoMember(app, 'moderator');
  const alice = await demoMember(app, 'alice');
  const bob = await demoMember(app, 'bob');
  const carol = await demoMember(app, 'carol');
  const dave = await demoMember(app, 'dave');
  for (const member of [alice, bob, carol, dave]) {
    await move(app, { account: member.id, amount: 1000, key: `demo-forum-grant:${member.id}`, type: 'admin_grant' });
  }

  const post = async (
    author: UserRecord,
    category: Category,
    body: Omit<CreateThreadBody, 'categoryId'>,
    { pending = false } = {},
  ): Promise<Thread> => {
    const thread = await createThread(app, author, { ...body, categoryId: categoryIds.get(category) as number });
    if (!thread.isApproved && !pending) await approveThread(app, moderator, thread.id);
    return thread;
  };
  const replies = async (threadId: number, lines: [UserRecord, string][]) => {
    for (const [author, content] of lines) await reply(app, author, threadId, content);
  };

  const welcome = await post(admin, 'General Discussion', {
    title: 'Welcome to Enclave: read this first',
    content:
      'Enclave is a members-only forum. No tracking, no third-party analytics. Be kind, stay on topic, and use the report button when something is off.',
    tags: ['welcome', 'rules'],
  });
  await replies(welcome.id, [
    [alice, 'Glad to be here. Love the no-tracking stance.'],
    [dave, 'First post! Hello everyone.'],
  ]);

  const vpn = await post(alice, 'Privacy & Security', {
    title: 'Self-hosting a VPN on a $5 VPS',
    content:
      'WireGuard on a small VPS is fast and cheap. Here is my setup: unattended upgrades, a firewall that only opens 51820/udp, and keys rotated every quarter.',
    tags: ['vpn', 'self-hosting', 'wireguard'],
  });
  await replies(vpn.id, [
    [bob, 'Which provider do you use?'],
    [carol, 'Saved. Do you run DNS on the same box?'],
    [alice, 'Unbound on the same box, yes.'],
  ]);

  await post(moderator, 'Help & Support', {
    title: 'How to report content',
    content: 'Use the report button under any post. Moderators see the queue live and usually act within the hour.',
    tags: ['help', 'moderation'],
  });

  const icons = await post(carol, 'Guides & Docs', {
    title: 'The complete icon-set licensing guide',
    content:
      'Which icon sets allow commercial use, which need attribution, and the three licences that look free but are not. Includes a checklist for client work.',
    tags: ['design', 'licensing'],
    isPremium: true,
    premiumCost: 40,
  });
  await buyThread(app, bob, { amount: 40, referenceId: icons.id, referenceType: 'thread' });
  await replies(icons.id, [[bob, 'Worth every coin, the checklist alone saved me an afternoon.']]);

  await post(dave, 'Trading & Markets', {
    title: 'My on-chain BTC analysis for Q3',
    content: 'Exchange outflows, long-term holder supply and miner behaviour, with the charts and my positions.',
    tags: ['btc', 'analysis'],
    isPremium: true,
    premiumCost: 75,
  });

  const meetup = await post(alice, 'General Discussion', {
    title: 'Planning the spring meetup',
    content: 'Only for the organisers for now: venue ideas and dates. Add yourself to the list below.',
    tags: ['meetup'],
    isPrivate: true,
    allowedUserIds: [bob.id, carol.id],
  });
  await replies(meetup.id, [[bob, 'Any weekend in April works for me.']]);

  const wordlists = await post(bob, 'Bookmarks & Links', {
    title: 'Curated wordlists for password audits',
    content: 'Deduplicated, sorted by frequency, with the leaked-password lists removed. Download behind the unlock.',
    tags: ['security', 'wordlists'],
    hasUnlockableContent: true,
    unlockableType: 'download_link',
    unlockableCost: 25,
    unlockableContent: 'https://files.enclave.local/wordlists-2024.tar.zst',
  });
  await unlockDiscussion(app, alice, wordlists.id, 25);

  const prompts = await post(carol, 'AI & Automation', {
    title: 'My prompt library for code review',
    content: 'Twelve prompts I use daily for reviewing pull requests, with notes on when each one fails.',
    tags: ['ai', 'prompts'],
    hasUnlockableContent: true,
    unlockableType: 'text_content',
    unlockableCost: 30,
    unlockableContent:
      'Prompt 1: "List every behaviour change in this diff and the test that proves it." Prompt 2: "What input would break this function?"',
  });
  await unlockDiscussion(app, dave, prompts.id, 30);

  const signals = await post(dave, 'Crypto Talk', {
    title: 'Signals room: weekly market calls',
    content: 'Public notes here; the weekly calls and entries live in the premium discussion.',
    tags: ['crypto', 'signals'],
    hasUnlockableContent: true,
    unlockableType: 'premium_thread',
    unlockableCost: 50,
    sisterContent: 'Week 1: watching the 200-day average; entries and stops below. Ask questions in the replies.',
  });
  await unlockDiscussion(app, alice, signals.id, 50);
  await replies(signals.sisterThreadId as number, [
    [dave, 'Welcome in. New calls every Monday.'],
    [alice, 'Thanks, what is your stop on the first entry?'],
  ]);

  await post(
    alice,
    'Guides & Docs',
    {
      title: 'Draft: using Tor bridges behind a strict firewall',
      content: 'obfs4 versus snowflake, how to get bridges by email, and what to do when both are blocked.',
      tags: ['tor', 'censorship'],
    },
    { pending: true },
  );

  const jetbrains = await post(bob, 'Group Buys', {
    title: 'Group buy: JetBrains All Products Pack',
    content: 'Four seats on a team licence, 50 coins each. The licence is assigned when all four places are taken.',
    tags: ['group-buy', 'ide'],
    isGroupBuy: true,
    groupBuyParticipantsRequired: 4,
    groupBuyContributionAmount: 50,
    groupBuyContent: 'Seat invitations go to your account email from the JetBrains team account within a day.',
  });
  await contribute(app, alice, jetbrains.id, 50);
  await contribute(app, carol, jetbrains.id, 50);

  const figma = await post(carol, 'Group Buys', {
    title: 'Group buy: Figma plugin bundle',
    content: 'Three seats, 20 coins each. Complete: the seats are assigned.',
    tags: ['group-buy', 'design'],
    isGroupBuy: true,
    groupBuyParticipantsRequired: 3,
    groupBuyContributionAmount: 20,
    groupBuyContent: 'Plugin bundle download: https://example.com/figma-bundle (licence key FIGMA-DEMO-0000).',
  });
  for (const member of [alice, bob, dave]) await contribute(app, member, figma.id, 20);
  await replies(figma.id, [[carol, 'Done! Invites are out.']]);

  const plain: [UserRecord, Category, string, string, string[]][] = [
    [
      moderator,
      'Quick Tips',
      'Weekly quick tips',
      'Press / anywhere to search threads by title, content or tags.',
      ['tips'],
    ],
    [
      admin,
      'Giveaways',
      'Giveaway: 500 coins for the best guide',
      'Post a guide this month; the best one wins.',
      ['giveaway'],
    ],
    [
      bob,
      'Showcase',
      'I built a tiny static site generator',
      'Two hundred lines of TypeScript, no dependencies.',
      ['showcase'],
    ],
    [dave, 'Off-Topic & Memes', 'Post your desk setup', 'Mine is a mess, yours can only be better.', ['desks']],
    [carol, 'Courses & Learning', 'Study group: cryptography basics', 'We meet Thursdays, chapter 1 first.', ['study']],
    [
      moderator,
      'Featured',
      'Featured: the VPN guide',
      'A moderator pick for newcomers worried about their ISP.',
      ['featured'],
    ],
    [admin, 'Premium Resources', 'What belongs in Premium Resources', 'Original work only; price it fairly.', ['meta']],
  ];
  for (const [author, category, title, content, tags] of plain) await post(author, category, { title, content, tags });
  return [];
}
