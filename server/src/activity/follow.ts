import type { FastifyInstance } from 'fastify';
import { threadOfReference } from '../wallet/ledger-keys.ts';
import { PAYMENT_STATUS_GROUPS } from '../wallet/presenter.ts';
import { type NewActivity, recordActivity } from './activity-log.ts';

/** A payment's steps worth a line: started, completed, failed (the provider's steps between are not). */
function paymentStep(status: string): string | null {
  if (status === 'waiting') return 'pending';
  if (status === 'finished') return 'completed';
  return (PAYMENT_STATUS_GROUPS.failed as readonly string[]).includes(status) ? 'failed' : null;
}

/**
 * The activity log follows the domain events of the writes it records, as the read models do: the services
 * that sign in, change passwords, verify, end sessions, move coins and take payments know nothing of it. An
 * entry is written in the process that made the write, once.
 */
export function followActivity(app: FastifyInstance): void {
  const record = (userId: number, activity: NewActivity) => {
    recordActivity(app, userId, activity).catch((err) =>
      app.log.warn({ err, userId, kind: activity.kind }, 'activity not recorded'),
    );
  };
  app.events.on('session.started', ({ userId, client, via }) => {
    // A password change signs this browser in again: the change is its own entry.
    if (via !== 'password_change') record(userId, { kind: 'signed_in', client, detail: via });
  });
  app.events.on('signIn.failed', ({ userId, client }) => record(userId, { kind: 'sign_in_failed', client }));
  app.events.on('factor.added', ({ userId, kind }) => record(userId, { kind: 'factor_added', detail: kind }));
  app.events.on('factor.removed', ({ userId, kind }) => record(userId, { kind: 'factor_removed', detail: kind }));
  app.events.on('secondStep.failed', ({ userId, client }) => record(userId, { kind: 'second_step_failed', client }));
  app.events.on('steppedUp', ({ userId, via, client }) => record(userId, { kind: 'stepped_up', client, detail: via }));
  app.events.on('recoveryCode.used', ({ userId, client }) => record(userId, { kind: 'recovery_code_used', client }));
  app.events.on('recoveryCodes.renewed', ({ userId }) => record(userId, { kind: 'recovery_codes_renewed' }));
  app.events.on('password.changeFailed', ({ userId, client }) =>
    record(userId, { kind: 'password_change_failed', client }),
  );
  app.events.on('profile.updated', ({ userId, fields }) =>
    record(userId, { kind: 'profile_updated', detail: fields.join(',') }),
  );
  app.events.on('session.revoked', ({ userId, reason }) => {
    if (reason === 'password_changed') record(userId, { kind: 'password_changed' });
  });
  app.events.on('email.verified', ({ userId }) => record(userId, { kind: 'email_verified' }));
  app.events.on('session.ended', ({ userId, client, reason }) =>
    record(userId, { kind: 'session_ended', client, detail: reason }),
  );
  app.events.on('coins.moved', ({ entry }) => {
    // A closed account has no log to read.
    if (entry.type === 'account_closed') return;
    record(entry.account, {
      kind: entry.amount < 0 ? 'coins_spent' : 'coins_received',
      coins: entry.amount,
      detail: entry.type,
      threadId: threadOfReference(entry.reference),
    });
  });
  app.events.on('payment.changed', ({ payment }) => {
    const step = paymentStep(payment.status);
    if (step) record(payment.userId, { kind: 'payment', coins: payment.coins, detail: step });
  });
}
