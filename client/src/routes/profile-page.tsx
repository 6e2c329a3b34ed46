import { LogOut } from 'lucide-react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { Button } from '../components/button.tsx';
import * as page from '../components/page.css.ts';
import * as tabStyles from '../components/tabs.css.ts';
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
      <header className={styles.header}>
        <div className={page.header}>
          <h1 className={page.title}>Profile Settings</h1>
          <p className={page.lead}>Manage your profile, privacy and security.</p>
        </div>
        <Button variant="secondary" onPress={() => logout.mutate()} isDisabled={logout.isPending}>
          <LogOut size={16} aria-hidden />
          Log Out
        </Button>
      </header>
      <Tabs className={tabStyles.tabs}>
        <TabList className={`${tabStyles.tabList} ${styles.tabList}`} aria-label="Profile settings">
          <Tab id="profile" className={tabStyles.tab}>
            Profile
          </Tab>
          <Tab id="privacy" className={tabStyles.tab}>
            Privacy
          </Tab>
          <Tab id="security" className={tabStyles.tab}>
            Security
          </Tab>
        </TabList>
        <TabPanel id="profile" className={tabStyles.tabPanel}>
          <ProfileTab user={user} />
        </TabPanel>
        <TabPanel id="privacy" className={tabStyles.tabPanel}>
          <PrivacyTab key={user.id} user={user} />
        </TabPanel>
        <TabPanel id="security" className={tabStyles.tabPanel}>
          <SecurityTab />
        </TabPanel>
      </Tabs>
    </div>
  );
}
