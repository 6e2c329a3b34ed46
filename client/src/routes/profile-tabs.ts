/** The profile page's tabs, kept in the `tab` query parameter; without one, the profile form. */
export const PROFILE_TABS = ['profile', 'privacy', 'security', 'notifications'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export const isProfileTab = (value: unknown): value is ProfileTab =>
  PROFILE_TABS.some((candidate) => candidate === value);

/** An unknown or missing tab is the default one, and the address stays without it. */
export function parseProfileSearch(search: { tab?: unknown }): { tab?: ProfileTab } {
  return isProfileTab(search.tab) && search.tab !== 'profile' ? { tab: search.tab } : {};
}
