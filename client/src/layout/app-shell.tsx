import { Outlet } from '@tanstack/react-router';
import { lazy, useLayoutEffect } from 'react';
import { OnDemand } from '../components/on-demand.tsx';
import { useLogout } from '../session/use-session.ts';
import { useComposeStore } from '../stores/compose-store.ts';
import { useCreateThreadStore } from '../stores/create-thread-store.ts';
import { useStepUpStore } from '../stores/step-up-store.ts';
import * as styles from './app-shell.css.ts';
import './boot-shell.css.ts';
import { BottomBar } from './bottom-bar.tsx';
import { SideMenu } from './side-menu.tsx';
import { SiteHeader } from './site-header.tsx';

const ComposeDialog = lazy(() =>
  import('../messages/compose-dialog.tsx').then((module) => ({ default: module.ComposeDialog })),
);
const StepUpDialog = lazy(() =>
  import('../auth/step-up-dialog.tsx').then((module) => ({ default: module.StepUpDialog })),
);
const CreateThreadDialog = lazy(() =>
  import('../forum/create-thread-dialog.tsx').then((module) => ({ default: module.CreateThreadDialog })),
);

/** The frame around every page: header, side menu, content, and the mobile bottom bar. */
export function AppShell() {
  const logout = useLogout();
  const isComposeOpen = useComposeStore((state) => state.isOpen);
  const isCreateThreadOpen = useCreateThreadStore((state) => state.isOpen);
  const isStepUpOpen = useStepUpStore((state) => state.isOpen);
  // Takes the place of index.html's static frame before the browser paints again.
  useLayoutEffect(() => document.getElementById('boot-shell')?.remove(), []);
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main-content">
        Skip to content
      </a>
      <SiteHeader onLogout={() => logout.mutate()} />
      <div className={styles.body}>
        <SideMenu />
        <main id="main-content" className={styles.main} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <BottomBar />
      <OnDemand isOpen={isComposeOpen}>
        <ComposeDialog />
      </OnDemand>
      <OnDemand isOpen={isCreateThreadOpen}>
        <CreateThreadDialog />
      </OnDemand>
      <OnDemand isOpen={isStepUpOpen}>
        <StepUpDialog />
      </OnDemand>
    </div>
  );
}
