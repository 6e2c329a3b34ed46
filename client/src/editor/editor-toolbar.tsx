import { Bold, Code, Italic, Link, List, type LucideIcon, Quote } from 'lucide-react';
import { type KeyboardEvent, useRef } from 'react';
import type { MarkdownAction } from './markdown-actions.ts';
import * as styles from './markdown-editor.css.ts';

interface Tool {
  action: MarkdownAction;
  label: string;
  icon: LucideIcon;
  /** The key pressed with Ctrl (⌘ on a Mac), as `KeyboardEvent.code`. */
  code: string;
  shift: boolean;
}

/** The toolbar's buttons, in order, and the shortcut of each (the ones GitHub's and Discourse's editors use). */
export const TOOLS: readonly Tool[] = [
  { action: 'bold', label: 'Bold', icon: Bold, code: 'KeyB', shift: false },
  { action: 'italic', label: 'Italic', icon: Italic, code: 'KeyI', shift: false },
  { action: 'link', label: 'Link', icon: Link, code: 'KeyK', shift: false },
  { action: 'quote', label: 'Quote', icon: Quote, code: 'Digit9', shift: true },
  { action: 'code', label: 'Code', icon: Code, code: 'KeyE', shift: false },
  { action: 'list', label: 'Bulleted list', icon: List, code: 'Digit8', shift: true },
];

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** How the shortcut reads on this computer: 'Ctrl+Shift+8', or '⌘⇧8' on a Mac. */
function shortcutText(tool: Tool): string {
  const key = tool.code.replace(/^(Key|Digit)/, '');
  return isMac() ? `⌘${tool.shift ? '⇧' : ''}${key}` : `Ctrl+${tool.shift ? 'Shift+' : ''}${key}`;
}

/** The action a key press asks for: Ctrl (or ⌘) with a tool's key, Shift exactly as the tool says. */
export function actionOfShortcut(event: KeyboardEvent): MarkdownAction | undefined {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return undefined;
  return TOOLS.find((tool) => tool.code === event.code && tool.shift === event.shiftKey)?.action;
}

/**
 * The formatting buttons, as a WAI-ARIA toolbar (one tab stop, arrow keys move between the buttons). A button takes
 * no focus on a press, so the text area keeps its selection, which the button's action applies to.
 */
export function EditorToolbar({ onAction }: { onAction: (action: MarkdownAction) => void }) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = buttons.current.indexOf(document.activeElement as HTMLButtonElement);
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? TOOLS.length - 1
          : step && (at + step + TOOLS.length) % TOOLS.length;
    if (next === undefined || at === -1) return;
    event.preventDefault();
    for (const [index, button] of buttons.current.entries())
      button?.setAttribute('tabindex', index === next ? '0' : '-1');
    buttons.current[next]?.focus();
  };
  return (
    <div role="toolbar" aria-label="Formatting" className={styles.toolbar} onKeyDown={onKeyDown}>
      {TOOLS.map((tool, index) => {
        const shortcut = shortcutText(tool);
        return (
          <button
            key={tool.action}
            ref={(button) => {
              buttons.current[index] = button;
            }}
            type="button"
            tabIndex={index === 0 ? 0 : -1}
            className={styles.toolButton}
            aria-label={tool.label}
            aria-keyshortcuts={`${isMac() ? 'Meta' : 'Control'}+${tool.shift ? 'Shift+' : ''}${tool.code.replace(/^(Key|Digit)/, '')}`}
            title={`${tool.label} (${shortcut})`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onAction(tool.action)}
          >
            <tool.icon size={16} aria-hidden />
          </button>
        );
      })}
    </div>
  );
}
