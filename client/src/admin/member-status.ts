import type { CONSOLE_TEXT } from '@enclave/protocol';

interface Flags {
  isAdmin: boolean;
  isModerator: boolean;
  isBanned: boolean;
  isMuted: boolean;
}

export type StatusKind = keyof typeof CONSOLE_TEXT.status;

/** The users table's badge (spec 001 §2): Admin, Mod, Banned, then Muted, else Active. */
export function tableStatusOf(member: Flags): StatusKind {
  if (member.isAdmin) return 'admin';
  if (member.isModerator) return 'moderator';
  if (member.isBanned) return 'banned';
  return member.isMuted ? 'muted' : 'active';
}

/** Spec 001 §4: status shown is Banned, else Muted, else Active. */
export function sanctionOf(member: Flags): 'banned' | 'muted' | 'active' {
  if (member.isBanned) return 'banned';
  return member.isMuted ? 'muted' : 'active';
}

/** Spec 001 §4: role shown is Admin, else Moderator, else User. */
export function roleOf(member: Flags): keyof typeof CONSOLE_TEXT.roles {
  if (member.isAdmin) return 'admin';
  return member.isModerator ? 'moderator' : 'user';
}

/** Spec 001 §6: admins and moderators cannot be banned or muted. */
export const isStaffMember = (member: Flags) => member.isAdmin || member.isModerator;

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const formatDay = (iso: string) => day.format(new Date(iso));
export const formatMoment = (iso: string) => moment.format(new Date(iso));
