/**
 * The product's one date format (spec 001: "a long date-and-time format"), US English in the reader's own time zone:
 * every date a person reads goes through here, never a raw ISO string. Written by hand, as
 * Intl.DateTimeFormat('en-US') writes them (dates.test.ts holds the two alike): the thread page's dates would
 * otherwise initialise ICU on its first screen (components/numbers.ts).
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

type Instant = string | Date;

/** '8:40 PM', in the reader's zone. */
function timeOf(date: Date): string {
  const hour = date.getHours() % 12 || 12;
  return `${hour}:${String(date.getMinutes()).padStart(2, '0')} ${date.getHours() < 12 ? 'AM' : 'PM'}`;
}

/** 'November 24, 2026', in the reader's zone. */
const dayOf = (date: Date) => `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;

/** 'November 24, 2026 at 8:40 PM'. */
export function formatDateTime(instant: Instant): string {
  const date = new Date(instant);
  return `${dayOf(date)} at ${timeOf(date)}`;
}

/** 'November 24, 2026'. */
export const formatDate = (instant: Instant) => dayOf(new Date(instant));

/** Short, as mail lists show it: the time today, the day this year ('Jan 2'), else the date. */
export function formatListDate(instant: Instant, now = new Date()): string {
  const date = new Date(instant);
  if (date.toDateString() === now.toDateString()) return timeOf(date);
  if (date.getFullYear() === now.getFullYear()) return `${MONTHS[date.getMonth()]?.slice(0, 3)} ${date.getDate()}`;
  return dayOf(date);
}
