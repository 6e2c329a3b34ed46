import { domainModels } from '../storage/index.ts';
import {
  catchUpMarkSchema,
  digestItemSchema,
  followedThreadSchema,
  memberItemSchema,
  notificationItemSchema,
  notificationMarkerSchema,
  notificationPreferencesSchema,
  readMarkSchema,
} from './notification-model.ts';

/** The notifications domain's collections: only this domain reads or writes them. */
export const notificationModels = domainModels((connection) => ({
  NotificationItem: connection.model('NotificationItem', notificationItemSchema),
  NotificationReadMark: connection.model('NotificationReadMark', readMarkSchema),
  NotificationMarker: connection.model('NotificationMarker', notificationMarkerSchema),
  NotificationMember: connection.model('NotificationMember', memberItemSchema),
  NotificationDigest: connection.model('NotificationDigest', digestItemSchema),
  NotificationPreferences: connection.model('NotificationPreferences', notificationPreferencesSchema),
  FollowedThread: connection.model('FollowedThread', followedThreadSchema),
  CatchUpMark: connection.model('CatchUpMark', catchUpMarkSchema),
}));
