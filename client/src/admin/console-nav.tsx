import { CONSOLE_TEXT, type CurrentUser } from '@enclave/protocol';
import {
  ChevronDown,
  Database,
  FileText,
  FolderTree,
  Gavel,
  ListChecks,
  type LucideIcon,
  Settings,
  ShieldAlert,
  UserCog,
  Users,
  Wrench,
} from 'lucide-react';
import { useId, useState } from 'react';
import { RouterLink } from '../components/router-link.tsx';
import * as tabStyles from '../components/tabs.css.ts';
import { type AdminTab, mayOpenTab } from '../routes/admin-tabs.ts';
import { useApprovalQueue, useReportQueue } from './admin-queries.ts';
import * as styles from './console.css.ts';

/** Spec 001 §2: only these three are in the tab bar. */
const TAB_BAR = ['users', 'content', 'reports'] as const;
const TAB_ICONS: Record<(typeof TAB_BAR)[number], LucideIcon> = {
  users: Users,
  content: FileText,
  reports: ShieldAlert,
};

type Tool = Exclude<AdminTab, (typeof TAB_BAR)[number]>;

/** The other panels, reachable without typing a URL; each shows only to those whose abilities allow its calls. */
const TOOLS: { tab: Tool; icon: LucideIcon }[] = [
  { tab: 'threads', icon: ListChecks },
  { tab: 'moderation', icon: Gavel },
  { tab: 'user-moderation', icon: UserCog },
  { tab: 'categories', icon: FolderTree },
  { tab: 'settings', icon: Settings },
  { tab: 'database', icon: Database },
];

function Count({ value, label }: { value: number | undefined; label: string }) {
  if (!value) return null;
  return (
    <span className={styles.count} role="img" aria-label={`${value} ${label}`}>
      {value}
    </span>
  );
}

export function ConsoleNav({ user }: { user: CurrentUser }) {
  const queue = useApprovalQueue();
  const reports = useReportQueue();
  // Phones only (CSS hides the button from tablet width up): the chips fold away so a table shows on the first screen.
  const [areToolsOpen, setToolsOpen] = useState(false);
  const toolsId = useId();
  return (
    <div className={styles.nav}>
      <nav aria-label="Console tabs" className={styles.tabBar}>
        {TAB_BAR.filter((tab) => mayOpenTab(tab, user.abilities)).map((tab) => {
          const Icon = TAB_ICONS[tab];
          return (
            <RouterLink key={tab} to="/admin" search={{ tab }} className={tabStyles.tab}>
              <Icon size={16} aria-hidden />
              {CONSOLE_TEXT.tabs[tab]}
              {tab === 'reports' && <Count value={reports.data?.length} label="open" />}
            </RouterLink>
          );
        })}
      </nav>
      <button
        type="button"
        className={styles.toolsToggle}
        aria-expanded={areToolsOpen}
        aria-controls={toolsId}
        onClick={() => setToolsOpen(!areToolsOpen)}
      >
        <Wrench size={14} aria-hidden />
        {CONSOLE_TEXT.staffTools}
        <Count value={queue.data?.length} label="pending" />
        <ChevronDown size={14} aria-hidden />
      </button>
      <nav
        id={toolsId}
        aria-label={CONSOLE_TEXT.staffTools}
        className={styles.tools}
        data-open={areToolsOpen || undefined}
      >
        <span className={styles.toolsLabel} aria-hidden>
          {CONSOLE_TEXT.staffTools}
        </span>
        {TOOLS.filter((tool) => mayOpenTab(tool.tab, user.abilities)).map(({ tab, icon: Icon }) => (
          <RouterLink key={tab} to="/admin" search={{ tab }} className={styles.tool}>
            <Icon size={14} aria-hidden />
            {CONSOLE_TEXT.tools[tab]}
            {tab === 'threads' && <Count value={queue.data?.length} label="pending" />}
          </RouterLink>
        ))}
      </nav>
    </div>
  );
}
