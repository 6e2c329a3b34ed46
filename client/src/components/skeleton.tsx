import type { CSSProperties } from 'react';
import { visuallyHidden } from '../styles/utilities.css.ts';
import * as styles from './skeleton.css.ts';

export function Skeleton({
  width = '100%',
  height = '1rem',
}: {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
}) {
  return <span className={styles.block} style={{ width, height }} aria-hidden />;
}

/** A list of `rows` placeholder rows while its content loads. */
export function LoadingRows({ rows, label }: { rows: number; label: string }) {
  return (
    <div className={styles.list} role="status" aria-busy="true">
      <span className={visuallyHidden}>{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className={styles.row}>
          <Skeleton width="55%" height="1.1rem" />
          <Skeleton />
          <Skeleton width="80%" />
        </div>
      ))}
    </div>
  );
}
