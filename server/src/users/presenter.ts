import type { Abilities, CurrentUser, MemberSuggestion, PublicUser } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { balanceOf } from '../wallet/ledger.ts';
import { abilitiesOf } from './abilities.ts';
import { hasSecondFactor, isMuted, mustAddSecondFactor } from './standing.ts';
import type { UserRecord } from './user-model.ts';

export function pictureUrl(user: Pick<UserRecord, 'id' | 'profilePictureVersion'>): string | null {
  return user.profilePictureVersion > 0 ? `/api/users/${user.id}/picture?v=${user.profilePictureVersion}` : null;
}

/** Another member as anyone may see them; "hide profile information" withholds bio and join date. */
export function presentPublicUser(user: Omit<UserRecord, 'passwordHash' | 'verification'>): PublicUser {
  const hidden = user.privacy?.hideProfile ?? false;
  return {
    id: user.id,
    username: user.username,
    bio: hidden ? null : (user.bio ?? null),
    profilePicture: pictureUrl(user),
    createdAt: hidden ? null : user.createdAt.toISOString(),
    isAdmin: user.isAdmin,
    isModerator: user.isModerator,
    isBanned: user.isBanned,
    isMuted: isMuted(user),
  };
}

/** A member as a picker offers them: name and picture, nothing a hidden profile would withhold. */
export function presentMemberSuggestion(
  user: Pick<UserRecord, 'id' | 'username' | 'profilePictureVersion'>,
): MemberSuggestion {
  return { id: user.id, username: user.username, profilePicture: pictureUrl(user) };
}

/** The member's own record; the balance (the ledger head's) and the abilities are passed in by `presentMe`. */
export function presentCurrentUser(
  user: UserRecord,
  coinBalance: number,
  abilities: Abilities,
  staffRequireSecondFactor: boolean,
): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    isEmailVerified: user.isEmailVerified,
    isAdmin: user.isAdmin,
    isModerator: user.isModerator,
    coinBalance,
    bio: user.bio ?? null,
    profilePicture: pictureUrl(user),
    createdAt: user.createdAt.toISOString(),
    isMuted: isMuted(user),
    mutedUntil: isMuted(user) && user.mutedUntil ? user.mutedUntil.toISOString() : null,
    privacy: {
      defaultThreadPrivate: user.privacy?.defaultThreadPrivate ?? false,
      hideProfile: user.privacy?.hideProfile ?? false,
    },
    abilities,
    hasSecondFactor: hasSecondFactor(user),
    mustAddSecondFactor: mustAddSecondFactor(user, staffRequireSecondFactor),
  };
}

export async function presentMe(app: FastifyInstance, user: UserRecord): Promise<CurrentUser> {
  const abilities = abilitiesOf(user, { requireVerifiedEmail: app.config.REQUIRE_EMAIL_VERIFICATION });
  return presentCurrentUser(user, await balanceOf(app, user.id), abilities, app.config.STAFF_REQUIRE_2FA === true);
}
