import {
  api,
  ErrorCode,
  LIMITS,
  REPORT_EXCERPT_MAX,
  REPORT_TEXT,
  type Report,
  type ReportStatus,
} from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { moderationModels } from '../moderation/models.ts';
import { sendMessage } from '../private-messages/service.ts';
import { replyModels } from '../replies/models.ts';
import { reply } from '../replies/service.ts';
import { headOf, highestId, internalId } from '../storage/index.ts';
import { createTestApp } from '../test/app.ts';
import type { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aThread } from '../test/forum.ts';
import { threadModels } from '../threads/models.ts';
import { reportModels } from './models.ts';
import { BLOCK, reportListsMigration, reportResolution, resolvedList } from './report-lists.ts';
import { dismissReport } from './service.ts';

let app: App;

beforeAll(async () => {
  app = await createTestApp();
});

const report = (client: TestClient, contentType: string, contentId: number, reason = 'This breaks the rules') =>
  client.call(api.createReport, { body: { contentType, contentId, reason } });

async function aReportedThread(reason = 'Spam') {
  const { user: author } = await createMember(app);
  const { user: reporter, client } = await createMember(app);
  const thread = await aThread(app, author, { title: 'Cheap pills', content: 'Buy now at a discount' });
  const response = await report(client, 'thread', thread.id, reason);
  expect(response.statusCode).toBe(201);
  return { author, reporter, client, thread, report: response.json() as Report };
}

describe('reporting (POST /api/reports)', () => {
  it('reports a thread, keeping what it said, for the queue', async () => {
    const { author, reporter, thread, report: created } = await aReportedThread('Spam');
    expect(created).toMatchObject({
      reporterName: reporter.username,
      reason: 'Spam',
      contentType: 'thread',
      contentId: thread.id,
      contentText: 'Cheap pills\n\nBuy now at a discount',
      threadId: thread.id,
      contentAuthor: { id: author.id, username: author.username },
      status: 'open',
      resolvedAt: null,
      resolvedBy: null,
    });
    expect(Date.parse(created.createdAt)).not.toBeNaN();
  });

  it('reports a reply, and a message by its recipient', async () => {
    const { user: author } = await createMember(app);
    const { user: reporter, client } = await createMember(app);
    const thread = await aThread(app, author);
    const post = await reply(app, author, thread.id, 'A rude reply');
    const byReply = await report(client, 'post', post.id);
    expect(byReply.statusCode).toBe(201);
    expect(byReply.json()).toMatchObject({ contentType: 'post', contentText: 'A rude reply', threadId: thread.id });

    const message = await sendMessage(app, author, { content: 'Send me your password', recipientId: reporter.id });
    const byMessage = await report(client, 'message', message.id);
    expect(byMessage.statusCode).toBe(201);
    expect(byMessage.json()).toMatchObject({
      contentType: 'message',
      contentText: 'Send me your password',
      threadId: null,
      contentAuthor: { id: author.id },
    });
  });

  it('keeps at most 1000 characters of the content', async () => {
    const { user: author } = await createMember(app);
    const { client } = await createMember(app);
    const thread = await aThread(app, author, { content: 'x'.repeat(3000) });
    const { contentText } = (await report(client, 'thread', thread.id)).json();
    expect(contentText).toHaveLength(REPORT_EXCERPT_MAX);
  });

  it('keeps only the title of paid content the reporter has not bought (hole 2)', async () => {
    const { user: author } = await createMember(app);
    const { client } = await createMember(app);
    const premium = await aThread(app, author, {
      title: 'Premium',
      isPremium: true,
      premiumCost: 50,
      content: 'PAID-1',
    });
    const withSister = await aThread(app, author, {
      title: 'Has a sister',
      hasUnlockableContent: true,
      unlockableCost: 25,
      unlockableType: 'premium_thread',
      sisterContent: 'PAID-2',
    });
    const groupBuy = await aThread(app, author, {
      title: 'Group buy',
      isPremium: true,
      premiumCost: 10,
      isGroupBuy: true,
      groupBuyParticipantsRequired: 3,
      groupBuyContributionAmount: 10,
      content: 'PAID-3',
      groupBuyContent: 'PAID-4',
    });
    for (const id of [premium.id, withSister.sisterThreadId as number, groupBuy.id]) {
      const response = await report(client, 'thread', id);
      expect(response.statusCode).toBe(201);
      expect(response.json().contentText).not.toMatch(/PAID-/);
    }
  });

  it('answers 404 for content the reporter cannot see', async () => {
    const { user: author } = await createMember(app);
    const { user: recipient } = await createMember(app);
    const { client: stranger } = await createMember(app);
    const pending = await aThread(app, author, {}, { approved: false });
    const privateThread = await aThread(app, author, { isPrivate: true });
    const message = await sendMessage(app, author, { content: 'Between us', recipientId: recipient.id });
    const cases: [string, number, string][] = [
      ['thread', pending.id, REPORT_TEXT.threadNotFound],
      ['thread', privateThread.id, REPORT_TEXT.threadNotFound],
      ['thread', 987_654, REPORT_TEXT.threadNotFound],
      ['post', 987_654, REPORT_TEXT.postNotFound],
      ['message', message.id, REPORT_TEXT.messageNotFound],
    ];
    for (const [type, id, text] of cases) {
      const response = await report(stranger, type, id);
      expect(response.statusCode, `${type} ${id}`).toBe(404);
      expect(response.json().message).toBe(text);
    }
  });

  it("refuses reports of the reporter's own content", async () => {
    const { user, client } = await createMember(app);
    const { user: other } = await createMember(app);
    const thread = await aThread(app, user);
    const message = await sendMessage(app, user, { content: 'Hello', recipientId: other.id });
    for (const [type, id] of [
      ['thread', thread.id],
      ['message', message.id],
    ] as const) {
      const response = await report(client, type, id);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(REPORT_TEXT.ownContent);
    }
  });

  it('needs a reason of 1 to 500 characters and a known content type', async () => {
    const { user: author } = await createMember(app);
    const { client } = await createMember(app);
    const thread = await aThread(app, author);
    for (const [reason, text] of [
      ['', REPORT_TEXT.reasonRequired],
      ['   ', REPORT_TEXT.reasonRequired],
      ['x'.repeat(501), REPORT_TEXT.reasonMax(500)],
    ]) {
      const response = await report(client, 'thread', thread.id, reason);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: text, code: ErrorCode.Validation });
    }
    expect((await report(client, 'user', thread.id)).statusCode).toBe(400);
    expect((await report(client, 'thread', thread.id, 'x'.repeat(500))).statusCode).toBe(201);
  });

  it('keeps one open report per member and content, even when reports race', async () => {
    const { user: author } = await createMember(app);
    const { client } = await createMember(app);
    const thread = await aThread(app, author);
    const responses = await Promise.all(Array.from({ length: 6 }, () => report(client, 'thread', thread.id)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    expect(responses.find((r) => r.statusCode === 409)?.json().message).toBe(REPORT_TEXT.alreadyReported);
    expect(await reportModels(app).Report.countDocuments({ contentType: 'thread', contentId: thread.id })).toBe(1);
  });

  it('is for verified members', async () => {
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author);
    const { client } = await createMember(app, { isEmailVerified: false });
    expect((await report(client, 'thread', thread.id)).statusCode).toBe(403);
  });
});

