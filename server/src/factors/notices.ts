import { FACTOR_TEXT } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import type { FactorKind } from './factor-model.ts';

const FACTOR_NAMES: Record<FactorKind, string> = { passkey: 'a passkey', app: 'an authenticator app' };

const named = (kind: FactorKind, name?: string) => (name ? `${FACTOR_NAMES[kind]} ("${name}")` : FACTOR_NAMES[kind]);

/**
 * A factor added or removed, and a recovery code spent, are mailed to the member: if it was not them, their mailbox
 * tells them while there is time. Sent after the write, from the process that made it; a failed send is logged.
 */
export function mailFactorNotices(app: FastifyInstance): void {
  const mail = (userId: number, subject: string, line: string) =>
    app.afterwards('factor notice not mailed', async () => {
      const member = await app.members.member(userId);
      if (!member || member.deletedAt) return;
      await app.mailer.send({ to: member.email, subject, text: `${line}.\n\n${FACTOR_TEXT.mailNotYou}\n` });
    });
  app.events.on('factor.added', ({ userId, kind, name }) =>
    mail(userId, 'A second factor was added', FACTOR_TEXT.mailFactorAdded(named(kind, name))),
  );
  app.events.on('factor.removed', ({ userId, kind, name }) =>
    mail(userId, 'A second factor was removed', FACTOR_TEXT.mailFactorRemoved(named(kind, name))),
  );
  app.events.on('recoveryCode.used', ({ userId, left }) =>
    mail(userId, 'A recovery code was used', `${FACTOR_TEXT.mailRecoveryUsed} (${left} left)`),
  );
}
