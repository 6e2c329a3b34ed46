import {
  type CreateReportBody,
  LIMITS,
  REPORT_TEXT,
  type Report,
  type ReportsQuery,
  type ResolveReportReply,
} from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound } from '../errors.ts';
import { logModeration } from '../moderation/log.ts';
import {
  claimSlot,
  type Database,
  findByNumericId,
  insertWithId,
  isDuplicateKey,
  releaseSlots,
} from '../storage/index.ts';
import type { UserRecord } from '../users/user-model.ts';
import { removeContent, reportedContent } from './content.ts';
import type { ReportContext } from './context.ts';
import { reportModels } from './models.ts';
import { canReport } from './policy.ts';
import { presentReport, presentReports } from './presenter.ts';
import { openReports, resolvedReports, resolveReport } from './report-lists.ts';
import { openKeyOf, type ReportRecord } from './report-model.ts';

type Resolution = 'actioned' | 'dismissed';

export async function createReport(
  app: FastifyInstance,
  reporter: UserRecord,
  body: CreateReportBody,
): Promise<Report> {
  const content = await reportedContent(app, reporter, body.contentType, body.contentId);
  if (!canReport(reporter, content)) throw badRequest(REPORT_TEXT.ownContent);
  let record: ReportRecord;
  try {
    record = await insertWithId(reportModels(app).Report, {
      reporterId: reporter.id,
      contentType: body.contentType,
      contentId: body.contentId,
      threadId: content.threadId,
      contentAuthorId: content.authorId,
      contentText: content.text,
      reason: body.reason.trim(),
      status: 'open',
      openKey: openKeyOf(reporter.id, body.contentType, body.contentId),
      resolvedBy: null,
      resolvedAt: null,
      createdAt: new Date(),
    });
  } catch (error) {
    if (isDuplicateKey(error)) throw conflict(REPORT_TEXT.alreadyReported);
    throw error;
  }
  const report = await presentReport(app, record);
  app.events.publish('report.queued', { report });
  return report;
}

/** The member who filed report `id`, or null if there is no such report. */
export async function reporterOf(app: Database, id: number): Promise<number | null> {
  const report = await findByNumericId(reportModels(app).Report, id);
  return report ? report.reporterId : null;
}

/** The queue (open, oldest first) or the resolved reports (newest first), read by key (`report-lists.ts`). */
export async function listReports(app: ReportContext, query: ReportsQuery): Promise<Report[]> {
  const status = query.status ?? 'open';
  const limit = query.limit ?? LIMITS.pageSizeMax;
  const reports = status === 'open' ? await openReports(app, limit) : await resolvedReports(app, status, limit);
  return presentReports(app, reports);
}

/**
 * A report is resolved once, whoever clicks first: the resolution claims the report's one slot
 * under a unique index (a status check alone is not atomic on FerretDB), so a concurrent Take
 * Action and Dismiss cannot both happen.
 */
async function claimResolution(app: Database, report: Pick<ReportRecord, 'id' | 'status'>): Promise<boolean> {
  return report.status === 'open' && claimSlot(app, `report:${report.id}`, 1);
}

async function claimOpenReport(app: Database, id: number): Promise<ReportRecord> {
  const report = await findByNumericId(reportModels(app).Report, id);
  if (!report) throw notFound(REPORT_TEXT.reportNotFound);
  if (!(await claimResolution(app, report))) throw conflict(REPORT_TEXT.alreadyResolved);
  return report;
}

async function close(app: ReportContext, id: number, status: Resolution, actor: UserRecord): Promise<ReportRecord> {
  const closed = await resolveReport(app, id, status, actor.id);
  app.events.publish('report.resolved', { reportId: id, status });
  return closed;
}

/** Take Action: the content is removed, and every open report on it is closed as actioned with this one. */
export async function approveReport(app: FastifyInstance, actor: UserRecord, id: number): Promise<ResolveReportReply> {
  const report = await claimOpenReport(app, id);
  try {
    await removeContent(app, actor, report);
  } catch (error) {
    // Nothing was resolved: free the claim so the report can be acted on again.
    await releaseSlots(app, `report:${id}`);
    throw error;
  }
  const closed = await close(app, id, 'actioned', actor);
  const others = await reportModels(app)
    .Report.find({
      contentType: report.contentType,
      contentId: report.contentId,
      status: 'open',
      id: { $ne: id },
    })
    .lean<ReportRecord[]>();
  const alsoClosed: number[] = [];
  for (const other of others) {
    if (!(await claimResolution(app, other))) continue;
    await close(app, other.id, 'actioned', actor);
    alsoClosed.push(other.id);
  }
  await logModeration(app, {
    actorId: actor.id,
    action: 'report.approve',
    targetType: 'report',
    targetId: id,
    reason: report.reason,
    details: {
      removed: { contentType: report.contentType, contentId: report.contentId, authorId: report.contentAuthorId },
      alsoClosed,
    },
  });
  return { message: REPORT_TEXT.actioned, report: await presentReport(app, closed) };
}

export async function dismissReport(app: ReportContext, actor: UserRecord, id: number): Promise<ResolveReportReply> {
  const report = await claimOpenReport(app, id);
  const closed = await close(app, id, 'dismissed', actor);
  await logModeration(app, {
    actorId: actor.id,
    action: 'report.dismiss',
    targetType: 'report',
    targetId: id,
    reason: report.reason,
    details: { contentType: report.contentType, contentId: report.contentId },
  });
  return { message: REPORT_TEXT.dismissed, report: await presentReport(app, closed) };
}
