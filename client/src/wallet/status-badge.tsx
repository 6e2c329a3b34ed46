import { CircleCheck, CircleX, Clock, type LucideIcon } from 'lucide-react';
import * as styles from './status-badge.css.ts';

export type StatusTone = keyof typeof styles.badge;

const ICONS: Record<StatusTone, LucideIcon | null> = {
  success: CircleCheck,
  pending: Clock,
  danger: CircleX,
  neutral: null,
};

export function StatusBadge({ tone, children }: { tone: StatusTone; children: string }) {
  const Icon = ICONS[tone];
  return (
    <span className={styles.badge[tone]}>
      {Icon && <Icon size={12} aria-hidden />}
      {children}
    </span>
  );
}
