import { api, ErrorCode, FACTOR_TEXT, SECURITY, SERVER_TEXT, type StepUpBody } from '@enclave/protocol';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { describeClient } from '../auth/client-info.ts';
import { signedIn, viewerOf } from '../auth/guards.ts';
import { DUMMY_HASH, verifyPassword } from '../auth/passwords.ts';
import { readPendingSignIn, spendPendingSignIn } from '../auth/pending-sign-in.ts';
import { invalidCredentials } from '../auth/service.ts';
import { signIn } from '../auth/session.ts';
import { markSteppedUp, steppedUp } from '../auth/step-up.ts';
import { AppError, badRequest } from '../errors.ts';
import { fromContract } from '../http/contract-route.ts';
import { rateLimit } from '../http/rate-limits.ts';
import { claimSlot, releaseSlots, slotsFreeAt } from '../storage/index.ts';
import { storedMember } from '../users/accounts.ts';
import { presentMe } from '../users/presenter.ts';
import type { UserRecord } from '../users/user-model.ts';
import { confirmApp, removeApp, startAppSetup } from './authenticator-app.ts';
import type { ProofKind } from './factor-model.ts';
import { memberPasskeys, registrationChallenge, useChallenge, verifiedPasskey } from './passkeys.ts';
import { checkProof } from './proof.ts';
import { renewRecoveryCodes } from './recovery-codes.ts';
import { addPasskey, presentFactors, removeOwnPasskey, renameOwnPasskey } from './service.ts';

const MINUTE = 60_000;

/** How a password sign-in finished, by the proof of its second step. */
const METHOD_BY_PROOF = { app: 'password+app', passkey: 'password+passkey', recovery: 'password+recovery' } as const;

