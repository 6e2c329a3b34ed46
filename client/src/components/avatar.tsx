import * as styles from './avatar.css.ts';

/** Spec: the first 2 letters of the username, uppercased; '??' when there is no user. */
export function initialsOf(username: string | null | undefined): string {
  return username ? username.slice(0, 2).toUpperCase() : '??';
}

interface AvatarProps {
  username: string | null | undefined;
  /** The member's profile picture; the initials show without one. */
  src?: string | null;
  size?: 'sm' | 'lg';
}

export function Avatar({ username, src, size = 'sm' }: AvatarProps) {
  return (
    <span className={styles.avatar[size]} aria-hidden>
      {src ? <img className={styles.picture} src={src} alt="" /> : initialsOf(username)}
    </span>
  );
}
