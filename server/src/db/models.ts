import type { Connection } from 'mongoose';
import { activityItemSchema } from '../activity/activity-model.ts';
import { sessionEndSchema, sessionItemSchema, sessionSeenSchema } from '../auth/session-model.ts';
import { categorySchema } from '../categories/category-model.ts';
import {
  groupBuyEndToldSchema,
  groupBuyOutcomeSchema,
  groupBuyPlaceSchema,
  OUTCOMES_COLLECTION,
  openGroupBuySchema,
  pendingContributionSchema,
  placeNumberSchema,
} from '../group-buys/model.ts';
import { moderationLogSchema } from '../moderation/moderation-log-model.ts';
import { muteEndingSchema } from '../moderation/mute-endings.ts';
import {
  catchUpMarkSchema,
  digestItemSchema,
  followedThreadSchema,
  memberItemSchema,
  notificationItemSchema,
  notificationMarkerSchema,
  notificationPreferencesSchema,
  readMarkSchema,
} from '../notifications/notification-model.ts';
import {
  openPaymentSchema,
  paymentItemSchema,
  paymentKeySchema,
  paymentOutcomeSchema,
  paymentSchema,
} from '../payments/payment-model.ts';
import { walletSettingSchema } from '../payments/wallet-settings-model.ts';
import { postSchema, replyRefSchema, replyRemovalSchema } from '../posts/post-model.ts';
import { blockEntrySchema, memberBlockSchema } from '../private-messages/block-model.ts';
import { boxItemSchema, messageLocatorSchema, messageSchema } from '../private-messages/message-model.ts';
import { settledEntrySchema, settlementSchema } from '../private-messages/unread.ts';
import { reportSchema } from '../reports/report-model.ts';
import { entitlementSchema, holdingSchema } from '../threads/entitlement-model.ts';
import { threadSchema } from '../threads/thread-model.ts';
import { pictureSchema, userSchema } from '../users/user-model.ts';
import {
  ledgerEntrySchema,
  ledgerKeySchema,
  ledgerMovingSchema,
  movementSchema,
  unfinishedSaleSchema,
} from '../wallet/ledger-model.ts';
import { attemptSlotSchema } from './attempt-slots.ts';
import { listBucketSchema, listHeadSchema, listRepairSchema } from './keyed-list.ts';
import { migrationSchema } from './migrations.ts';
import { expiringListSchema, sweptMonthSchema } from './monthly-lists.ts';

/** Every collection, bound to one connection. Each domain adds its model here. */
export function registerModels(connection: Connection) {
  return {
    User: connection.model('User', userSchema),
    ProfilePicture: connection.model('ProfilePicture', pictureSchema),
    AttemptSlot: connection.model('AttemptSlot', attemptSlotSchema),
    ListHead: connection.model('ListHead', listHeadSchema),
    ListBucket: connection.model('ListBucket', listBucketSchema),
    ListRepair: connection.model('ListRepair', listRepairSchema),
    Migration: connection.model('Migration', migrationSchema),
    ExpiringList: connection.model('ExpiringList', expiringListSchema),
    SweptMonth: connection.model('SweptMonth', sweptMonthSchema),
    SessionItem: connection.model('SessionItem', sessionItemSchema),
    SessionEnd: connection.model('SessionEnd', sessionEndSchema),
    SessionSeen: connection.model('SessionSeen', sessionSeenSchema),
    ActivityItem: connection.model('ActivityItem', activityItemSchema),
    LedgerEntry: connection.model('LedgerEntry', ledgerEntrySchema),
    LedgerKey: connection.model('LedgerKey', ledgerKeySchema),
    LedgerMoving: connection.model('LedgerMoving', ledgerMovingSchema),
    UnfinishedSale: connection.model('UnfinishedSale', unfinishedSaleSchema),
    Movement: connection.model('Movement', movementSchema),
    Payment: connection.model('Payment', paymentSchema),
    PaymentOutcome: connection.model('PaymentOutcome', paymentOutcomeSchema),
    PaymentKey: connection.model('PaymentKey', paymentKeySchema),
    PaymentItem: connection.model('PaymentItem', paymentItemSchema),
    OpenPayment: connection.model('OpenPayment', openPaymentSchema),
    WalletSetting: connection.model('WalletSetting', walletSettingSchema),
    PrivateMessage: connection.model('PrivateMessage', messageSchema),
    MessageLocator: connection.model('MessageLocator', messageLocatorSchema),
    MessageBoxItem: connection.model('MessageBoxItem', boxItemSchema),
    MessageSettlement: connection.model('MessageSettlement', settlementSchema),
    SettledEntry: connection.model('SettledEntry', settledEntrySchema),
    MemberBlock: connection.model('MemberBlock', memberBlockSchema),
    BlockEntry: connection.model('BlockEntry', blockEntrySchema),
    Category: connection.model('Category', categorySchema),
    Thread: connection.model('Thread', threadSchema),
    Post: connection.model('Post', postSchema),
    ReplyRef: connection.model('ReplyRef', replyRefSchema),
    ReplyRemoval: connection.model('ReplyRemoval', replyRemovalSchema),
    Entitlement: connection.model('Entitlement', entitlementSchema),
    Holding: connection.model('Holding', holdingSchema),
    GroupBuyPlace: connection.model('GroupBuyPlace', groupBuyPlaceSchema),
    PlaceNumber: connection.model('PlaceNumber', placeNumberSchema),
    GroupBuyOutcome: connection.model('GroupBuyOutcome', groupBuyOutcomeSchema, OUTCOMES_COLLECTION),
    OpenGroupBuy: connection.model('OpenGroupBuy', openGroupBuySchema),
    GroupBuyEndTold: connection.model('GroupBuyEndTold', groupBuyEndToldSchema),
    PendingContribution: connection.model('PendingContribution', pendingContributionSchema),
    Report: connection.model('Report', reportSchema),
    ModerationLog: connection.model('ModerationLog', moderationLogSchema),
    MuteEnding: connection.model('MuteEnding', muteEndingSchema),
    NotificationItem: connection.model('NotificationItem', notificationItemSchema),
    NotificationReadMark: connection.model('NotificationReadMark', readMarkSchema),
    NotificationMarker: connection.model('NotificationMarker', notificationMarkerSchema),
    NotificationMember: connection.model('NotificationMember', memberItemSchema),
    NotificationDigest: connection.model('NotificationDigest', digestItemSchema),
    NotificationPreferences: connection.model('NotificationPreferences', notificationPreferencesSchema),
    FollowedThread: connection.model('FollowedThread', followedThreadSchema),
    CatchUpMark: connection.model('CatchUpMark', catchUpMarkSchema),
  };
}
export type Models = ReturnType<typeof registerModels>;
