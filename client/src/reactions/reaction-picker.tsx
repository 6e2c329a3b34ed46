import { REACTION_EMOJI, REACTION_KINDS, REACTION_TEXT, type ReactionKind } from '@enclave/protocol';
import type { RefObject } from 'react';
import { Dialog, Popover } from 'react-aria-components';
import * as styles from './reactions.css.ts';

interface ReactionPickerProps {
  triggerRef: RefObject<HTMLButtonElement | null>;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  mine: ReactionKind[];
  onPick: (kind: ReactionKind) => void;
}

/** The five kinds, beside the "add reaction" button: focus moves in, Escape or a press outside closes it. */
export function ReactionPicker({ triggerRef, isOpen, onOpenChange, mine, onPick }: ReactionPickerProps) {
  return (
    <Popover triggerRef={triggerRef} isOpen={isOpen} onOpenChange={onOpenChange} placement="top start" offset={6}>
      <Dialog className={styles.picker} aria-label={REACTION_TEXT.picker}>
        {REACTION_KINDS.map((kind, index) => (
          <button
            key={kind}
            type="button"
            className={styles.pickerChoice}
            aria-pressed={mine.includes(kind)}
            aria-label={REACTION_TEXT.labels[kind]}
            title={REACTION_TEXT.labels[kind]}
            // biome-ignore lint/a11y/noAutofocus: a picker opened from its button starts on its first choice.
            autoFocus={index === 0}
            onClick={() => onPick(kind)}
          >
            <span aria-hidden>{REACTION_EMOJI[kind]}</span>
          </button>
        ))}
      </Dialog>
    </Popover>
  );
}
