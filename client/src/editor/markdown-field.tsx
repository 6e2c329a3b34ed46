import { type Ref, useEffect, useRef, useState } from 'react';
import { loadOnIntent, useOnIntent } from '../components/on-intent.ts';
import { TextField } from '../components/text-field.tsx';
import type { EditorHandle, MarkdownEditorProps } from './markdown-editor.tsx';

const editor = loadOnIntent(() => import('./markdown-editor.tsx'));

interface MarkdownFieldProps extends MarkdownEditorProps {
  /** Load the editor now, without waiting for the member to reach for the text area (a Reply or Quote asked). */
  isWanted?: boolean;
  ref?: Ref<EditorHandle>;
}

/**
 * The Markdown editor where a page shows it with its first screen (the thread's reply form, the edit page): a plain
 * text area, named and bound like the editor's, until the member reaches for it or a Reply or Quote asks for it; the
 * editor then takes its place with the same text, caret and focus. Its code (tabs, toolbar, shortcuts, suggestions,
 * preview) is thus never part of a page's load (issue #28). The pointer over the text area only loads the code: the
 * swap, which moves what is below (the editor has a row of tabs and buttons above its text area), waits for the focus
 * or a press, so it follows an input and is no layout shift.
 */
export function MarkdownField({ isWanted, ...props }: MarkdownFieldProps) {
  const { module, intent, standInProps } = useOnIntent(editor);
  const selection = useRef<[number, number] | undefined>(undefined);
  const [isReached, setReached] = useState(false);
  if (!isReached && (intent.hasFocus || intent.isPressed || isWanted)) setReached(true);
  const { onPointerEnter: load } = standInProps;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is new each render; what counts is the wish
  useEffect(() => {
    if (isWanted) load();
  }, [isWanted]);
  if (module && isReached) {
    return (
      <module.MarkdownEditor
        {...props}
        autoFocus={props.autoFocus || intent.hasFocus || intent.isPressed}
        initialSelection={selection.current}
      />
    );
  }
  const { label, value, onChange, error, description, placeholder, rows = 6, maxLength, autoFocus, name } = props;
  return (
    <div
      {...standInProps}
      onSelect={(event) => {
        const area = event.target as HTMLTextAreaElement;
        selection.current = [area.selectionStart, area.selectionEnd];
      }}
    >
      <TextField {...{ label, value, onChange, error, description, placeholder, rows, maxLength, autoFocus, name }} />
    </div>
  );
}
