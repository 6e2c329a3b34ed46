import { Label, Slider, SliderOutput, type SliderProps, SliderThumb, SliderTrack } from 'react-aria-components';
import * as styles from './slider-field.css.ts';

interface SliderFieldProps extends Omit<SliderProps<number>, 'className' | 'children'> {
  label: string;
}

/** A labelled single-thumb slider that shows its current value. */
export function SliderField({ label, ...props }: SliderFieldProps) {
  return (
    <Slider {...props} className={styles.slider}>
      <Label className={styles.label}>{label}</Label>
      <SliderOutput className={styles.output} />
      <SliderTrack className={styles.track}>
        {({ state }) => (
          <>
            <span className={styles.fill} style={{ width: `${state.getThumbPercent(0) * 100}%` }} />
            <SliderThumb className={styles.thumb} />
          </>
        )}
      </SliderTrack>
    </Slider>
  );
}
