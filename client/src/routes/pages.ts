import type { api } from '@enclave/protocol';

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
} as const;

/**
 * The reads a page's route loaders start (router.tsx), by their names in protocol's `api` table: the signed-in
 * member on every page, the categories and threads on `/` and `/forums`, the thread on `/thread/$id`, the category
 * on `/category/$id` (whose loader also asks for its threads, an address with a query the HTML does not preload), the
 * purchase form's packages and currencies on `/wallet`. The build
 * lists them beside each page's HTML (`reads.json`), and the server preloads them from the HTML
 * (`<link rel="preload" as="fetch">`, an `:id` taken from the path), so the data is on its way with the code instead
 * of after it has run. (Names, not addresses: vite.config.ts loads this file, and it cannot load the protocol.)
 */
type Read = keyof typeof api;
const FORUM_READS: readonly Read[] = ['user', 'categories', 'threads'];
export const FIRST_READS: Record<keyof typeof PAGES, readonly Read[]> = {
  '/': FORUM_READS,
  '/forums': FORUM_READS,
  '/auth': ['user'],
  '/thread/$id': ['user', 'thread'],
  '/category/$id': ['user', 'category'],
  '/edit-thread/$id': ['user'],
  '/messages': ['user'],
  '/wallet': ['user', 'paymentPackages', 'paymentCurrencies'],
  '/profile': ['user'],
  '/admin': ['user'],
  '/transactions': ['user'],
  '/privacy': ['user'],
};

/**
 * What the root loader also asks for, on every page, once the session says the member's email is verified: the
 * header's unread badge and the bell's count. The server preloads them for such a member only.
 */
export const VERIFIED_MEMBER_READS: readonly Read[] = ['unreadMessageCount', 'notifications'];
