import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { cooked as cookedStyle } from './cooked-text.css.ts';

/** A link within this site (`/member/3`, `/thread/7#reply-2`), which the router can open without loading the page. */
function siteLinkOf(event: MouseEvent<HTMLElement>): string | null {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  ) {
    return null;
  }
  const link = (event.target as Element).closest('a');
  const href = link?.getAttribute('href');
  return href && /^\/(?![/\\])/.test(href) ? href : null;
}

/**
 * A member's text as the server cooked it (Markdown rendered once when written, then sanitized by an allow-list:
 * server/src/formatting). Setting it as HTML is safe for that reason alone: this takes `cooked` fields from the API,
 * never text a client made, and the page's CSP still refuses any script. Links within the site go through the router.
 */
export function CookedText({ html, className }: { html: string; className?: string }) {
  const router = useRouter();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const href = siteLinkOf(event);
    if (!href) return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the click is the links' own (Enter on a link clicks it); the box takes none itself
    <div
      className={className ? `${cookedStyle} ${className}` : cookedStyle}
      onClick={onClick}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: cooked HTML, sanitized by the server's allow-list (see above)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** The words of cooked HTML, for a preview: read by an inert document (nothing in it loads or runs). */
export function plainTextOfCooked(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}
