import { REPORT_CONTENT_TYPES, REPORT_STATUSES, type ReportContentType, type ReportStatus } from '@enclave/protocol';
import { Schema } from 'mongoose';
import { type ListItem, listItemFields } from '../storage/index.ts';

export interface ReportRecord {
  id: number;
  reporterId: number;
  contentType: ReportContentType;
  contentId: number;
  /** The thread to open: the reported thread, or the reply's thread; null for a message. */
  threadId: number | null;
  contentAuthorId: number | null;
  /** The content as it read when reported (it may be edited or removed later). */
  contentText: string;
  reason: string;
  status: ReportStatus;
  /**
   * `{reporterId}:{contentType}:{contentId}` while open, `closed:{id}` once resolved: under a unique
   * index, a member holds at most one open report on a piece of content, even when two reports race.
   */
  openKey: string;
  resolvedBy: number | null;
  resolvedAt: Date | null;
  createdAt: Date;
}

export const openKeyOf = (reporterId: number, contentType: ReportContentType, contentId: number) =>
  `${reporterId}:${contentType}:${contentId}`;

export const reportSchema = new Schema<ReportRecord>(
  {
    id: { type: Number, required: true, unique: true },
    reporterId: { type: Number, required: true },
    contentType: { type: String, enum: REPORT_CONTENT_TYPES, required: true },
    contentId: { type: Number, required: true },
    threadId: { type: Number, default: null },
    contentAuthorId: { type: Number, default: null },
    contentText: { type: String, default: '' },
    reason: { type: String, required: true },
    status: { type: String, enum: REPORT_STATUSES, default: 'open' },
    openKey: { type: String, required: true, unique: true },
    resolvedBy: { type: Number, default: null },
    resolvedAt: { type: Date, default: null },
    createdAt: { type: Date, required: true },
  },
  { id: false, versionKey: false },
);
reportSchema.index({ status: 1, id: 1 });
reportSchema.index({ contentType: 1, contentId: 1 });

/**
 * The resolved reports of one status, a block of ids at a time (`report-lists.ts`): item of `reports:{status}:{block}`
 * per report resolved so, in the order of resolution. `entry` (`{list}/{id}`) lists a report once, however often its
 * resolution is finished.
 */
export interface ReportListItem extends ListItem {
  reportId: number;
  entry: string;
}
export const reportListItemSchema = new Schema(
  {
    ...listItemFields,
    reportId: { type: Number, required: true },
    entry: { type: String, required: true, unique: true },
  },
  { versionKey: false },
);
