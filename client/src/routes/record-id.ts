import { notFound } from '@tanstack/react-router';

/**
 * A path's id names a record only as a positive whole number a request can carry; anything else (`abc`, `0`,
 * `1.5`) is the not-found page at once, instead of a request whose validator text would reach the page.
 */
export function recordIdOf(param: string): number {
  const id = /^[1-9]\d*$/.test(param) ? Number(param) : 0;
  if (!Number.isSafeInteger(id) || id === 0) throw notFound();
  return id;
}
