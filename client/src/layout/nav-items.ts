import type { CurrentUser } from '@enclave/protocol';
import {
  Coins,
  House,
  Lock,
  type LucideIcon,
  Mail,
  MessagesSquare,
  ReceiptText,
  ShieldCheck,
  UserRound,
  Wallet,
} from 'lucide-react';
import { isStaff } from '../session/use-session.ts';
import type { NavBadgeKind } from './nav-badge.tsx';

export type NavPath = '/' | '/forums' | '/messages' | '/admin' | '/wallet' | '/transactions' | '/profile' | '/privacy';

export interface NavEntry {
  to: NavPath;
  label: string;
  icon: LucideIcon;
  /** Spec 000 §6: the header's Admin link is for administrators; the menus' admin entry for all staff. */
  audience?: 'admin' | 'staff';
  /** A live count shown on the entry (the unread messages on Messages). */
  badge?: NavBadgeKind;
}

export interface NavGroup {
  title: string;
  entries: NavEntry[];
}

export const HOME_ENTRY: NavEntry = { to: '/', label: 'Home', icon: House };
const forums: NavEntry = { to: '/forums', label: 'Forums', icon: MessagesSquare };
const messages: NavEntry = { to: '/messages', label: 'Messages', icon: Mail, badge: 'unreadMessages' };
const profile: NavEntry = { to: '/profile', label: 'Profile', icon: UserRound };

export const HEADER_LINKS: NavEntry[] = [
  HOME_ENTRY,
  forums,
  { to: '/wallet', label: 'Wallet', icon: Wallet },
  messages,
  { to: '/admin', label: 'Admin', icon: ShieldCheck, audience: 'admin' },
];

export const SIDE_MENU_GROUPS: NavGroup[] = [
  {
    title: 'Main',
    entries: [
      HOME_ENTRY,
      forums,
      messages,
      { to: '/admin', label: 'Admin Area', icon: ShieldCheck, audience: 'staff' },
    ],
  },
  {
    title: 'Wallet',
    entries: [
      { to: '/wallet', label: 'Buy Coins', icon: Coins },
      { to: '/transactions', label: 'Transactions', icon: ReceiptText },
    ],
  },
  { title: 'Settings', entries: [profile, { to: '/privacy', label: 'Privacy', icon: Lock }] },
];

export const BOTTOM_BAR_ENTRIES: NavEntry[] = [
  HOME_ENTRY,
  forums,
  messages,
  { to: '/wallet', label: 'Wallet', icon: Wallet },
  profile,
  { to: '/admin', label: 'Admin', icon: ShieldCheck, audience: 'staff' },
];

export function visibleEntries(entries: NavEntry[], user: CurrentUser | null): NavEntry[] {
  return entries.filter(
    (entry) => !entry.audience || (entry.audience === 'admin' ? Boolean(user?.isAdmin) : isStaff(user)),
  );
}

/** '/' is active only on the home page itself; other entries also cover their sub-paths. */
export function activeOptionsFor(to: NavPath) {
  return { exact: to === '/', includeSearch: false };
}
