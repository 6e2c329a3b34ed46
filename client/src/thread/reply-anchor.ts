import { type Post, replyAnchor } from '@enclave/protocol';
import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { useReplies } from './thread-queries.ts';

/** The reply number a `#reply-{n}` link names (a mention's notification), or null. */
export function useLinkedReply(): number | null {
  const hash = useLocation({ select: (location) => location.hash });
  const match = /^reply-([1-9]\d*)$/.exec(hash);
  return match ? Number(match[1]) : null;
}

/**
 * A link to a reply past the loaded pages loads the pages up to it (replies come in number order), and once the
 * reply is on the page it is scrolled to, once: it arrives after the navigation, so the browser's own jump to the
 * fragment found nothing.
 */
export function useReachLinkedReply(replies: ReturnType<typeof useReplies>, posts: Post[], linked: number | null) {
  const last = posts.at(-1)?.number ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = replies;
  useEffect(() => {
    if (linked !== null && linked > last && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [linked, last, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const scrolledTo = useRef<number | null>(null);
  // After every render of the list (one lookup by id until the reply is there): it appears as its page loads and
  // the list reveals it.
  useEffect(() => {
    if (linked === null || scrolledTo.current === linked) return;
    const element = document.getElementById(replyAnchor(linked));
    if (!element) return;
    scrolledTo.current = linked;
    // The window scrolls, and only it: scrollIntoView also moved the shell inside it (the header slid off its top).
    const { top, height } = element.getBoundingClientRect();
    window.scrollTo({ top: window.scrollY + top - Math.max(0, (window.innerHeight - height) / 2) });
  });
}
