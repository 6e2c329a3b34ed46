/** The console's panels, kept in the `tab` query parameter (spec 001 §2). */
export const ADMIN_TABS = [
  'users',
  'content',
  'reports',
  'threads',
  'moderation',
  'user-moderation',
  'categories',
  'settings',
  'database',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
export const DEFAULT_ADMIN_TAB: AdminTab = 'users';

export function parseAdminSearch(search: { tab?: unknown }): { tab: AdminTab } {
  const tab = ADMIN_TABS.find((candidate) => candidate === search.tab);
  return { tab: tab ?? DEFAULT_ADMIN_TAB };
}
