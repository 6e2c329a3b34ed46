import { STATS_RANGE_DEFAULT, type StatsRange } from '@enclave/protocol';
import { Navigate, useSearch } from '@tanstack/react-router';
import { type ComponentType, useState } from 'react';
import { ApprovalTab } from '../admin/approval-tab.tsx';
import { CategoriesTab } from '../admin/categories-tab.tsx';
import * as styles from '../admin/console.css.ts';
import { ConsoleHeader } from '../admin/console-header.tsx';
import { ConsoleNav } from '../admin/console-nav.tsx';
import { ContentTab } from '../admin/content-tab.tsx';
import { DatabaseTab } from '../admin/database-tab.tsx';
import { ModerationTab } from '../admin/moderation-tab.tsx';
import { ReportsTab } from '../admin/reports-tab.tsx';
import { SettingsTab } from '../admin/settings-tab.tsx';
import { StatCards } from '../admin/stat-cards.tsx';
import { UserModerationTab } from '../admin/user-moderation-tab.tsx';
import { UsersTab } from '../admin/users-tab.tsx';
import { useSession } from '../session/use-session.ts';
import { type AdminTab, panelFor } from './admin-tabs.ts';

const PANELS: Record<AdminTab, ComponentType> = {
  users: UsersTab,
  content: ContentTab,
  reports: ReportsTab,
  threads: ApprovalTab,
  moderation: ModerationTab,
  'user-moderation': UserModerationTab,
  categories: CategoriesTab,
  settings: SettingsTab,
  database: DatabaseTab,
};

/** Spec 001 §2: the admin and moderator console; the route's gate already sent everyone else to /. */
export function AdminPage() {
  const { user } = useSession();
  // Annotated: the route tree's type runs through this lazily imported page, so TypeScript cannot infer it here.
  const { tab }: { tab: AdminTab } = useSearch({ from: '/admin' });
  const [range, setRange] = useState<StatsRange>(STATS_RANGE_DEFAULT);
  if (!user) return null;
  // A panel the viewer may not use is never shown: its calls could only fail (issue 13, item 6).
  const shown = panelFor(tab, user.abilities);
  if (shown !== tab) return <Navigate to="/admin" search={{ tab: shown }} replace />;
  const Panel = PANELS[tab];
  return (
    <div className={styles.page}>
      <ConsoleHeader range={range} onRangeChange={setRange} />
      <StatCards range={range} />
      <ConsoleNav user={user} />
      <Panel key={tab} />
    </div>
  );
}
