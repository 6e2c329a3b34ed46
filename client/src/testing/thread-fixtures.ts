import type { GroupBuyStatus, Post, Thread } from '@enclave/protocol';

/** A plain text as the server cooks it (escaped, a paragraph): what fixtures show unless told otherwise. */
export const cookedFixture = (text: string) =>
  `<p>${text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')}</p>`;

/** A plain, approved thread by bob (id 8) that alice (the mock member, id 7) may read. */
export function aThread(overrides: Partial<Thread> = {}): Thread {
  const content = overrides.content ?? 'WireGuard on a small VPS is fast and cheap.';
  return {
    id: 42,
    title: 'Self-hosting a VPN on a budget',
    content,
    cooked: cookedFixture(content),
    categoryId: 3,
    authorId: 8,
    authorName: 'bob',
    authorProfilePic: null,
    authorBio: 'Runs his own mail server.',
    authorIsAdmin: false,
    authorIsModerator: false,
    author: { id: 8, username: 'bob' },
    category: { id: 3, name: 'Privacy Tools' },
    createdAt: '2026-03-05T10:00:00.000Z',
    updatedAt: '2026-03-05T10:00:00.000Z',
    isPremium: false,
    premiumCost: null,
    isPrivate: false,
    tags: ['vpn', 'wireguard'],
    isSisterThread: false,
    parentThreadId: null,
    sisterThreadId: null,
    hasUnlockableContent: false,
    unlockableCost: null,
    unlockableType: null,
    unlockableContent: null,
    isGroupBuy: false,
    groupBuyParticipantsRequired: null,
    groupBuyContributionAmount: null,
    groupBuyContent: null,
    groupBuyCurrentParticipants: 0,
    isGroupBuyCompleted: false,
    groupBuyCompletedAt: null,
    groupBuyStatus: null,
    groupBuyDeadline: null,
    isApproved: true,
    approvedAt: '2026-03-05T10:00:00.000Z',
    userHasAccess: true,
    replyCount: 0,
    ...overrides,
  };
}

/** A locked premium discussion of the given type. */
export function anUnlockableThread(overrides: Partial<Thread> = {}): Thread {
  return aThread({
    hasUnlockableContent: true,
    unlockableCost: 25,
    unlockableType: 'download_link',
    userHasAccess: false,
    ...overrides,
  });
}

export function aGroupBuyThread(overrides: Partial<Thread> = {}): Thread {
  return aThread({
    title: 'Group buy: JetBrains All Products Pack',
    isGroupBuy: true,
    groupBuyParticipantsRequired: 4,
    groupBuyContributionAmount: 50,
    groupBuyCurrentParticipants: 2,
    groupBuyStatus: 'open',
    groupBuyDeadline: '2099-03-12T10:00:00.000Z',
    ...overrides,
  });
}

export function aGroupBuyStatus(overrides: Partial<GroupBuyStatus> = {}): GroupBuyStatus {
  return {
    status: 'open',
    deadline: '2099-03-12T10:00:00.000Z',
    isCompleted: false,
    isParticipant: false,
    current: 2,
    required: 4,
    contributionAmount: 50,
    completedAt: null,
    content: null,
    ...overrides,
  };
}

export function aReply(overrides: Partial<Post> = {}): Post {
  return {
    id: 100,
    threadId: 42,
    number: 1,
    authorId: 9,
    authorName: 'carol',
    authorProfilePic: null,
    authorIsAdmin: false,
    authorIsModerator: false,
    content: overrides.content ?? 'Which provider do you use?',
    cooked: cookedFixture(overrides.content ?? 'Which provider do you use?'),
    createdAt: '2026-03-05T11:00:00.000Z',
    updatedAt: '2026-03-05T11:00:00.000Z',
    ...overrides,
  };
}
