import { useNavigate, useSearch } from '@tanstack/react-router';
import { LogOut } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Button } from '../components/button.tsx';
import * as page from '../components/page.css.ts';
import { SegmentedTabs } from '../components/segmented-tabs.tsx';
import { LoadingRows } from '../components/skeleton.tsx';
import * as styles from '../profile/profile.css.ts';
import { ProfileTab } from '../profile/profile-tab.tsx';
import { useLogout, useSession } from '../session/use-session.ts';
import { isProfileTab, type ProfileTab as ProfileTabId } from './profile-tabs.ts';

/** The other tabs load when they are chosen: the page renders first with the profile form. */
const PrivacyTab = lazy(() => import('../profile/privacy-tab.tsx').then((module) => ({ default: module.PrivacyTab })));
const SecurityTab = lazy(() =>
  import('../profile/security-tab.tsx').then((module) => ({ default: module.SecurityTab })),
);
const NotificationsTab = lazy(() =>
  import('../profile/notifications-tab.tsx').then((module) => ({ default: module.NotificationsTab })),
);

/** What a tab's place says while its code loads. */
export const TAB_LOADING = 'Loading tab';

const onDemand = (panel: ReactNode) => (
  <Suspense fallback={<LoadingRows rows={3} label={TAB_LOADING} />}>{panel}</Suspense>
);

/**
 * Spec 001 §2: three tabs (Profile, Privacy, Security) and a Log Out button; the route gate ensures a member. The
 * chosen tab is kept in the `tab` query parameter, as the console keeps its own, so a reload or a link opens it.
 */
export function ProfilePage() {
  const { user } = useSession();
  const logout = useLogout();
  // Annotated: the route tree's type runs through this lazily imported page, so TypeScript cannot infer it here.
  const { tab = 'profile' }: { tab?: ProfileTabId } = useSearch({ from: '/profile' });
  const navigate = useNavigate();
  if (!user) return null;
  const choose = (key: unknown) => {
    if (!isProfileTab(key) || key === tab) return;
    void navigate({ to: '/profile', search: key === 'profile' ? {} : { tab: key } });
  };

  return (
    <div className={page.stack}>
      <header className={page.titleBar}>
        <div className={page.header}>
          <h1 className={page.title}>Profile Settings</h1>
          <p className={page.lead}>Manage your profile, privacy and security.</p>
        </div>
        <Button variant="secondary" onPress={() => logout.mutate()} isDisabled={logout.isPending}>
          <LogOut size={16} aria-hidden />
          Log Out
        </Button>
      </header>
      <SegmentedTabs
        label="Profile settings"
        tabListClassName={styles.tabList}
        selectedKey={tab}
        onSelectionChange={choose}
        tabs={[
          { id: 'profile', label: 'Profile', panel: <ProfileTab user={user} /> },
          { id: 'privacy', label: 'Privacy', panel: onDemand(<PrivacyTab key={user.id} user={user} />) },
          { id: 'security', label: 'Security', panel: onDemand(<SecurityTab />) },
          { id: 'notifications', label: 'Notifications', panel: onDemand(<NotificationsTab user={user} />) },
        ]}
      />
    </div>
  );
}