describe('the report queue (GET /api/admin/reports)', () => {
  it('lists open reports oldest first, and resolved ones on request', async () => {
    const { client: moderator } = await createMember(app, { isModerator: true });
    const first = await aReportedThread();
    const second = await aReportedThread();
    await moderator.call(api.dismissReport, { params: { id: first.report.id } });

    const open = (await moderator.call(api.reports)).json() as Report[];
    expect(open.every((r) => r.status === 'open')).toBe(true);
    const openIds = open.map((r) => r.id);
    expect(openIds).toContain(second.report.id);
    expect(openIds).not.toContain(first.report.id);
    expect([...openIds].sort((a, b) => a - b)).toEqual(openIds);

    const dismissed = (await moderator.call(api.reports, { query: { status: 'dismissed' } })).json() as Report[];
    expect(dismissed.map((r) => r.id)).toContain(first.report.id);
  });
});

/** `count` reports written as the bench and data before the lists are: documents only, under their numeric ids. */
async function writeReports(target: App, count: number, status: (id: number) => ReportStatus = () => 'open') {
  const from = (await highestId(reportModels(target).Report)) + 1;
  await reportModels(target).Report.insertMany(
    Array.from({ length: count }, (_, i) => {
      const id = from + i;
      return {
        _id: internalId(id),
        id,
        reporterId: 1,
        contentType: 'thread',
        contentId: id,
        threadId: id,
        contentAuthorId: null,
        contentText: `Thread ${id}`,
        reason: 'Written directly',
        status: status(id),
        openKey: status(id) === 'open' ? `1:thread:${id}` : `closed:${id}`,
        createdAt: new Date(),
      };
    }),
  );
}

/** The reports of `status` as stored, in the queue's order (a scan: the test's own answer). */
async function storedIds(target: App, status: ReportStatus) {
  const ids = (await reportModels(target).Report.find({ status }).lean()).map((r) => r.id).sort((a, b) => a - b);
  return status === 'open' ? ids : ids.reverse();
}

const page = async (client: TestClient, status: ReportStatus, limit: number = LIMITS.pageSizeMax) => {
  const answer = await client.call(api.reports, { query: { status, limit: String(limit) } });
  expect(answer.statusCode).toBe(200);
  return (answer.json() as Report[]).map((r) => r.id);
};

