import { LIMITS } from '@enclave/protocol';

/** Spec 001 §5: whole hours from 1 to 720; null while the input is empty, not a number or out of range. */
export function parseMuteHours(text: string): number | null {
  const value = text.trim();
  if (!/^\d+$/.test(value)) return null;
  const hours = Number(value);
  return hours >= LIMITS.muteHoursMin && hours <= LIMITS.muteHoursMax ? hours : null;
}

/** Spec 001 §5: a user ID is a positive whole number. */
export function parseUserId(text: string): number | null {
  const value = text.trim();
  if (!/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
