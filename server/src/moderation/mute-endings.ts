import type { FastifyInstance } from 'fastify';
import { Schema } from 'mongoose';
import { repeatWhileOpen } from '../periodic.ts';
import { storedMember } from '../users/accounts.ts';
import { moderationModels } from './models.ts';

export interface MuteEndingRecord {
  /** `{member}:{end in ms}`: one per mute given, so a new mute never overwrites the marker of the one it replaces. */
  _id: string;
  userId: number;
  until: Date;
}

/**
 * A mute whose end is still to be told, written with the mute and removed once its end has passed. The sweep walks
 * only these, so the collection holds only mutes not yet ended, however many the forum has ever given.
 */
export const muteEndingSchema = new Schema<MuteEndingRecord>(
  {
    _id: String,
    userId: { type: Number, required: true },
    until: { type: Date, required: true },
  },
  { versionKey: false },
);

export async function expectMuteEnd(app: FastifyInstance, userId: number, until: Date): Promise<void> {
  await moderationModels(app).MuteEnding.create({ _id: `${userId}:${until.getTime()}`, userId, until });
}

/**
 * Tells each member whose mute has run out by `now`, once. A marker whose mute was lifted by staff (who told the
 * member then) or replaced by another mute tells nothing. Every process may sweep: the notification's key is the
 * mute's end, so a member hears of it once whoever sweeps first.
 */
export async function tellEndedMutes(app: FastifyInstance, now = new Date()): Promise<number> {
  const due = await moderationModels(app)
    .MuteEnding.find({ until: { $lte: now } })
    .lean<MuteEndingRecord[]>();
  let told = 0;
  for (const ending of due) {
    const member = await storedMember(app, ending.userId);
    if (member?.mutedUntil?.getTime() === ending.until.getTime()) {
      app.events.publish('member.changed', { userId: ending.userId });
      app.events.publish('member.sanctionLifted', {
        userId: ending.userId,
        sanction: 'mute',
        actorId: null,
        at: ending.until.getTime(),
      });
      told += 1;
    }
    await moderationModels(app).MuteEnding.deleteOne({ _id: ending._id });
  }
  return told;
}

export function scheduleMuteEndings(app: FastifyInstance): void {
  repeatWhileOpen(app, app.config.MUTE_END_CHECK_MS, 'mute-end sweep', () => tellEndedMutes(app));
}
