import type { Report } from '@enclave/protocol';
import { usernamesOf } from '../users/usernames.ts';
import type { ReportContext } from './context.ts';
import type { ReportRecord } from './report-model.ts';

export async function presentReports(app: Pick<ReportContext, 'members'>, reports: ReportRecord[]): Promise<Report[]> {
  const names = await usernamesOf(
    app,
    reports.flatMap((report) => [report.reporterId, report.contentAuthorId, report.resolvedBy]),
  );
  const member = (id: number | null) => {
    const username = id === null ? undefined : names.get(id);
    return id !== null && username ? { id, username } : null;
  };
  return reports.map((report) => ({
    id: report.id,
    reporterName: names.get(report.reporterId) ?? null,
    createdAt: report.createdAt.toISOString(),
    reason: report.reason,
    contentText: report.contentText,
    contentType: report.contentType,
    contentId: report.contentId,
    threadId: report.threadId ?? null,
    contentAuthor: member(report.contentAuthorId ?? null),
    status: report.status,
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
    resolvedBy: member(report.resolvedBy ?? null),
  }));
}

export async function presentReport(app: Pick<ReportContext, 'members'>, report: ReportRecord): Promise<Report> {
  return (await presentReports(app, [report]))[0] as Report;
}
