import type { ActivityKind, ClientSummary } from '@enclave/protocol';
import { Schema } from 'mongoose';
import { itemsReadByKey, type ListItem, type MonthlyKind } from '../storage/index.ts';

/** One entry of a member's activity log: item n of their monthly list `activity:{userId}:{YYYY-MM}`. */
export interface ActivityItem extends ListItem {
  userId: number;
  kind: ActivityKind;
  at: Date;
  client: ClientSummary | null;
  coins: number | null;
  detail: string | null;
  threadId: number | null;
}

export const ACTIVITY: MonthlyKind = { prefix: 'activity', model: 'ActivityItem' };

export const activityItemSchema = itemsReadByKey(
  new Schema<ActivityItem>(
    {
      _id: String,
      list: String,
      n: Number,
      userId: Number,
      kind: String,
      at: Date,
      client: { type: { device: String, deviceType: String, browser: String, place: String }, default: null },
      coins: Number,
      detail: String,
      threadId: Number,
    },
    { id: false, versionKey: false },
  ),
);