describe('the queue and each status, by key', () => {
  // More reports than a block of the lists holds, so that pages cross blocks.
  const COUNT = BLOCK * 2 + 100;

  it('shows the oldest open reports first and resolved ones newest first, in whatever order they were resolved', async () => {
    const fresh = await createTestApp();
    const { client: moderator, user: staff } = await createMember(fresh, { isModerator: true });
    await writeReports(fresh, COUNT);
    // The whole first block and a scattering beyond, resolved out of order.
    const dismissed = [BLOCK + 7, 3, COUNT, ...Array.from({ length: BLOCK }, (_, i) => BLOCK - i), BLOCK * 2 + 1];
    for (const id of new Set(dismissed)) await dismissReport(fresh, staff, id);

    expect(await page(moderator, 'open', 5)).toEqual((await storedIds(fresh, 'open')).slice(0, 5));
    expect(await page(moderator, 'open')).toEqual((await storedIds(fresh, 'open')).slice(0, LIMITS.pageSizeMax));
    expect(await page(moderator, 'dismissed', 4)).toEqual([COUNT, BLOCK * 2 + 1, BLOCK + 7, BLOCK]);
    expect(await page(moderator, 'dismissed')).toEqual((await storedIds(fresh, 'dismissed')).slice(0, 100));
    // The default is the queue.
    expect(((await moderator.call(api.reports)).json() as Report[])[0]?.id).toBe(BLOCK + 1);
  });

  it('answers a status no report has with an empty page, and an empty queue when all are resolved', async () => {
    const fresh = await createTestApp();
    const { client: moderator, user: staff } = await createMember(fresh, { isModerator: true });
    expect(await page(moderator, 'open')).toEqual([]);
    await writeReports(fresh, 3);
    for (const id of [2, 1, 3]) await dismissReport(fresh, staff, id);
    expect(await page(moderator, 'actioned')).toEqual([]);
    expect(await page(moderator, 'open')).toEqual([]);
    expect(await page(moderator, 'dismissed')).toEqual([3, 2, 1]);
  });

  it('lists reports resolved before its lists, once however often converted, and what is resolved after', async () => {
    const fresh = await createTestApp();
    const { client: moderator, user: staff } = await createMember(fresh, { isModerator: true });
    const statusOf = (id: number): ReportStatus => (id % 3 === 0 ? 'open' : id % 3 === 1 ? 'dismissed' : 'actioned');
    await writeReports(fresh, BLOCK + 20, statusOf);
    expect(await page(moderator, 'dismissed')).toEqual([]);
    await reportListsMigration.run(fresh, () => undefined);
    await reportListsMigration.run(fresh, () => undefined);
    await dismissReport(fresh, staff, 3);
    for (const status of ['open', 'dismissed', 'actioned'] as const) {
      expect(await page(moderator, status), status).toEqual((await storedIds(fresh, status)).slice(0, 100));
    }
    // Each listed once: the first block's 167 dismissed before, and report 3 after.
    expect(await headOf(fresh, reportModels(fresh).ReportListItem as never, resolvedList('dismissed', 0))).toBe(168);
  });

  it('finishes a resolution a crash cut short, listing it once', async () => {
    const fresh = await createTestApp();
    const { client: moderator, user: staff } = await createMember(fresh, { isModerator: true });
    await writeReports(fresh, 2);
    // The app is ready (its start-up sweep ran on its first request).
    expect(await page(moderator, 'open')).toEqual([1, 2]);
    const resolving = { id: 2, status: 'actioned' as const, by: staff.id, at: Date.now() };
    // A crash after the resolution was recorded, before its writes.
    await reportResolution.begin(fresh, '2', resolving);
    expect(await page(moderator, 'open')).toEqual([1, 2]);
    await reportResolution.sweep(fresh);
    // Again after its writes (the intent's removal lost): listed no second time.
    await reportResolution.begin(fresh, '2', resolving);
    await reportResolution.sweep(fresh);
    expect(await page(moderator, 'open')).toEqual([1]);
    expect(await page(moderator, 'actioned')).toEqual([2]);
    expect(await headOf(fresh, reportModels(fresh).ReportListItem as never, resolvedList('actioned', 0))).toBe(1);
  });
});

