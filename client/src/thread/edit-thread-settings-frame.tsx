import type { ReactNode } from 'react';
import * as styles from './edit-thread-form.css.ts';
import { card } from './thread.css.ts';

/** The three sections' cards and headings, shown while their fields' code loads. */
export function SettingsPending() {
  return (
    <>
      <Section title="Access Settings" />
      <Section title="Premium Discussion Settings" />
      <Section title="Group Buy Settings" />
    </>
  );
}

/** A card of the edit form, a region named by its heading. */
export function Section({ title, children }: { title: string; children?: ReactNode }) {
  const id = `edit-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <section className={card} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
