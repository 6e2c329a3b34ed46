import { domainModels } from '../storage/index.ts';
import { blockEntrySchema, memberBlockSchema } from './block-model.ts';
import { boxItemSchema, messageLocatorSchema, messageSchema } from './message-model.ts';
import { settledEntrySchema, settlementSchema } from './unread.ts';

/** The private-messages domain's collections: only this domain reads or writes them. */
export const messageModels = domainModels((connection) => ({
  PrivateMessage: connection.model('PrivateMessage', messageSchema),
  MessageLocator: connection.model('MessageLocator', messageLocatorSchema),
  MessageBoxItem: connection.model('MessageBoxItem', boxItemSchema),
  MessageSettlement: connection.model('MessageSettlement', settlementSchema),
  SettledEntry: connection.model('SettledEntry', settledEntrySchema),
  MemberBlock: connection.model('MemberBlock', memberBlockSchema),
  BlockEntry: connection.model('BlockEntry', blockEntrySchema),
}));
