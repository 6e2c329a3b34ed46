import { CircleAlert, ShieldHalf } from 'lucide-react';
import { useState } from 'react';
import { type Key, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import * as tabStyles from '../components/tabs.css.ts';
import * as styles from './auth-panel.css.ts';
import { AuthPromo } from './auth-promo.tsx';
import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';

/** Spec 000 §2: Login and Register tabs, the server's error above them, the promotional panel beside them. */
export function AuthPanel() {
  const [tab, setTab] = useState<Key>('login');
  const [serverError, setServerError] = useState<string | null>(null);
  const selectTab = (key: Key) => {
    setTab(key);
    setServerError(null);
  };

  return (
    <div className={styles.layout}>
      <section className={styles.card} aria-labelledby="auth-title">
        <header className={styles.header}>
          <span className={styles.brandMark} aria-hidden>
            <ShieldHalf size={22} />
          </span>
          <h1 id="auth-title" className={styles.title}>
            Welcome to Enclave
          </h1>
          <p className={styles.lead}>Log in to your account or create a new one.</p>
        </header>
        {serverError && (
          <div className={styles.banner} role="alert">
            <CircleAlert size={18} aria-hidden />
            <span>{serverError}</span>
          </div>
        )}
        <Tabs className={tabStyles.tabs} selectedKey={tab} onSelectionChange={selectTab}>
          <TabList className={tabStyles.tabList} aria-label="Login or register">
            <Tab id="login" className={tabStyles.tab}>
              Login
            </Tab>
            <Tab id="register" className={tabStyles.tab}>
              Register
            </Tab>
          </TabList>
          <TabPanel id="login" className={tabStyles.tabPanel}>
            <LoginForm onServerError={setServerError} />
          </TabPanel>
          <TabPanel id="register" className={tabStyles.tabPanel}>
            <RegisterForm onServerError={setServerError} />
          </TabPanel>
        </Tabs>
      </section>
      <AuthPromo />
    </div>
  );
}
