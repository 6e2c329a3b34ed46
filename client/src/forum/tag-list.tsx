import * as styles from './tag-list.css.ts';

/** Spec 000 §2: a thread's tags, each with a # prefix; nothing when it has none. */
export function TagList({ tags, tone }: { tags: readonly string[]; tone: keyof typeof styles.tag }) {
  if (tags.length === 0) return null;
  return (
    <ul className={styles.tags} aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag} className={styles.tag[tone]}>
          #{tag}
        </li>
      ))}
    </ul>
  );
}
