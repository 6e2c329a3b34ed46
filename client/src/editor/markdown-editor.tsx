import { type KeyboardEvent, type Ref, useId, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import * as tabStyles from '../components/tabs.css.ts';
import * as fieldStyles from '../components/text-field.css.ts';
import { EditorPreview } from './editor-preview.tsx';
import { actionOfShortcut, EditorToolbar } from './editor-toolbar.tsx';
import { type Edit, editFor, type MarkdownAction } from './markdown-actions.ts';
import * as styles from './markdown-editor.css.ts';
import { MentionList, optionId, useMentionSuggestions } from './mention-suggestions.tsx';
import { editTextArea } from './text-edits.ts';

/** What a form around the editor can do to it (the thread page's Reply and Quote). */
export interface EditorHandle {
  /** Makes an edit as typing would (undo takes it back), then shows the text area and focuses it. */
  edit: (make: (value: string) => Edit) => void;
}

export interface MarkdownEditorProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The validation or server text shown under the editor; marks the text area invalid. */
  error?: string;
  description?: string;
  placeholder?: string;
  rows?: number;
  maxLength?: number;
  autoFocus?: boolean;
  name?: string;
  /** Where the text area starts its selection (a stand-in's, when the editor takes its place). */
  initialSelection?: [number, number];
  ref?: Ref<EditorHandle>;
}

type Tab = 'write' | 'preview';
const TABS: readonly { id: Tab; label: string }[] = [
  { id: 'write', label: 'Write' },
  { id: 'preview', label: 'Preview' },
];

/**
 * A Markdown text area with Write and Preview tabs, a formatting toolbar, shortcuts and `@` suggestions. Its own two
 * tabs rather than SegmentedTabs: both panels stay mounted (the text area keeps its undo history and selection while
 * the preview shows), and the toolbar shares the tabs' row.
 */
export function MarkdownEditor({
  label,
  value,
  onChange,
  error,
  description,
  rows = 6,
  initialSelection,
  ref,
  ...passed
}: MarkdownEditorProps) {
  const id = useId();
  const textArea = useRef<HTMLTextAreaElement>(null);
  const tabButtons = useRef(new Map<Tab, HTMLButtonElement>());
  const [tab, setTab] = useState<Tab>('write');
  const [caret, setCaret] = useState<number | null>(null);
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const listId = `${id}-members`;

  const edit = (make: (value: string) => Edit) => {
    // A Reply or Quote while the preview shows: the text area must be shown before it can take the focus and the text.
    if (textArea.current?.closest('[hidden]')) flushSync(() => setTab('write'));
    const area = textArea.current;
    if (!area) return;
    editTextArea(area, make(area.value));
    setCaret(area.selectionEnd);
  };
  // One handle for the editor's life: `edit` reads the text area itself, so it never goes stale.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useImperativeHandle(ref, () => ({ edit }), []);
  // Taking a stand-in's place, the text area goes on where the member's caret was.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as it mounts
  useLayoutEffect(() => {
    if (initialSelection) textArea.current?.setSelectionRange(...initialSelection);
  }, []);

  const mentions = useMentionSuggestions(value, caret, (token, username) => {
    const text = `@${username} `;
    const end = token.at + text.length;
    edit(() => ({ from: token.at, to: token.at + 1 + token.prefix.length, text, select: [end, end] }));
  });

  const act = (action: MarkdownAction) =>
    edit((current) => {
      const area = textArea.current;
      return editFor(action, { value: current, start: area?.selectionStart ?? 0, end: area?.selectionEnd ?? 0 });
    });

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mentions.onKeyDown(event)) return;
    const action = actionOfShortcut(event);
    if (action) {
      event.preventDefault();
      act(action);
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  };

  const chooseTab = (next: Tab) => {
    setTab(next);
    tabButtons.current.get(next)?.focus();
  };
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next =
      event.key === 'Home' ? 'write' : event.key === 'End' ? 'preview' : tab === 'write' ? 'preview' : 'write';
    chooseTab(next);
  };
  const tabId = (of: Tab) => `${id}-${of}-tab`;
  const panelId = (of: Tab) => `${id}-${of}-panel`;

  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <div className={styles.bar}>
        <div role="tablist" aria-label="Write or preview" className={`${tabStyles.segments} ${styles.tabList}`}>
          {TABS.map((each) => (
            <button
              key={each.id}
              ref={(button) => {
                if (button) tabButtons.current.set(each.id, button);
              }}
              type="button"
              role="tab"
              id={tabId(each.id)}
              aria-selected={tab === each.id}
              aria-controls={panelId(each.id)}
              tabIndex={tab === each.id ? 0 : -1}
              data-selected={tab === each.id || undefined}
              className={tabStyles.tab}
              onClick={() => setTab(each.id)}
              onKeyDown={onTabKey}
            >
              {each.label}
            </button>
          ))}
        </div>
        {tab === 'write' && <EditorToolbar onAction={act} />}
      </div>
      <div
        role="tabpanel"
        id={panelId('write')}
        aria-labelledby={tabId('write')}
        hidden={tab !== 'write'}
        className={styles.writePanel}
      >
        <textarea
          {...passed}
          ref={textArea}
          id={id}
          rows={rows}
          value={value}
          className={fieldStyles.textArea}
          aria-invalid={error ? true : undefined}
          aria-describedby={[descriptionId, errorId].filter(Boolean).join(' ') || undefined}
          aria-autocomplete="list"
          aria-controls={mentions.state.isOpen ? listId : undefined}
          aria-activedescendant={mentions.state.isOpen ? optionId(listId, mentions.state.active) : undefined}
          onChange={(event) => {
            onChange(event.currentTarget.value);
            setCaret(event.currentTarget.selectionEnd);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionEnd)}
          onBlur={() => setCaret(null)}
          onKeyDown={onKeyDown}
        />
        <MentionList id={listId} state={mentions.state} onChoose={mentions.choose} />
      </div>
      <div role="tabpanel" id={panelId('preview')} aria-labelledby={tabId('preview')} hidden={tab !== 'preview'}>
        {tab === 'preview' && <EditorPreview content={value} />}
      </div>
      {description && (
        <span id={descriptionId} className={fieldStyles.description}>
          {description}
        </span>
      )}
      {error && (
        <span id={errorId} className={fieldStyles.error}>
          {error}
        </span>
      )}
    </div>
  );
}
