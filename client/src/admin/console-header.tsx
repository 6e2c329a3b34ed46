import { CONSOLE_TEXT, STATS_RANGES, type StatsRange } from '@enclave/protocol';
import { ArrowLeft } from 'lucide-react';
import * as page from '../components/page.css.ts';
import { RouterLink } from '../components/router-link.tsx';
import { SelectField } from '../components/select-field.tsx';
import * as styles from './console.css.ts';

const RANGE_OPTIONS = STATS_RANGES.map((value) => ({ value, label: CONSOLE_TEXT.stats.ranges[value] }));

/** Spec 001 §2: the console's title, the way back to the forum and the stats' time range. */
export function ConsoleHeader({
  range,
  onRangeChange,
}: {
  range: StatsRange;
  onRangeChange: (range: StatsRange) => void;
}) {
  return (
    <header className={`${page.titleBar} ${styles.titleBar}`}>
      <div className={styles.heading}>
        <RouterLink to="/" className={`${page.backLink} ${styles.back}`}>
          <ArrowLeft size={16} aria-hidden />
          {CONSOLE_TEXT.backToForum}
        </RouterLink>
        <h1 className={`${page.title} ${styles.title}`}>{CONSOLE_TEXT.title}</h1>
        <p className={`${page.lead} ${styles.lead}`}>Members, content, reports and the forum's settings.</p>
      </div>
      <div className={styles.range}>
        <SelectField
          label="Time range"
          labelClassName={styles.rangeLabel}
          options={RANGE_OPTIONS}
          value={range}
          onChange={onRangeChange}
        />
      </div>
    </header>
  );
}
