import { Outlet } from '@tanstack/react-router';
import { CreateThreadDialog } from '../forum/create-thread-dialog.tsx';
import { ComposeDialog } from '../messages/compose-dialog.tsx';
import { useLogout } from '../session/use-session.ts';
import * as styles from './app-shell.css.ts';
import { BottomBar } from './bottom-bar.tsx';
import { SideMenu } from './side-menu.tsx';
import { SiteHeader } from './site-header.tsx';

/** The frame around every page: header, side menu, content, and the mobile bottom bar. */
export function AppShell() {
  const logout = useLogout();
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
      <ComposeDialog />
      <CreateThreadDialog />
    </div>
  );
}