describe('Take Action (POST /api/admin/reports/{id}/approve)', () => {
  it('deletes a reported thread with its premium sister, and closes every open report on it', async () => {
    const { client: moderator, user: mod } = await createMember(app, { isModerator: true });
    const { user: author } = await createMember(app);
    const thread = await aThread(app, author, {
      hasUnlockableContent: true,
      unlockableType: 'premium_thread',
      unlockableCost: 10,
      sisterContent: 'The premium part',
    });
    const { client: first } = await createMember(app);
    const { client: second } = await createMember(app);
    const reportId = (await report(first, 'thread', thread.id)).json().id;
    const otherId = (await report(second, 'thread', thread.id)).json().id;

    const response = await moderator.call(api.approveReport, { params: { id: reportId } });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: REPORT_TEXT.actioned,
      report: { id: reportId, status: 'actioned', resolvedBy: { id: mod.id, username: mod.username } },
    });
    const deleted = await threadModels(app)
      .Thread.find({ id: { $in: [thread.id, thread.sisterThreadId] } })
      .lean();
    expect(deleted).toHaveLength(2);
    expect(deleted.every((t) => t.deletedAt instanceof Date)).toBe(true);
    expect((await moderator.call(api.thread, { params: { id: thread.id } })).statusCode).toBe(404);
    expect(await reportModels(app).Report.findOne({ id: otherId }).lean()).toMatchObject({
      status: 'actioned',
      resolvedBy: mod.id,
    });
    expect(
      await moderationModels(app).ModerationLog.findOne({ action: 'report.approve', targetId: reportId }).lean(),
    ).toMatchObject({
      actorId: mod.id,
      targetType: 'report',
      details: { removed: { contentType: 'thread', contentId: thread.id, authorId: author.id }, alsoClosed: [otherId] },
    });
  });

  it('deletes a reported reply, and a reported message', async () => {
    const { client: admin } = await createMember(app, { isAdmin: true });
    const { user: author } = await createMember(app);
    const { user: reporter, client } = await createMember(app);
    const thread = await aThread(app, author);
    const post = await reply(app, author, thread.id, 'Rude');
    const message = await sendMessage(app, author, { content: 'Rude too', recipientId: reporter.id });
    for (const [type, id] of [
      ['post', post.id],
      ['message', message.id],
    ] as const) {
      const reportId = (await report(client, type, id)).json().id;
      expect((await admin.call(api.approveReport, { params: { id: reportId } })).statusCode).toBe(200);
    }
    // A removed reply stays as a tombstone without its content, so reply numbers never move.
    expect(await replyModels(app).Reply.findOne({ id: post.id }).lean()).toMatchObject({
      content: '',
      removedAt: expect.any(Date),
    });
    expect((await client.call(api.listMessages)).json().inbox).toEqual([]);
    expect((await client.call(api.posts, { params: { id: thread.id } })).json()).toEqual([]);
    expect((await client.call(api.thread, { params: { id: thread.id } })).json()).toMatchObject({ replyCount: 0 });
    expect(await threadModels(app).Thread.findOne({ id: thread.id }).lean()).toMatchObject({ replyCount: 0 });
  });

  it('resolves a report once: a second click, or a dismiss racing it, gets 409', async () => {
    const { client: moderator } = await createMember(app, { isModerator: true });
    const { client: admin } = await createMember(app, { isAdmin: true });
    const { report: created, thread } = await aReportedThread();
    const [take, dismiss] = await Promise.all([
      moderator.call(api.approveReport, { params: { id: created.id } }),
      admin.call(api.dismissReport, { params: { id: created.id } }),
    ]);
    expect([take.statusCode, dismiss.statusCode].sort()).toEqual([200, 409]);
    const loser = take.statusCode === 409 ? take : dismiss;
    expect(loser.json().message).toBe(REPORT_TEXT.alreadyResolved);
    const stored = await reportModels(app).Report.findOne({ id: created.id }).lean();
    const removed = (await threadModels(app).Thread.findOne({ id: thread.id }).lean())?.deletedAt instanceof Date;
    expect(stored?.status).toBe(take.statusCode === 200 ? 'actioned' : 'dismissed');
    expect(removed).toBe(take.statusCode === 200);
    expect((await moderator.call(api.approveReport, { params: { id: created.id } })).statusCode).toBe(409);
    expect((await moderator.call(api.approveReport, { params: { id: 777_777 } })).statusCode).toBe(404);
  });
});

describe('Dismiss (POST /api/admin/reports/{id}/dismiss)', () => {
  it('closes the report and leaves the content; the member may report it again', async () => {
    const { client: moderator, user: mod } = await createMember(app, { isModerator: true });
    const { report: created, thread, client } = await aReportedThread();
    const response = await moderator.call(api.dismissReport, { params: { id: created.id } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: REPORT_TEXT.dismissed, report: { status: 'dismissed' } });
    expect((await client.call(api.thread, { params: { id: thread.id } })).statusCode).toBe(200);
    expect(
      await moderationModels(app).ModerationLog.findOne({ action: 'report.dismiss', targetId: created.id }).lean(),
    ).toMatchObject({ actorId: mod.id, reason: created.reason });
    expect((await report(client, 'thread', thread.id)).statusCode).toBe(201);
  });
});
