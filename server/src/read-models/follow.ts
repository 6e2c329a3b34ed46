import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { CategoryDirectory } from '../categories/category-directory.ts';
import { repeatWhileOpen } from '../periodic.ts';
import { forgetLists } from '../storage/index.ts';
import { ForumIndex } from '../threads/forum-index.ts';
import { journalThreads } from '../threads/forum-journal.ts';
import { HoldingsMemory } from '../threads/holdings-memory.ts';
import { MemberDirectory } from '../users/member-directory.ts';
import { KnownBalances } from '../wallet/known-balances.ts';
import { type Change, Changes } from './changes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    changes: Changes;
    forum: ForumIndex;
    members: MemberDirectory;
    categories: CategoryDirectory;
    holdings: HoldingsMemory;
    balances: KnownBalances;
  }
}

/** The member directory's load starts when the forum index has loaded, or this long after the start. */
const MEMBERS_AFTER_MS = 3000;

/**
 * The in-memory read models, and what keeps them current: each domain event that changes what one
 * holds becomes a `Change`, told here and (with REDIS_URL) to the other server processes, whose
 * models re-read the thing by key.
 */
export function registerReadModels(app: FastifyInstance): void {
  app.decorate('changes', new Changes());
  app.decorate('forum', new ForumIndex(app));
  app.decorate('members', new MemberDirectory(app));
  app.decorate('categories', new CategoryDirectory(app));
  app.decorate('holdings', new HoldingsMemory());
  app.decorate('balances', new KnownBalances(app));

  const tell = (change: Change) => app.changes.tell(change);
  // Journaled by the process that wrote it, for a start from the forum's snapshot (`threads/forum-journal.ts`).
  const thread = (id: number) => {
    const facts = app.forum.get(id);
    const linked = [id, facts?.sisterThreadId, facts?.parentThreadId].filter((other) => typeof other === 'number');
    app.afterwards('forum change not journaled', () => journalThreads(app, linked));
    tell({ kind: 'thread', id });
  };
  app.events.on('thread.created', ({ threadId }) => thread(threadId));
  app.events.on('thread.pendingCreated', ({ thread: created }) => thread(created.id));
  app.events.on('thread.approved', ({ threadId }) => thread(threadId));
  app.events.on('thread.updated', ({ threadId }) => thread(threadId));
  app.events.on('thread.deleted', ({ threadId }) => thread(threadId));
  app.events.on('reply.created', ({ post }) => thread(post.threadId));
  app.events.on('reply.removed', ({ threadId }) => thread(threadId));
  app.events.on('groupBuy.completed', ({ threadId }) => thread(threadId));
  app.events.on('access.granted', ({ userId }) => tell({ kind: 'holdings', id: userId }));
  app.events.on('member.changed', ({ userId }) => tell({ kind: 'member', id: userId }));
  app.events.on('coins.moved', ({ entry }) =>
    tell({ kind: 'balance', id: entry.account, seq: entry.seq, balance: entry.balanceAfter }),
  );
  app.events.on('category.changed', ({ categoryId }) => tell({ kind: 'category', id: categoryId }));
  app.events.on('database.restored', () => tell({ kind: 'all' }));

  app.changes.on((change) => {
    const report = (err: unknown) => app.log.warn({ err, change }, 'read model not refreshed');
    switch (change.kind) {
      case 'thread':
        app.holdings.forgetThread(change.id);
        void app.forum.track(refreshWithSister(app.forum, change.id)).catch(report);
        break;
      case 'member':
        void app.members.refresh(change.id).catch(report);
        break;
      case 'balance':
        app.balances.learn(change.id, change.seq, change.balance);
        break;
      case 'category':
        void app.categories.refresh(change.id).catch(report);
        break;
      case 'holdings':
        app.holdings.forgetMember(change.id);
        break;
      case 'all':
        // A restore: the data may be older than what this process remembers of its lists.
        forgetLists(app);
        app.holdings.forgetAll();
        app.balances.forgetAll();
        for (const model of [app.forum, app.members, app.categories]) void model.reload().catch(report);
    }
  });
  repeatWhileOpen(app, app.config.FORUM_SNAPSHOT_MS, 'forum snapshot', () => app.forum.snapshotIfDue());
  // Loaded in the background once the server is up: awaiting them here took the start at S from 0.5 s to 5.4 s
  // (2026-11-25, load 13). A read that needs a list waits for it; the session check reads its member by key meanwhile.
  // The member directory (a scan of every member: 1.6 s of the database's decoding at L) starts once the forum index
  // has, or MEMBERS_AFTER_MS after the start: beside it, the first lists' reads by key waited behind the scan.
  app.addHook('onReady', async () => {
    app.changes.connect(app);
    const forum = app.forum.current().catch(() => undefined);
    void app.categories.current().catch(() => undefined);
    const later = sleep(MEMBERS_AFTER_MS, undefined, { ref: false });
    void Promise.race([forum, later]).then(() => app.members.current().catch(() => undefined));
  });
}

/** A thread and its premium sister or parent change together (approval, deletion, an edited cost). */
async function refreshWithSister(forum: ForumIndex, id: number): Promise<void> {
  const before = forum.get(id);
  await forum.refresh(id);
  const after = forum.get(id);
  const linked = new Set([before?.sisterThreadId, after?.sisterThreadId, before?.parentThreadId]);
  for (const other of linked) if (other) await forum.refresh(other);
}
