import { domainModels } from '../storage/index.ts';
import { reportListItemSchema, reportSchema } from './report-model.ts';

/** The reports domain's collections: only this domain reads or writes them. */
export const reportModels = domainModels((connection) => ({
  Report: connection.model('Report', reportSchema),
  ReportListItem: connection.model('ReportListItem', reportListItemSchema),
}));
