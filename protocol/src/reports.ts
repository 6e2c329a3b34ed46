import Type from 'typebox';
import { Id, IdParams, IsoDate, Nullable } from './common.ts';
import { route } from './contract.ts';
import { endpoints } from './endpoints.ts';
import { LIMITS } from './limits.ts';
import { REPORT_TEXT } from './ui-texts.ts';

/** What a member can report (beyond the spec, so the reports tab has something in it). */
export const REPORT_CONTENT_TYPES = ['thread', 'post', 'message'] as const;
export type ReportContentType = (typeof REPORT_CONTENT_TYPES)[number];
export const ReportContentKind = Type.Enum(REPORT_CONTENT_TYPES);

/** open → actioned (Take Action: the content is removed) or dismissed. */
export const REPORT_STATUSES = ['open', 'actioned', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const ReportState = Type.Enum(REPORT_STATUSES);

export const REPORT_REASON_MAX = 500;
/** How much of the reported content the report keeps, as staff saw it when it was reported. */
export const REPORT_EXCERPT_MAX = 1000;

/** Spec 001 §3's Report, plus what staff need to act: the content's id, thread and author, and the status. */
export const Report = Type.Object({
  id: Id,
  /** Null when the reporter's account was deleted. */
  reporterName: Nullable(Type.String()),
  createdAt: IsoDate,
  reason: Type.String(),
  /** The content when it was reported (a thread's title and content), cut at REPORT_EXCERPT_MAX. */
  contentText: Type.String(),
  contentType: ReportContentKind,
  contentId: Id,
  /** The thread to open: the reported thread, or the reply's thread; null for a message. */
  threadId: Nullable(Id),
  contentAuthor: Nullable(Type.Object({ id: Id, username: Type.String() })),
  status: ReportState,
  resolvedAt: Nullable(IsoDate),
  resolvedBy: Nullable(Type.Object({ id: Id, username: Type.String() })),
});
export type Report = Type.Static<typeof Report>;

export const CreateReportBody = Type.Object({
  contentType: ReportContentKind,
  contentId: Id,
  reason: Type.Intersect(
    [
      Type.String({ minLength: 1, pattern: '\\S', errorMessage: REPORT_TEXT.reasonRequired }),
      Type.String({ maxLength: REPORT_REASON_MAX, errorMessage: REPORT_TEXT.reasonMax(REPORT_REASON_MAX) }),
    ],
    { errorMessage: REPORT_TEXT.reasonRequired },
  ),
});
export type CreateReportBody = Type.Static<typeof CreateReportBody>;

export const ReportsQuery = Type.Object({
  /** Default open (the queue, oldest first); resolved reports come newest first. */
  status: Type.Optional(ReportState),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITS.pageSizeMax })),
});
export type ReportsQuery = Type.Static<typeof ReportsQuery>;

export const ResolveReportReply = Type.Object({ message: Type.String(), report: Report });
export type ResolveReportReply = Type.Static<typeof ResolveReportReply>;

export const reportRoutes = {
  createReport: route({
    ...endpoints.createReport,
    summary: 'Report a thread, a reply or a message you received or sent (members)',
    body: CreateReportBody,
    response: { 201: Report },
  }),
  reports: route({
    ...endpoints.reports,
    summary: 'The report queue (staff)',
    querystring: ReportsQuery,
    response: { 200: Type.Array(Report) },
  }),
  approveReport: route({
    ...endpoints.approveReport,
    summary: 'Take Action: remove the reported content and close its open reports (staff)',
    params: IdParams,
    response: { 200: ResolveReportReply },
  }),
  dismissReport: route({
    ...endpoints.dismissReport,
    summary: 'Close the report; the content stays (staff)',
    params: IdParams,
    response: { 200: ResolveReportReply },
  }),
};
