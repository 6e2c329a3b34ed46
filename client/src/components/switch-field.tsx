import { Switch, type SwitchProps } from 'react-aria-components';
import * as styles from './switch-field.css.ts';

interface SwitchFieldProps extends Omit<SwitchProps, 'className' | 'children'> {
  label: string;
  description?: string;
}

/** A labelled on/off switch with an explanation under its label. */
export function SwitchField({ label, description, ...props }: SwitchFieldProps) {
  return (
    <Switch {...props} className={styles.field}>
      <span className={styles.text}>
        <span className={styles.label}>{label}</span>
        {description && <span className={styles.description}>{description}</span>}
      </span>
      <span className={styles.track} aria-hidden>
        <span className={styles.thumb} />
      </span>
    </Switch>
  );
}
