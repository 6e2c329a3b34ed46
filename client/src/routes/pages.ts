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
