import type { Notification } from '@enclave/protocol';
import { canSee, type Viewer } from '../threads/policy.ts';
import { findThread } from '../threads/service.ts';
import type { NotificationContext } from './context.ts';
import type { NotificationItem } from './notification-model.ts';

/**
 * Notifications as `reader` may see them: a thread goes through the read gate (`canSee`, the rule of
 * `visibleThread`) every time, so one about a thread made private, left pending, deleted or no longer
 * shared with the reader names nothing and no one: no thread, no title, no actor.
 * A bounded number of point reads: one per distinct thread on the page.
 */
export async function presentNotifications(
  app: NotificationContext,
  reader: NonNullable<Viewer>,
  items: NotificationItem[],
): Promise<Notification[]> {
  const threadIds = [...new Set(items.flatMap((item) => (item.threadId ? [item.threadId] : [])))];
  const titles = new Map<number, string>();
  await Promise.all(
    threadIds.map(async (id) => {
      const thread = await findThread(app, id).catch(() => null);
      if (thread && canSee(reader, thread)) titles.set(id, thread.title);
    }),
  );
  const actors = await app.members.cards(items.map((item) => item.actorId));
  return items.map((item) => {
    const hidden = item.threadId !== null && !titles.has(item.threadId);
    const actor = item.actorId && !hidden ? actors.get(item.actorId) : undefined;
    return {
      id: item.n,
      kind: item.kind,
      outcome: item.outcome,
      threadId: hidden ? null : item.threadId,
      title: item.threadId ? (titles.get(item.threadId) ?? null) : null,
      actorName: actor && !actor.deletedAt ? actor.username : null,
      createdAt: item.createdAt.toISOString(),
    };
  });
}