export const factorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const signInLimits = [
    rateLimit(app, { name: 'second-step-minute', max: 10, windowMs: MINUTE }),
    rateLimit(app, { name: 'second-step-hour', max: 60, windowMs: 60 * MINUTE }),
  ];

  /**
   * A failed second step or step-up counts against the member (SECURITY.secondStepFailuresPerAccount) and against the
   * member at this address; either bound exhausted locks both for SECURITY.loginLockMs, as failed sign-ins do.
   */
  async function countTry(request: FastifyRequest, user: UserRecord, kind: 'second-step' | 'step-up') {
    const scopes = [
      [`${kind}:${user.id}`, SECURITY.secondStepFailuresPerAccount],
      [`${kind}:${user.id}@${request.ip}`, SECURITY.secondStepFailuresPerAddress],
    ] as const;
    for (const [scope, max] of scopes) {
      if (await claimSlot(app, scope, max, SECURITY.loginLockMs)) continue;
      const until = ((await slotsFreeAt(app, scope, SECURITY.loginLockMs)) ?? new Date()).toISOString();
      throw new AppError(429, ErrorCode.AccountLocked, SERVER_TEXT.accountLocked(until), { lockedUntil: until });
    }
    return () => releaseSlots(app, scopes[1][0]);
  }

  /** Checks a proof, counting a failure; answers its kind. A failure answers as a wrong password does. */
  async function proven(
    request: FastifyRequest,
    user: UserRecord,
    body: StepUpBody,
    ceremony: 'second-step' | 'step-up',
  ): Promise<ProofKind> {
    const client = describeClient(request);
    const release = await countTry(request, user, ceremony);
    const kind = await checkProof(request, user, body, ceremony, client);
    if (!kind) {
      app.events.publish('secondStep.failed', { userId: user.id, client });
      throw ceremony === 'second-step' ? invalidCredentials() : badRequest(FACTOR_TEXT.wrongProof);
    }
    await release();
    return kind;
  }

  app.route({
    ...fromContract(api.secondStepOptions),
    preHandler: signInLimits,
    handler: async (request) => {
      const { user } = await readPendingSignIn(app, request.body.token);
      return useChallenge(request, 'second-step', await memberPasskeys(app, user.id), user.id);
    },
  });

  app.route({
    ...fromContract(api.secondStep),
    preHandler: signInLimits,
    handler: async (request, reply) => {
      const { token, ...proof } = request.body;
      // As long as a wrong password takes (one argon2 hash), right or wrong: the answer's time tells nothing.
      const [pending] = await Promise.all([
        readPendingSignIn(app, token).catch((error: unknown) => error as Error),
        verifyPassword(DUMMY_HASH, token),
      ]);
      if (pending instanceof Error) throw pending;
      const kind = await proven(request, pending.user, proof, 'second-step');
      await spendPendingSignIn(app, pending.jti);
      await signIn(request, reply, pending.user, METHOD_BY_PROOF[kind as keyof typeof METHOD_BY_PROOF]);
      return presentMe(app, pending.user);
    },
  });

  app.route({
    ...fromContract(api.passkeySignInOptions),
    preHandler: signInLimits,
    handler: async (request) => useChallenge(request, 'sign-in', []),
  });

  app.route({
    ...fromContract(api.passkeySignIn),
    preHandler: signInLimits,
    handler: async (request, reply) => {
      const passkey = await verifiedPasskey(request, 'sign-in', request.body);
      const user = passkey && (await storedMember(app, passkey.userId));
      if (!user || user.deletedAt) throw invalidCredentials();
      if (user.isBanned) throw new AppError(403, ErrorCode.Banned, SERVER_TEXT.banned);
      await signIn(request, reply, user, 'passkey');
      return presentMe(app, user);
    },
  });

  app.route({
    ...fromContract(api.securityFactors),
    preHandler: signedIn,
    handler: async (request) => presentFactors(request, viewerOf(request)),
  });

  app.route({
    ...fromContract(api.passkeyOptions),
    preHandler: [signedIn, steppedUp],
    handler: async (request) => {
      const user = viewerOf(request);
      return registrationChallenge(request, user, await memberPasskeys(app, user.id));
    },
  });

  app.route({
    ...fromContract(api.addPasskey),
    preHandler: [signedIn, steppedUp],
    handler: async (request, reply) => {
      const recoveryCodes = await addPasskey(request, viewerOf(request), request.body);
      // Made with the device's own verification: as fresh a proof as signing in with it.
      await markSteppedUp(app, request, 'passkey');
      return reply.status(201).send({ message: FACTOR_TEXT.passkeyAdded, recoveryCodes });
    },
  });

  app.route({
    ...fromContract(api.renamePasskey),
    preHandler: [signedIn, steppedUp],
    handler: async (request) => {
      await renameOwnPasskey(app, viewerOf(request).id, request.params.id, request.body.name);
      return { message: FACTOR_TEXT.passkeyRenamed };
    },
  });

  app.route({
    ...fromContract(api.removePasskey),
    preHandler: [signedIn, steppedUp],
    handler: async (request) => {
      await removeOwnPasskey(app, viewerOf(request).id, request.params.id);
      return { message: FACTOR_TEXT.passkeyRemoved };
    },
  });

  app.route({
    ...fromContract(api.startAuthenticatorApp),
    preHandler: [signedIn, steppedUp],
    handler: async (request) => startAppSetup(app, viewerOf(request)),
  });

  app.route({
    ...fromContract(api.confirmAuthenticatorApp),
    // The secret was made after a step-up, and only its app knows the code: no second one asked.
    preHandler: [signedIn, rateLimit(app, { name: 'app-confirm', max: 10, windowMs: MINUTE, by: 'member' })],
    handler: async (request) => {
      const user = viewerOf(request);
      const recoveryCodes = await confirmApp(app, user.id, request.body.code);
      app.events.publish('factor.added', { userId: user.id, kind: 'app' });
      await markSteppedUp(app, request, 'app');
      return { message: FACTOR_TEXT.appAdded, recoveryCodes };
    },
  });

  app.route({
    ...fromContract(api.removeAuthenticatorApp),
    preHandler: [signedIn, steppedUp],
    handler: async (request) => {
      const user = viewerOf(request);
      await removeApp(app, user.id);
      app.events.publish('factor.removed', { userId: user.id, kind: 'app' });
      return { message: FACTOR_TEXT.appRemoved };
    },
  });

  app.route({
    ...fromContract(api.regenerateRecoveryCodes),
    preHandler: [signedIn, steppedUp],
    handler: async (request) => {
      const user = viewerOf(request);
      const codes = await renewRecoveryCodes(app, user.id);
      app.events.publish('recoveryCodes.renewed', { userId: user.id });
      return { codes };
    },
  });

  app.route({
    ...fromContract(api.stepUpOptions),
    preHandler: signedIn,
    handler: async (request) => {
      const user = viewerOf(request);
      return useChallenge(request, 'step-up', await memberPasskeys(app, user.id), user.id);
    },
  });

  app.route({
    ...fromContract(api.stepUp),
    preHandler: [signedIn, rateLimit(app, { name: 'step-up', max: 10, windowMs: MINUTE, by: 'member' })],
    handler: async (request) => {
      const user = viewerOf(request);
      const via = await proven(request, user, request.body, 'step-up');
      const until = await markSteppedUp(app, request, via);
      app.events.publish('steppedUp', { userId: user.id, via, client: describeClient(request) });
      return { message: FACTOR_TEXT.steppedUp, until: until.toISOString() };
    },
  });
};
