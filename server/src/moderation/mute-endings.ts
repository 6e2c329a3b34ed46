import type { FastifyInstance } from 'fastify';
import { repeatWhileOpen } from '../periodic.ts';
import { type Database, intent } from '../storage/index.ts';
import { storedMember } from '../users/accounts.ts';
import type { ModerationContext } from './context.ts';

/** A mute whose end is still to be told: the member and the end the mute was given (ms). */
export interface MuteEnding {
  userId: number;
  until: number;
}

/** One per mute given, so a new mute never takes the place of the one it replaces. */
export const muteEndingKey = (userId: number, until: Date | number) => `${userId}:${new Date(until).getTime()}`;

/**
 * Each mute's end, recorded before the mute is written and kept ('later') until that end has passed; then the
 * member is told, if that mute still stands. A mute lifted by staff (who told the member then) or replaced by
 * another tells nothing, nor does one a crash left unwritten. Every process may sweep: the notification's key is the
 * mute's end, so a member hears of it once whoever sweeps first. Exported for the tests.
 */
export const muteEnding = intent<MuteEnding, Omit<ModerationContext, 'members'>>(
  'mute-ending',
  async (app, { userId, until }) => {
    if (until > Date.now()) return 'later';
    const member = await storedMember(app, userId);
    if (member?.mutedUntil?.getTime() !== until) return;
    app.events.publish('member.changed', { userId });
    app.events.publish('member.sanctionLifted', { userId, sanction: 'mute', actorId: null, at: until });
  },
);

/** Records the end of a mute about to be written, so that it is told once it has passed. */
export async function expectMuteEnd(app: Database, userId: number, until: Date): Promise<void> {
  await muteEnding.begin(app, muteEndingKey(userId, until), { userId, until: until.getTime() });
}

export function scheduleMuteEndings(app: FastifyInstance): void {
  repeatWhileOpen(app, app.config.MUTE_END_CHECK_MS, 'mute-end sweep', () => muteEnding.sweep(app));
}
