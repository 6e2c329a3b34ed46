import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { button } from '../components/button.css.ts';

/** Staff open a thread beside the console (spec 001 §2: "view in a new tab"). */
export function NewTabThreadLink({
  threadId,
  label,
  children,
}: {
  threadId: number;
  /** The accessible name of an icon-only link. */
  label?: string;
  children?: ReactNode;
}) {
  return (
    <a
      href={`/thread/${threadId}`}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={children ? undefined : label}
      className={button({ variant: 'secondary', size: 'sm' })}
    >
      <ExternalLink size={14} aria-hidden />
      {children}
    </a>
  );
}

/** Enough text for a clamped excerpt; a 50,000-character thread need not sit in the table's DOM. */
export const excerptOf = (content: string) => (content.length > 400 ? `${content.slice(0, 400)}…` : content);
