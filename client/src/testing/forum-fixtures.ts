import type { Category, PublicUser } from '@enclave/protocol';

export function aCategory(overrides: Partial<Category> = {}): Category {
  return {
    id: 3,
    name: 'Privacy Tools',
    description: 'VPNs, threat models, hardening',
    icon: 'Shield',
    color: 'secondary',
    isPremium: false,
    premiumCost: null,
    threadCount: 4,
    lastActivity: '2026-03-05T10:00:00.000Z',
    ...overrides,
  };
}

export function aPublicUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 8,
    username: 'bob',
    bio: 'Runs his own mail server.',
    profilePicture: null,
    createdAt: '2025-01-10T10:00:00.000Z',
    isAdmin: false,
    isModerator: false,
    isBanned: false,
    isMuted: false,
    ...overrides,
  };
}
