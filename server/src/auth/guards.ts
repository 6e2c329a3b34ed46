import { ErrorCode, FACTOR_TEXT, type MutedDetails, SERVER_TEXT } from '@enclave/protocol';
import type { FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthenticated } from '../errors.ts';
import { asReader, isMuted, isStaff, mustAddSecondFactor } from '../users/standing.ts';
import type { UserRecord } from '../users/user-model.ts';

/** Role checks as small pre-handlers: `preHandler: member`. Handlers then read `viewerOf(request)`. */

export async function signedIn(request: FastifyRequest) {
  if (!request.viewer) throw unauthenticated();
}

/** A signed-in member whose email is verified (unless the deployment turned verification off). */
export async function member(request: FastifyRequest) {
  const viewer = request.viewer;
  if (!viewer) throw unauthenticated();
  if (!viewer.isEmailVerified && request.server.config.REQUIRE_EMAIL_VERIFICATION) {
    throw forbidden(SERVER_TEXT.emailNotVerified, ErrorCode.EmailNotVerified);
  }
}

/** Staff where the deployment requires a second factor (STAFF_REQUIRE_2FA) must have one: no staff route opens. */
function assertStaffFactor(request: FastifyRequest) {
  if (mustAddSecondFactor(viewerOf(request), request.server.config.STAFF_REQUIRE_2FA === true)) {
    throw forbidden(FACTOR_TEXT.staffNeedsFactor, ErrorCode.SecondFactorRequired);
  }
}

export async function staff(request: FastifyRequest) {
  await member(request);
  if (!isStaff(viewerOf(request))) throw forbidden();
  assertStaffFactor(request);
}

export async function admin(request: FastifyRequest) {
  await member(request);
  if (!viewerOf(request).isAdmin) throw forbidden();
  assertStaffFactor(request);
}

/** Who reads, for the routes that show the forum: the viewer, or null; staff powers only where they are open. */
export function readerOf(request: FastifyRequest): UserRecord | null {
  return request.viewer && asReader(request.viewer, request.server.config.STAFF_REQUIRE_2FA === true);
}

export function viewerOf(request: FastifyRequest): UserRecord {
  if (!request.viewer) throw unauthenticated();
  return request.viewer;
}

/** Muted members may read but not create threads, reply or message until `mutedUntil`, which the refusal carries. */
export function assertNotMuted(user: UserRecord) {
  if (isMuted(user)) {
    const details: MutedDetails = { mutedUntil: (user.mutedUntil as Date).toISOString() };
    throw new AppError(403, ErrorCode.Muted, SERVER_TEXT.mutedUntil(details.mutedUntil), details);
  }
}
