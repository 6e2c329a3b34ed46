import { notificationText } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { repeatWhileOpen } from '../periodic.ts';
import { appendAfter, headOf, readRange } from '../storage/index.ts';
import { notificationModels } from './models.ts';
import { digestsOf, dueIn, mailOf } from './notification-model.ts';
import { presentNotifications } from './presenter.ts';
import { claim, periodOf } from './service.ts';

/** How far back a start looks for periods left unfinished (a server down longer drops its older digests). */
const PERIODS_LOOKED_BACK = 24;

/**
 * Sends the email digests of every finished period not yet done: each member due in a period gets one
 * mail of everything in their mail list since their last digest. Everything is decided by once-only
 * markers in the database, so a restart resumes where it stopped and two processes never both send one
 * member's digest (the `digest:{period}:{member}` insert picks one). A crash between that claim and the
 * send loses that digest rather than risk sending it twice.
 */
export async function sendDueDigests(app: FastifyInstance, now: Date): Promise<number> {
  let sent = 0;
  const current = periodOf(now);
  for (let period = current - PERIODS_LOOKED_BACK; period < current; period++) {
    if (await notificationModels(app).NotificationMarker.exists({ _id: `period:${period}` })) continue;
    const due = await readRange(
      app,
      notificationModels(app).NotificationMember,
      dueIn(period),
      1,
      Number.MAX_SAFE_INTEGER,
    );
    for (const { memberId } of due) {
      if (!(await claim(app, `digest:${period}:${memberId}`))) continue;
      if (await sendDigest(app, memberId, period)) sent += 1;
    }
    // Done only once the next period is over too: a notification made just before a period ended may join
    // its due list just after; until then each check re-reads the list, and the claims skip who had theirs.
    if (period < current - 1) await claim(app, `period:${period}`);
  }
  return sent;
}

async function sendDigest(app: FastifyInstance, memberId: number, period: number): Promise<boolean> {
  const [member] = (await app.members.cards([memberId])).values();
  const upTo = await headOf(app, notificationModels(app).NotificationItem, mailOf(memberId));
  let from = 0;
  // The digest list records how far each digest went; the next one starts after it.
  await appendAfter(app, notificationModels(app).NotificationDigest, digestsOf(memberId), (_n, previous) => {
    from = (previous?.upTo ?? 0) + 1;
    return { period, upTo: Math.max(upTo, previous?.upTo ?? 0) };
  });
  if (!member || member.deletedAt || !member.isEmailVerified || from > upTo) return false;
  const items = await readRange(app, notificationModels(app).NotificationItem, mailOf(memberId), from, upTo);
  const lines = (await presentNotifications(app, member, items)).map((n) => `- ${notificationText(n)}`);
  await app.mailer.send({
    to: member.email,
    subject: `Enclave: ${lines.length} new notification${lines.length === 1 ? '' : 's'}`,
    text: `Hello ${member.username},\n\nWhat happened since your last digest:\n\n${lines.join('\n')}\n\nChange what you are emailed about on your profile.`,
  });
  return true;
}

/** Checks for due digests every `everyMs` (0: never; tests call `sendDueDigests` with their own clock). */
export function scheduleDigests(app: FastifyInstance, everyMs: number): void {
  repeatWhileOpen(app, everyMs, 'notification digests', () => sendDueDigests(app, new Date()));
}
