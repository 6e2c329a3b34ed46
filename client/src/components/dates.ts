/**
 * The product's one date format (spec 001: "a long date-and-time format"), in the reader's own time zone:
 * every date a person reads goes through here, never a raw ISO string.
 */
const LOCALE = 'en-US';

/**
 * A value made on first use: a page's first Intl formatter loads the locale's data, some 10 ms that belong to the
 * first date shown, not to the start-up of every page (issue #14).
 */
export function lazily<Value>(make: () => Value): () => Value {
  let value: Value | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

const dateAndTime = lazily(() => new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long', timeStyle: 'short' }));
const dateOnly = lazily(() => new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long' }));
const timeOfDay = lazily(() => new Intl.DateTimeFormat(LOCALE, { timeStyle: 'short' }));
const dayOfYear = lazily(() => new Intl.DateTimeFormat(LOCALE, { month: 'short', day: 'numeric' }));

type Instant = string | Date;

/** 'November 24, 2026 at 8:40 PM'. */
export const formatDateTime = (instant: Instant) => dateAndTime().format(new Date(instant));

/** 'November 24, 2026'. */
export const formatDate = (instant: Instant) => dateOnly().format(new Date(instant));

/** Short, as mail lists show it: the time today, the day this year, else the date. */
export function formatListDate(instant: Instant, now = new Date()): string {
  const date = new Date(instant);
  if (date.toDateString() === now.toDateString()) return timeOfDay().format(date);
  if (date.getFullYear() === now.getFullYear()) return dayOfYear().format(date);
  return dateOnly().format(date);
}
