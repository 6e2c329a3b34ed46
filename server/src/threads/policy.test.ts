import { describe, expect, it } from 'vitest';
import { threadRecord } from '../test/forum.ts';
import { canReadDiscussion, canSee, type Holdings, NO_HOLDINGS, readableText, type Viewer } from './policy.ts';
import type { ThreadRecord } from './thread-model.ts';

// The read gate's rules by themselves: no database, no app, no HTTP.
const thread = threadRecord;

const member = (id: number): Viewer => ({ id, isAdmin: false, isModerator: false });
const AUTHOR = member(1);
const STRANGER = member(2);
const MODERATOR: Viewer = { id: 3, isAdmin: false, isModerator: true };
const holding = (kind: keyof Holdings, id: number): Holdings => ({ ...NO_HOLDINGS, [kind]: new Set([id]) });

describe('the read gate', () => {
  it.each<[string, Partial<ThreadRecord>, Viewer[], Viewer[]]>([
    ['an approved public thread', {}, [null, STRANGER, AUTHOR, MODERATOR], []],
    ['a thread awaiting approval', { isApproved: false }, [AUTHOR, MODERATOR], [null, STRANGER]],
    ['a private thread', { isPrivate: true, allowedUserIds: [4] }, [AUTHOR, MODERATOR, member(4)], [null, STRANGER]],
  ])('lets %s exist only for those it is meant for', (_, facts, seeing, notSeeing) => {
    for (const viewer of seeing) expect(canSee(viewer, thread(facts))).toBe(true);
    for (const viewer of notSeeing) expect(canSee(viewer, thread(facts))).toBe(false);
  });

  it('shows premium content to its author, staff, buyers, holders of a completed group buy, and a sister to unlockers', () => {
    const premium = thread({ isPremium: true });
    expect(readableText(STRANGER, premium, NO_HOLDINGS).content).toBeNull();
    expect(readableText(null, premium, NO_HOLDINGS).content).toBeNull();
    for (const viewer of [AUTHOR, MODERATOR])
      expect(readableText(viewer, premium, NO_HOLDINGS).content).toBe('the content');
    expect(readableText(STRANGER, premium, holding('purchased', 10)).content).toBe('the content');
    expect(readableText(STRANGER, premium, holding('purchased', 11)).content).toBeNull();
    expect(readableText(STRANGER, premium, holding('groupBuys', 10)).content).toBe('the content');
    // Unlocking a discussion opens the premium sister of its thread, not the thread's own premium content.
    const sister = thread({ id: 12, isPremium: true, isSisterThread: true, parentThreadId: 10 });
    expect(readableText(STRANGER, sister, holding('unlocked', 10)).content).toBe('the content');
    expect(readableText(STRANGER, premium, holding('unlocked', 10)).content).toBeNull();
  });

  it('shows a discussion to its author, staff and unlockers, and a group buy’s reward to its holders once complete', () => {
    const discussion = thread({ hasUnlockableContent: true, unlockableContent: 'the discussion' });
    expect(canReadDiscussion(STRANGER, discussion, NO_HOLDINGS)).toBe(false);
    expect(readableText(STRANGER, discussion, holding('unlocked', 10)).discussion).toBe('the discussion');
    expect(readableText(MODERATOR, discussion, NO_HOLDINGS).discussion).toBe('the discussion');
    const groupBuy = thread({ isGroupBuy: true, groupBuyContent: 'the reward' });
    expect(readableText(STRANGER, groupBuy, NO_HOLDINGS).groupBuy).toBeNull();
    expect(readableText(STRANGER, groupBuy, holding('groupBuys', 10)).groupBuy).toBe('the reward');
    expect(readableText(AUTHOR, groupBuy, NO_HOLDINGS).groupBuy).toBe('the reward');
    expect(readableText(AUTHOR, thread(), NO_HOLDINGS).groupBuy).toBeNull();
  });
});
