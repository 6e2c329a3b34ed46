import * as styles from './avatar.css.ts';

/** Spec: the first 2 letters of the username, uppercased; '??' when there is no user. */
export function initialsOf(username: string | null | undefined): string {
  return username ? username.slice(0, 2).toUpperCase() : '??';
}

export function Avatar({ username }: { username: string | null | undefined }) {
  return (
    <span className={styles.avatar} aria-hidden>
      {initialsOf(username)}
    </span>
  );
}
