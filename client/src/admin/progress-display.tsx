import { Label, ProgressBar } from 'react-aria-components';
import * as styles from './database.css.ts';

/** A labelled progress bar; without a value it shows that work is under way without claiming how much. */
export function ProgressDisplay({ label, value }: { label: string; value?: number }) {
  return (
    <ProgressBar className={styles.progress} value={value} isIndeterminate={value === undefined}>
      {({ percentage, valueText }) => (
        <>
          <div className={styles.progressHead}>
            <Label>{label}</Label>
            {value !== undefined && <span>{valueText}</span>}
          </div>
          <div className={styles.track}>
            <div
              className={value === undefined ? styles.indeterminate : styles.fill}
              style={value === undefined ? undefined : { width: `${percentage}%` }}
            />
          </div>
        </>
      )}
    </ProgressBar>
  );
}
