import { CircleAlert, ShieldHalf } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { PageSpinner } from '../components/page-spinner.tsx';
import { SegmentedTabs, type TabKey } from '../components/segmented-tabs.tsx';
import * as styles from './auth-panel.css.ts';
import { AuthPromo } from './auth-promo.tsx';
import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';
import type { SecondStepTicket } from './second-step.tsx';

// Only members with a second factor see it, after their password: its code loads then.
const SecondStep = lazy(() => import('./second-step.tsx').then((module) => ({ default: module.SecondStep })));

/**
 * Spec 000 §2: Login and Register tabs, the server's error above them, the promotional panel beside them. A password
 * sign-in that needs a second step (issue #27) shows that step in the tabs' place.
 */
export function AuthPanel() {
  const [tab, setTab] = useState<TabKey>('login');
  const [serverError, setServerError] = useState<string | null>(null);
  const [ticket, setTicket] = useState<SecondStepTicket | null>(null);
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
          {!ticket && <p className={styles.lead}>Log in to your account or create a new one.</p>}
        </header>
        {serverError && (
          <div className={styles.banner} role="alert">
            <CircleAlert size={18} aria-hidden />
            <span>{serverError}</span>
          </div>
        )}
        {ticket ? (
          <Suspense fallback={<PageSpinner />}>
            <SecondStep ticket={ticket} onServerError={setServerError} onBack={() => setTicket(null)} />
          </Suspense>
        ) : (
          <SegmentedTabs
            label="Login or register"
            selectedKey={tab}
            onSelectionChange={selectTab}
            tabs={[
              {
                id: 'login',
                label: 'Login',
                panel: <LoginForm onServerError={setServerError} onSecondStep={setTicket} />,
              },
              { id: 'register', label: 'Register', panel: <RegisterForm onServerError={setServerError} /> },
            ]}
          />
        )}
      </section>
      <AuthPromo />
    </div>
  );
}
