import type { Notification } from '@enclave/protocol';
import { canSee, type Viewer } from '../threads/policy.ts';
import { findThread } from '../threads/service.ts';
import type { ThreadRecord } from '../threads/thread-model.ts';
import type { MemberCard } from '../users/member-directory.ts';
import type { NotificationContext } from './context.ts';
import type { NotificationItem } from './notification-model.ts';

/** What notifications name, looked up once however many readers they are shown to. */
export interface Named {
  threads: Map<number, ThreadRecord>;
  actors: Map<number, MemberCard>;
}

/** A bounded number of point reads: one per distinct thread of the items; actors come from the member directory. */
export async function lookUpNamed(
  app: NotificationContext,
  items: Pick<NotificationItem, 'threadId' | 'actorId'>[],
): Promise<Named> {
  const threadIds = [...new Set(items.flatMap((item) => (item.threadId ? [item.threadId] : [])))];
  const threads = new Map<number, ThreadRecord>();
  await Promise.all(
    threadIds.map(async (id) => {
      const thread = await findThread(app, id).catch(() => null);
      if (thread) threads.set(id, thread);
    }),
  );
  return { threads, actors: await app.members.cards(items.map((item) => item.actorId)) };
}

/**
 * A notification as `reader` may see it: a thread goes through the read gate (`canSee`, the rule of
 * `visibleThread`) every time, so one about a thread made private, left pending, deleted or no longer
 * shared with the reader names nothing and no one: no thread, no title, no actor.
 */
export function shownTo(reader: NonNullable<Viewer>, item: NotificationItem, named: Named): Notification {
  const thread = item.threadId === null ? undefined : named.threads.get(item.threadId);
  const title = thread && canSee(reader, thread) ? thread.title : null;
  const hidden = item.threadId !== null && title === null;
  const actor = item.actorId && !hidden ? named.actors.get(item.actorId) : undefined;
  return {
    id: item.n,
    kind: item.kind,
    outcome: item.outcome,
    threadId: hidden ? null : item.threadId,
    replyNumber: hidden ? null : (item.replyNumber ?? null),
    title,
    actorName: actor && !actor.deletedAt ? actor.username : null,
    createdAt: item.createdAt.toISOString(),
  };
}

/** Notifications as `reader` may see them (`shownTo`). */
export async function presentNotifications(
  app: NotificationContext,
  reader: NonNullable<Viewer>,
  items: NotificationItem[],
): Promise<Notification[]> {
  const named = await lookUpNamed(app, items);
  return items.map((item) => shownTo(reader, item, named));
}
