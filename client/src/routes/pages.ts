import type { Abilities, api } from '@enclave/protocol';

/**
 * The page module (routes/<name>.tsx) each path of the route table renders (router.tsx; pages.test.ts keeps the
 * two alike). The build writes, for each page, index.html with that page's chunks preloaded, and the server sends
 * it for the page's paths (pages.json): the page's code comes with the HTML, not after the entry has run.
 */
export const PAGES = {
  '/': 'home-page',
  '/forums': 'home-page',
  '/auth': 'auth-page',
  '/thread/$id': 'thread-page',
  '/category/$id': 'category-page',
  '/edit-thread/$id': 'edit-thread-page',
  '/messages': 'messages-page',
  '/wallet': 'wallet-page',
  '/profile': 'profile-page',
  '/admin': 'admin-page',
  '/transactions': 'transactions-page',
  '/privacy': 'privacy-page',
  '/member/$id': 'member-page',
} as const;

/**
 * The reads a page's route loaders start (router.tsx), by their names in protocol's `api` table: the signed-in
 * member on every page, the categories and threads on `/` and `/forums`, the thread on `/thread/$id`, the
 * categories on `/edit-thread/$id`, the category and its first page of threads on `/category/$id`, the purchase
 * form's packages and currencies on `/wallet`, the newest messages on `/messages`. A read with a query names it too, each value a constant or a `$param` of the path,
 * in the order the client writes it (routes/pages.test.ts holds both alike). The build lists them beside each page's
 * HTML (`reads.json`), and the server preloads them from the HTML (`<link rel="preload" as="fetch">`, a `$param`
 * taken from the path only when it is a record id), so the data is on its way with the code instead of after it has
 * run. (Names, not addresses: vite.config.ts loads this file, and it cannot load the protocol.)
 */
export type Read = keyof typeof api | { read: keyof typeof api; query: Record<string, string> };
const FORUM_READS: readonly Read[] = ['user', 'categories', 'threads'];
/** A category's first page of threads (`threadPagesQuery`: LIMITS.threadPageSizeDefault, pages.test.ts). */
const CATEGORY_THREADS: Read = { read: 'threads', query: { categoryId: '$id', limit: '50' } };
export const FIRST_READS: Record<keyof typeof PAGES, readonly Read[]> = {
  '/': FORUM_READS,
  '/forums': FORUM_READS,
  '/auth': ['user'],
  '/thread/$id': ['user', 'thread'],
  '/category/$id': ['user', 'category', CATEGORY_THREADS],
  '/edit-thread/$id': ['user', 'categories'],
  '/messages': ['user', 'listMessages'],
  '/wallet': ['user', 'paymentPackages', 'paymentCurrencies'],
  '/profile': ['user'],
  '/admin': ['user'],
  '/transactions': ['user'],
  '/privacy': ['user'],
  '/member/$id': ['user', 'usersById'],
};

/**
 * What the root loader also asks for, on every page, once the session says the member's email is verified: the
 * header's unread badge and the bell's count. The server preloads them for such a member only.
 */
export const VERIFIED_MEMBER_READS: readonly Read[] = ['unreadMessageCount', 'notifications'];

/**
 * What a page's loaders also ask for once the session says the member may (their abilities, as GET /api/user sends
 * them): on the console, the stat cards for STATS_RANGE_DEFAULT and its first panel's members, half a page of
 * LIMITS.pageSizeMax (admin-queries.ts; on another panel, `?tab=`, the members are preloaded for nothing); on the edit page, the thread.
 * The server preloads them for such a member only: anyone else would be sent away, and the reads refused.
 */
export const ABILITY_READS: Partial<Record<keyof typeof PAGES, Partial<Record<keyof Abilities, readonly Read[]>>>> = {
  '/admin': {
    canModerate: [
      { read: 'adminStats', query: { range: '7d' } },
      { read: 'adminUsers', query: { limit: '50' } },
    ],
  },
  '/edit-thread/$id': { canEditThreads: ['thread'] },
};
