import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import * as styles from './card.css.ts';

interface CardHeadingProps {
  /** The title's id, which names the card (`aria-labelledby`). */
  id: string;
  title: ReactNode;
  icon?: LucideIcon;
  /** The line of explanation under the title. */
  children: ReactNode;
  /** A `header` where the heading opens a settings card. */
  as?: 'div' | 'header';
}

/** A card's title, with its icon, over a muted line saying what the card is for. */
export function CardHeading({ id, title, icon: Icon, children, as: Element = 'div' }: CardHeadingProps) {
  return (
    <Element className={styles.cardHeading}>
      <h2 id={id} className={styles.cardTitle}>
        {Icon && <Icon size={18} aria-hidden />}
        {title}
      </h2>
      <p className={styles.muted}>{children}</p>
    </Element>
  );
}
