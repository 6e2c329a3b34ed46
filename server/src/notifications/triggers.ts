import type { NotificationOutcome } from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import type { DomainEventMap } from '../realtime/domain-events.ts';
import { reporterOf } from '../reports/service.ts';
import { findThread } from '../threads/service.ts';
import { reachableNow, replyHappening } from './catch-up.ts';
import { tellReplyWithBells } from './fan-out.ts';
import { tellMentionedInReply, tellMentionedInThread } from './mentions.ts';
import { joinThread, threadParticipants } from './participants.ts';
import { notify } from './service.ts';

/** At most one approval-queue notification per staff member in each of these. */
const APPROVAL_GATHER_MS = 60 * 1000;

const PAYMENT_OUTCOMES: Record<string, NotificationOutcome> = {
  finished: 'confirmed',
  failed: 'rejected',
  expired: 'rejected',
  refunded: 'rejected',
};

/** Who hears of what. Each domain event that concerns members becomes a notification to them, after the write. */
export function notifyOnDomainEvents(app: FastifyInstance): void {
  // Deliveries go a few at a time, so a fan-out can outlast its request.
  const on = <K extends keyof DomainEventMap>(type: K, handle: (payload: DomainEventMap[K]) => Promise<void>) =>
    app.events.on(type, (payload) => app.afterwards(`notifications not made (${type})`, () => handle(payload)));

  on('reply.created', async ({ post }) => {
    // The replier joins once; a reply racing the join is caught up on rather than told at once.
    const [participants, thread] = await Promise.all([
      threadParticipants(app, post.threadId),
      findThread(app, post.threadId),
    ]);
    if (!participants.includes(post.authorId))
      await joinThread(app, post.threadId, post.authorId, new Date(post.createdAt));
    const concerned = [thread.authorId, ...participants].filter((id) => id !== post.authorId);
    const happening = replyHappening(post);
    // Those with a tab here at once, in a few commands (fan-out.ts); those with a tab elsewhere or reply mail one by
    // one; those away hear of it when they come back (catch-up.ts).
    const told = await tellReplyWithBells(app, concerned, happening);
    const others = concerned.filter((id) => !told.has(id));
    await notify(app, await reachableNow(app, others), happening);
  });

  // Mentions tell only members who may read the text at that moment (mentions.ts); a pending thread's, no one.
  on('reply.created', ({ post, mentions }) => tellMentionedInReply(app, post, mentions));
  for (const type of ['thread.created', 'thread.approved', 'thread.updated'] as const) {
    on(type, ({ threadId }) => tellMentionedInThread(app, threadId));
  }

  on('thread.shared', async ({ threadId, userIds }) => {
    const thread = await findThread(app, threadId);
    await notify(app, userIds, {
      key: `shared:${threadId}`,
      kind: 'privateThread',
      threadId,
      actorId: thread.authorId,
    });
  });

  // A group buy ends once (completed, expired or cancelled): one key for all three.
  on('groupBuy.completed', ({ threadId, participantIds }) =>
    notify(app, participantIds, { key: `groupBuy:${threadId}`, kind: 'groupBuy', outcome: 'completed', threadId }),
  );
  on('groupBuy.ended', ({ threadId, status, participantIds }) =>
    notify(app, participantIds, { key: `groupBuy:${threadId}`, kind: 'groupBuy', outcome: status, threadId }),
  );

  on('payment.changed', async ({ payment }) => {
    const outcome = PAYMENT_OUTCOMES[payment.status];
    if (!outcome) return;
    await notify(app, [payment.userId], { key: `payment:${payment.paymentId}`, kind: 'payment', outcome });
  });

  on('report.resolved', async ({ reportId, status }) => {
    const reporterId = await reporterOf(app, reportId);
    if (reporterId === null) return;
    await notify(app, [reporterId], { key: `report:${reportId}`, kind: 'report', outcome: status });
  });

  on('member.sanctionLifted', ({ userId, sanction, actorId, at }) =>
    notify(app, [userId], {
      key: `lifted:${sanction}:${at}`,
      kind: 'sanctionLifted',
      outcome: sanction,
      ...(actorId === null ? {} : { actorId }),
    }),
  );

  // Gathered by the minute: however many threads join the queue in one (a burst from one member or several),
  // a staff member is told once, of the first. The queue itself changes live with each (threads/realtime.ts).
  on('thread.pendingCreated', async ({ thread }) =>
    notify(app, await app.members.staffIds(), {
      key: `approval:${Math.floor(Date.now() / APPROVAL_GATHER_MS)}`,
      kind: 'approvalQueued',
      threadId: thread.id,
      actorId: thread.authorId,
    }),
  );

  on('report.queued', async ({ report }) =>
    notify(app, await app.members.staffIds(), { key: `reportQueued:${report.id}`, kind: 'reportQueued' }),
  );
}
