import { PRESENCE_TEXT } from '@enclave/protocol';
import { useTypingNames } from './typing.ts';
import * as styles from './typing-line.css.ts';

/**
 * "{name} is typing…", for everyone writing to this member or only the one member `only` names. The live region is
 * always there (empty when no one writes), so a screen reader hears each change.
 */
export function TypingLine({
  only,
  reserve = false,
}: {
  only?: { id?: number; username?: string };
  reserve?: boolean;
}) {
  const names = useTypingNames(only);
  return (
    <p className={reserve ? styles.typingReserved : styles.typing} aria-live="polite">
      {names.length > 0 ? PRESENCE_TEXT.typing(names) : null}
    </p>
  );
}
