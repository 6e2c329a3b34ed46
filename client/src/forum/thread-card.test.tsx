import { FORUM_PAGE_TEXT, THREAD_PREVIEW_LENGTH, THREAD_TEXT, type Thread } from '@enclave/protocol';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aPublicUser } from '../testing/forum-fixtures.ts';
import { json, mockApi } from '../testing/mock-api.ts';
import { renderWithRouter } from '../testing/render-with-router.tsx';
import { aThread } from '../testing/thread-fixtures.ts';
import { isPurchased, previewOf, ThreadCard } from './thread-card.tsx';

function renderCard(thread: Thread, author = json(aPublicUser())) {
  mockApi({ [`GET /api/users/${thread.authorId}`]: author });
  renderWithRouter(<ThreadCard thread={thread} />);
  return screen.findByRole('article');
}

describe('thread card', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('cuts the preview at 160 characters and adds an ellipsis', async () => {
    const long = 'a'.repeat(THREAD_PREVIEW_LENGTH + 40);
    expect(previewOf(long)).toBe(`${'a'.repeat(THREAD_PREVIEW_LENGTH)}...`);
    expect(previewOf('short')).toBe('short');
    const words = `${'word '.repeat(31)}unbreakable tail`;
    expect(previewOf(words)).toBe(`${'word '.repeat(31).trimEnd()}...`);

    const card = await renderCard(aThread({ content: long }));
    expect(await within(card).findByText(`${'a'.repeat(THREAD_PREVIEW_LENGTH)}...`)).toBeTruthy();
  });

  it('links to the thread and to its category, with tags, replies and the time ago', async () => {
    const card = await renderCard(
      aThread({ replyCount: 3, createdAt: new Date(Date.now() - 5 * 60_000).toISOString() }),
    );
    expect(within(card).getByRole('link', { name: 'Self-hosting a VPN on a budget' }).getAttribute('href')).toBe(
      '/thread/42',
    );
    expect(within(card).getByRole('link', { name: 'Privacy Tools' }).getAttribute('href')).toBe('/category/3');
    expect(within(card).getByText('#vpn')).toBeTruthy();
    expect(within(card).getByText('#wireguard')).toBeTruthy();
    expect(within(card).getByText('3 replies')).toBeTruthy();
    expect(within(card).getByText('5 minutes ago')).toBeTruthy();
  });

  it('shows the author fetched for the card, with the first two letters of the name as the avatar', async () => {
    const card = await renderCard(aThread({ authorName: 'bob' }), json(aPublicUser({ username: 'robert' })));
    expect(await within(card).findByText('robert')).toBeTruthy();
    expect(within(card).getByText('RO')).toBeTruthy();
  });

  it("shows 'Anonymous' and '??' when the author cannot be fetched", async () => {
    const card = await renderCard(aThread(), json({ message: 'User not found', code: 'NOT_FOUND' }, 404));
    expect(await within(card).findByText(THREAD_TEXT.anonymous)).toBeTruthy();
    expect(within(card).getByText('??')).toBeTruthy();
  });

  it("says 'Unknown Category' when the category is missing", async () => {
    const card = await renderCard(aThread({ category: null }));
    expect(within(card).getByText(THREAD_TEXT.unknownCategory)).toBeTruthy();
    expect(within(card).queryByRole('link', { name: THREAD_TEXT.unknownCategory })).toBeNull();
  });

  it('shows the Premium, Private and Pending approval badges and the costs', async () => {
    const card = await renderCard(
      aThread({
        isPremium: true,
        premiumCost: 50,
        isPrivate: true,
        isApproved: false,
        hasUnlockableContent: true,
        unlockableCost: 25,
        userHasAccess: false,
      }),
    );
    expect(within(card).getByText('Premium')).toBeTruthy();
    expect(within(card).getByText('Private')).toBeTruthy();
    expect(within(card).getByText(THREAD_TEXT.pendingApproval)).toBeTruthy();
    expect(within(card).getByText('50 coins')).toBeTruthy();
    expect(within(card).getByText('Premium Content (25 coins)')).toBeTruthy();
    expect(within(card).queryByText(FORUM_PAGE_TEXT.purchased)).toBeNull();
  });

  it.each([
    ['open', 'Group buy: 2 of 4 places'],
    ['cancelled', FORUM_PAGE_TEXT.groupBuyCancelled],
    ['expired', FORUM_PAGE_TEXT.groupBuyExpired],
    ['completed', FORUM_PAGE_TEXT.groupBuyComplete],
  ] as const)('shows a group buy %s as "%s" (places only while it is open)', async (groupBuyStatus, text) => {
    const card = await renderCard(
      aThread({ isGroupBuy: true, groupBuyParticipantsRequired: 4, groupBuyCurrentParticipants: 2, groupBuyStatus }),
    );
    expect(within(card).getByText(text)).toBeTruthy();
    expect(within(card).queryAllByText(/of 4 places/)).toHaveLength(groupBuyStatus === 'open' ? 1 : 0);
  });

  it('shows no badge or cost on a plain thread', async () => {
    const card = await renderCard(aThread());
    for (const text of ['Premium', 'Private', THREAD_TEXT.pendingApproval, FORUM_PAGE_TEXT.purchased]) {
      expect(within(card).queryByText(text)).toBeNull();
    }
    expect(within(card).queryByText(/coins/)).toBeNull();
  });

  it("shows 'Purchased' only for premium or unlockable threads the viewer has access to", async () => {
    expect(isPurchased({ isPremium: true, hasUnlockableContent: false, userHasAccess: true })).toBe(true);
    expect(isPurchased({ isPremium: false, hasUnlockableContent: true, userHasAccess: true })).toBe(true);
    expect(isPurchased({ isPremium: false, hasUnlockableContent: false, userHasAccess: true })).toBe(false);
    expect(isPurchased({ isPremium: true, hasUnlockableContent: true, userHasAccess: false })).toBe(false);

    const card = await renderCard(aThread({ isPremium: true, premiumCost: 50, userHasAccess: true }));
    expect(within(card).getByText(FORUM_PAGE_TEXT.purchased)).toBeTruthy();
  });
});
