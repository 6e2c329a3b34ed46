import type { CurrentUser } from '@enclave/protocol';
import { ChevronDown } from 'lucide-react';
import { Avatar } from '../components/avatar.tsx';
import { loadOnIntent, useOnIntent } from '../components/on-intent.ts';
import * as styles from './user-menu.css.ts';

const userMenuPopup = loadOnIntent(() => import('./user-menu-popup.tsx'));

/**
 * The signed-in member's menu. Its face shows at once; the menu itself (react-aria's), only needed on a press, loads
 * when the member reaches for it (components/on-intent.ts).
 */
export function UserMenu({ user, onLogout }: { user: CurrentUser; onLogout: () => void }) {
  const face = (
    <>
      <Avatar username={user.username} src={user.profilePicture} />
      <span className={styles.triggerName}>{user.username}</span>
      <ChevronDown size={16} aria-hidden />
    </>
  );
  const { module, intent, standInProps } = useOnIntent(userMenuPopup);
  const label = `Account menu for ${user.username}`;
  return module ? (
    <module.UserMenuPopup user={user} onLogout={onLogout} label={label} intent={intent}>
      {face}
    </module.UserMenuPopup>
  ) : (
    <button type="button" className={styles.trigger} aria-label={label} {...standInProps}>
      {face}
    </button>
  );
}
