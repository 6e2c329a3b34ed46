import type { Abilities } from '@enclave/protocol';

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

/** The ability (sent by the server in GET /api/user) each panel needs; the console lists only the panels allowed. */
export const TAB_ABILITY: Record<AdminTab, keyof Abilities> = {
  users: 'canModerate',
  content: 'canModerate',
  reports: 'canModerate',
  threads: 'canModerate',
  moderation: 'canModerate',
  'user-moderation': 'canModerate',
  categories: 'canManageCategories',
  settings: 'canModerate',
  database: 'canBackup',
};

export const mayOpenTab = (tab: AdminTab, abilities: Abilities) => abilities[TAB_ABILITY[tab]];

/**
 * The panel to show for `tab`: itself when allowed, else the first the viewer may open. The database panel is
 * the exception: spec 001 §2 has it tell everyone else 'Access Denied' itself.
 */
export function panelFor(tab: AdminTab, abilities: Abilities): AdminTab {
  if (tab === 'database' || mayOpenTab(tab, abilities)) return tab;
  return ADMIN_TABS.find((candidate) => mayOpenTab(candidate, abilities)) ?? tab;
}
