import { VALIDATION } from '@enclave/protocol';
import { describe, expect, it } from 'vitest';
import { aGroupBuyThread, anUnlockableThread, aThread } from '../testing/thread-fixtures.ts';
import { editBodyOf, editThreadErrors, tagsOf, valuesOf } from './edit-thread-values.ts';

const valid = valuesOf(aThread({ content: 'WireGuard on a small VPS is fast and cheap.' }), []);

describe('the edit-thread rules (spec 001 §5)', () => {
  it('accepts the thread as it is', () => {
    expect(editThreadErrors(valid, false)).toEqual({});
  });

  it('needs a title of 3 and content of 10 characters', () => {
    expect(editThreadErrors({ ...valid, title: ' ab ', content: 'too short' }, false)).toEqual({
      title: VALIDATION.editTitleMin,
      content: VALIDATION.editContentMin,
    });
  });

  it('needs a premium cost above 0 for premium content', () => {
    for (const premiumCost of [Number.NaN, 0, -5]) {
      expect(editThreadErrors({ ...valid, isPremium: true, premiumCost }, false)).toEqual({
        premiumCost: VALIDATION.premiumCostRequired,
      });
    }
  });

  it('needs a cost and content for a premium discussion', () => {
    const values = { ...valuesOf(anUnlockableThread(), []), unlockableCost: Number.NaN, unlockableContent: '  ' };
    expect(editThreadErrors(values, false)).toEqual({
      unlockableCost: VALIDATION.unlockableCostRequired,
      unlockableContent: VALIDATION.unlockableContentRequired,
    });
  });

  it('keeps a premium-thread discussion in its sister thread without content here', () => {
    const values = { ...valuesOf(anUnlockableThread({ unlockableType: 'premium_thread' }), []), unlockableContent: '' };
    expect(editThreadErrors(values, true)).toEqual({});
    expect(editThreadErrors(values, false)).toEqual({ unlockableContent: VALIDATION.unlockableContentRequired });
  });

  it('needs participants, a contribution and the content it unlocks for a group buy', () => {
    const values = {
      ...valuesOf(aGroupBuyThread(), []),
      groupBuyParticipantsRequired: 0,
      groupBuyContributionAmount: Number.NaN,
      groupBuyContent: ' ',
    };
    expect(editThreadErrors(values, false)).toEqual({
      groupBuyParticipantsRequired: VALIDATION.participantsRequired,
      groupBuyContributionAmount: VALIDATION.contributionRequired,
      groupBuyContent: VALIDATION.groupBuyContentRequired,
    });
  });

  it('splits comma-separated tags, trimmed', () => {
    expect(tagsOf(' vpn, self-hosting ,, wireguard ,')).toEqual(['vpn', 'self-hosting', 'wireguard']);
  });

  it('sends the settings of the features that are on', () => {
    expect(editBodyOf({ ...valid, tags: 'a, b', isPremium: true, premiumCost: 40 })).toEqual({
      title: valid.title,
      content: valid.content,
      categoryId: 3,
      tags: ['a', 'b'],
      isPremium: true,
      premiumCost: 40,
      isPrivate: false,
      hasUnlockableContent: false,
      isGroupBuy: false,
    });
  });
});
