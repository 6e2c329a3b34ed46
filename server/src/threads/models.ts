import { domainModels } from '../storage/index.ts';
import { entitlementSchema, holdingSchema } from './entitlement-model.ts';
import { threadSchema } from './thread-model.ts';

/** The threads domain's collections: only this domain reads or writes them. */
export const threadModels = domainModels((connection) => ({
  Thread: connection.model('Thread', threadSchema),
  Entitlement: connection.model('Entitlement', entitlementSchema),
  Holding: connection.model('Holding', holdingSchema),
}));
