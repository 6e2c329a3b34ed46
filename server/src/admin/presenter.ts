import type { AdminUser } from '@enclave/protocol';
import type { MemberCard } from '../users/member-directory.ts';
import { pictureUrl } from '../users/presenter.ts';
import { isMuted } from '../users/standing.ts';

/** A member as the console's users table shows them: status and coins (their ledger's), and to admins their email. */
export function presentAdminUser(
  user: MemberCard,
  coinBalance: number,
  { withEmail }: { withEmail: boolean },
): AdminUser {
  const muted = isMuted(user);
  return {
    id: user.id,
    username: user.username,
    email: withEmail ? user.email : null,
    profilePicture: pictureUrl(user),
    createdAt: user.createdAt.toISOString(),
    isEmailVerified: user.isEmailVerified,
    isAdmin: user.isAdmin,
    isModerator: user.isModerator,
    isBanned: user.isBanned,
    bannedAt: user.isBanned && user.bannedAt ? user.bannedAt.toISOString() : null,
    isMuted: muted,
    mutedUntil: muted && user.mutedUntil ? user.mutedUntil.toISOString() : null,
    coinBalance,
  };
}
