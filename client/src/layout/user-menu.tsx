import type { CurrentUser } from '@enclave/protocol';
import { ChevronDown } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Avatar } from '../components/avatar.tsx';
import { useFirstScreenDone } from './first-screen.ts';
import * as styles from './user-menu.css.ts';

const UserMenuPopup = lazy(() => import('./user-menu-popup.tsx').then((module) => ({ default: module.UserMenuPopup })));

/**
 * The signed-in member's menu. Its face shows at once; the menu itself (react-aria's), only needed on a press, loads
 * once the first screen is there (first-screen.ts).
 */
export function UserMenu({ user, onLogout }: { user: CurrentUser; onLogout: () => void }) {
  const face = (
    <>
      <Avatar username={user.username} src={user.profilePicture} />
      <span className={styles.triggerName}>{user.username}</span>
      <ChevronDown size={16} aria-hidden />
    </>
  );
  const isFirstScreenDone = useFirstScreenDone();
  const placeholder = <span className={styles.trigger}>{face}</span>;
  if (!isFirstScreenDone) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <UserMenuPopup user={user} onLogout={onLogout}>
        {face}
      </UserMenuPopup>
    </Suspense>
  );
}
