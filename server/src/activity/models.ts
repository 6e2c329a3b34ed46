import { domainModels } from '../storage/index.ts';
import { activityItemSchema } from './activity-model.ts';

/** The activity domain's collections: only this domain reads or writes them. */
export const activityModels = domainModels((connection) => ({
  ActivityItem: connection.model('ActivityItem', activityItemSchema),
}));
