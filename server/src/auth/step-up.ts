import { ErrorCode, FACTOR_TEXT, SECURITY, type SignInMethod } from '@enclave/protocol';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { ProofKind } from '../factors/factor-model.ts';
import type { Database } from '../storage/index.ts';
import { hasSecondFactor } from '../users/standing.ts';
import { viewerOf } from './guards.ts';
import { authModels } from './models.ts';
import { sessionKey } from './session-records.ts';

/**
 * Step-up: what moves money or power (a password or factor change, an account deletion, a payment confirmed, coins
 * granted, a restore, the receiving addresses) asks that this session proved who is at it within SECURITY.stepUpMs,
 * by its sign-in or by a step-up since. For a member with a second factor only a factor counts; for one without,
 * the password does. A stolen session cookie therefore moves nothing once the sign-in is a few minutes old.
 */

const FACTOR_SIGN_INS = new Set<SignInMethod>(['passkey', 'password+app', 'password+passkey', 'password+recovery']);

/** The session's item key, or null for a request with no session. */
function sessionOf(request: FastifyRequest): string | null {
  return request.viewer && request.sessionId ? sessionKey(request.viewer.id, request.sessionId) : null;
}

/** Until when this request's session may make those moves without being asked again; null: ask first. */
export async function steppedUpUntil(app: Database, request: FastifyRequest): Promise<Date | null> {
  const key = sessionOf(request);
  if (!key || !request.signedIn) return null;
  const withFactor = hasSecondFactor(viewerOf(request));
  let proven = !withFactor || FACTOR_SIGN_INS.has(request.signedIn.method) ? request.signedIn.at.getTime() : 0;
  const last = await authModels(app).SessionStepUp.findById(key).lean<{ at: Date; via: ProofKind }>();
  if (last && (!withFactor || last.via !== 'password')) proven = Math.max(proven, last.at.getTime());
  const until = proven + SECURITY.stepUpMs;
  return until > Date.now() ? new Date(until) : null;
}

/** This session just proved who is at it, with `via`. */
export async function markSteppedUp(app: Database, request: FastifyRequest, via: ProofKind): Promise<Date> {
  const key = sessionOf(request);
  if (!key) throw new AppError(401, ErrorCode.Unauthenticated, FACTOR_TEXT.stepUpRequired);
  const at = new Date();
  await authModels(app).SessionStepUp.replaceOne({ _id: key }, { at, via }, { upsert: true });
  return new Date(at.getTime() + SECURITY.stepUpMs);
}

/** A pre-handler after `signedIn` (or `staff`, `admin`): refuses with STEP_UP_REQUIRED unless recently proven. */
export async function steppedUp(request: FastifyRequest) {
  if (!(await steppedUpUntil(request.server, request))) {
    throw new AppError(403, ErrorCode.StepUpRequired, FACTOR_TEXT.stepUpRequired);
  }
}

/**
 * For the routes whose body carries the password (changing it, deleting the account): the password is the proof of
 * a member without a second factor, so only a member with one is asked to step up.
 */
export async function steppedUpIfSecondFactor(request: FastifyRequest) {
  if (hasSecondFactor(viewerOf(request))) await steppedUp(request);
}
