import { LogOut } from 'lucide-react';
import { Button } from '../components/button.tsx';
import * as page from '../components/page.css.ts';
import { SegmentedTabs } from '../components/segmented-tabs.tsx';
import { NotificationsTab } from '../profile/notifications-tab.tsx';
import { PrivacyTab } from '../profile/privacy-tab.tsx';
import * as styles from '../profile/profile.css.ts';
import { ProfileTab } from '../profile/profile-tab.tsx';
import { SecurityTab } from '../profile/security-tab.tsx';
import { useLogout, useSession } from '../session/use-session.ts';

/** Spec 001 §2: three tabs (Profile, Privacy, Security) and a Log Out button; the route gate ensures a member. */
export function ProfilePage() {
  const { user } = useSession();
  const logout = useLogout();
  if (!user) return null;

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
        tabs={[
          { id: 'profile', label: 'Profile', panel: <ProfileTab user={user} /> },
          { id: 'privacy', label: 'Privacy', panel: <PrivacyTab key={user.id} user={user} /> },
          { id: 'security', label: 'Security', panel: <SecurityTab /> },
          { id: 'notifications', label: 'Notifications', panel: <NotificationsTab user={user} /> },
        ]}
      />
    </div>
  );
}
