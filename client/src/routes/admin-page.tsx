import { STATS_RANGE_DEFAULT, type StatsRange } from '@enclave/protocol';
import { Navigate, useSearch } from '@tanstack/react-router';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import * as styles from '../admin/console.css.ts';
import { ConsoleHeader } from '../admin/console-header.tsx';
import { ConsoleNav } from '../admin/console-nav.tsx';
import { StaffFactorGate } from '../admin/staff-factor-gate.tsx';
import { StatCards } from '../admin/stat-cards.tsx';
import { UsersTab } from '../admin/users-tab.tsx';
import { LoadingRows } from '../components/skeleton.tsx';
import { useSession } from '../session/use-session.ts';
import { type AdminTab, panelFor } from './admin-tabs.ts';

/**
 * Each panel loads when it is opened, but the users panel, the console's first: it renders with the page and the
 * members its route loader asked for (router.tsx), not after a second round trip for its code.
 */
const PANELS: Record<AdminTab, ComponentType> = {
  users: UsersTab,
  content: lazy(() => import('../admin/content-tab.tsx').then((module) => ({ default: module.ContentTab }))),
  reports: lazy(() => import('../admin/reports-tab.tsx').then((module) => ({ default: module.ReportsTab }))),
  threads: lazy(() => import('../admin/approval-tab.tsx').then((module) => ({ default: module.ApprovalTab }))),
  moderation: lazy(() => import('../admin/moderation-tab.tsx').then((module) => ({ default: module.ModerationTab }))),
  'user-moderation': lazy(() =>
    import('../admin/user-moderation-tab.tsx').then((module) => ({ default: module.UserModerationTab })),
  ),
  categories: lazy(() => import('../admin/categories-tab.tsx').then((module) => ({ default: module.CategoriesTab }))),
  settings: lazy(() => import('../admin/settings-tab.tsx').then((module) => ({ default: module.SettingsTab }))),
  database: lazy(() => import('../admin/database-tab.tsx').then((module) => ({ default: module.DatabaseTab }))),
};

/** What the panel's place says while its code loads. */
export const PANEL_LOADING = 'Loading panel';

/** Spec 001 §2: the admin and moderator console; the route's gate already sent everyone else to /. */
export function AdminPage() {
  const { user } = useSession();
  // Annotated: the route tree's type runs through this lazily imported page, so TypeScript cannot infer it here.
  const { tab }: { tab: AdminTab } = useSearch({ from: '/admin' });
  const [range, setRange] = useState<StatsRange>(STATS_RANGE_DEFAULT);
  if (!user) return null;
  if (user.mustAddSecondFactor) return <StaffFactorGate />;
  // A panel the viewer may not use is never shown: its calls could only fail (issue 13, item 6).
  const shown = panelFor(tab, user.abilities);
  if (shown !== tab) return <Navigate to="/admin" search={{ tab: shown }} replace />;
  const Panel = PANELS[tab];
  return (
    <div className={styles.page}>
      <ConsoleHeader range={range} onRangeChange={setRange} />
      <StatCards range={range} />
      <ConsoleNav user={user} />
      <Suspense fallback={<LoadingRows rows={3} label={PANEL_LOADING} />}>
        <Panel key={tab} />
      </Suspense>
    </div>
  );
}
