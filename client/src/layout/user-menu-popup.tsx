import type { CurrentUser } from '@enclave/protocol';
import { createLink } from '@tanstack/react-router';
import { LogOut, Mail, UserRound, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, Header, Menu, MenuItem, MenuSection, MenuTrigger, Popover, Separator } from 'react-aria-components';
import type { Intent } from '../components/on-intent.ts';
import * as styles from './user-menu.css.ts';

const MenuItemLink = createLink(MenuItem);

/** The user menu's button (showing `children`) and its popover of entries. */
export function UserMenuPopup({
  user,
  onLogout,
  label,
  intent,
  children,
}: {
  user: CurrentUser;
  onLogout: () => void;
  label: string;
  /** What the member did to the stand-in before this loaded (components/on-intent.ts). */
  intent: Intent;
  children: ReactNode;
}) {
  return (
    <MenuTrigger defaultOpen={intent.isPressed}>
      <Button className={styles.trigger} aria-label={label} autoFocus={intent.hasFocus}>
        {children}
      </Button>
      <Popover className={styles.popover} placement="bottom end">
        <Menu className={styles.menu}>
          <MenuSection>
            <Header className={styles.identity}>
              <span className={styles.name}>{user.username}</span>
              <span className={styles.role}>{user.isAdmin ? 'Administrator' : 'Member'}</span>
            </Header>
            <MenuItemLink to="/profile" textValue="Profile" className={styles.item}>
              <UserRound size={16} aria-hidden />
              Profile
            </MenuItemLink>
            <MenuItemLink to="/wallet" textValue="My Wallet" className={styles.item}>
              <Wallet size={16} aria-hidden />
              My Wallet
            </MenuItemLink>
            <MenuItemLink to="/messages" textValue="Messages" className={styles.item}>
              <Mail size={16} aria-hidden />
              Messages
            </MenuItemLink>
          </MenuSection>
          <Separator className={styles.separator} />
          <MenuItem textValue="Log out" className={styles.item} onAction={onLogout}>
            <LogOut size={16} aria-hidden />
            Log out
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
