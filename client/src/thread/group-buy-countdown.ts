import { useEffect, useState } from 'react';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Time left as the card shows it: the two largest units ('6d 23h', '4h 05m', '2m 09s'); '0s' once it has passed. */
export function formatTimeLeft(ms: number): string {
  const left = Math.max(0, ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (left >= DAY) return `${Math.floor(left / DAY)}d ${Math.floor((left % DAY) / HOUR)}h`;
  if (left >= HOUR) return `${Math.floor(left / HOUR)}h ${pad(Math.floor((left % HOUR) / MINUTE))}m`;
  if (left >= MINUTE) return `${Math.floor(left / MINUTE)}m ${pad(Math.floor((left % MINUTE) / SECOND))}s`;
  return `${Math.ceil(left / SECOND)}s`;
}

/**
 * Milliseconds until `deadline` (an ISO date; null: none), read from the clock every second while it runs, so a
 * throttled background tab still shows the right time when it wakes.
 */
export function useTimeLeft(deadline: string | null): number | null {
  const end = deadline === null ? null : Date.parse(deadline);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (end === null) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= end) clearInterval(timer);
    }, SECOND);
    return () => clearInterval(timer);
  }, [end]);
  return end === null ? null : end - now;
}
