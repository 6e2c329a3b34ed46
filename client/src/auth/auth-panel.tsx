import { CircleAlert, ShieldHalf } from 'lucide-react';
import { useState } from 'react';
import { SegmentedTabs, type TabKey } from '../components/segmented-tabs.tsx';
import * as styles from './auth-panel.css.ts';
import { AuthPromo } from './auth-promo.tsx';
import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';

/** Spec 000 §2: Login and Register tabs, the server's error above them, the promotional panel beside them. */
export function AuthPanel() {
  const [tab, setTab] = useState<TabKey>('login');
  const [serverError, setServerError] = useState<string | null>(null);
  const selectTab = (key: TabKey) => {
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
        <SegmentedTabs
          label="Login or register"
          selectedKey={tab}
          onSelectionChange={selectTab}
          tabs={[
            { id: 'login', label: 'Login', panel: <LoginForm onServerError={setServerError} /> },
            { id: 'register', label: 'Register', panel: <RegisterForm onServerError={setServerError} /> },
          ]}
        />
      </section>
      <AuthPromo />
    </div>
  );
}
