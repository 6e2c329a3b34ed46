import type { Edit } from './markdown-actions.ts';

/**
 * Makes an edit in a text area as typing would, so the browser's undo (Ctrl+Z) takes it back: `insertText` is the
 * one way a page adds to a field's own undo history. Where the browser has no such command (or refuses it), the
 * value is set and an input event sent, which React's onChange hears; undo then skips the edit.
 */
export function editTextArea(textarea: HTMLTextAreaElement, edit: Edit): void {
  textarea.focus();
  textarea.setSelectionRange(edit.from, edit.to);
  const expected = textarea.value.slice(0, edit.from) + edit.text + textarea.value.slice(edit.to);
  const inserted = edit.text === '' ? runCommand('delete') : runCommand('insertText', edit.text);
  if (!inserted || textarea.value !== expected) setValue(textarea, expected);
  textarea.setSelectionRange(...edit.select);
}

function runCommand(command: string, text?: string): boolean {
  try {
    return typeof document.execCommand === 'function' && document.execCommand(command, false, text);
  } catch {
    return false;
  }
}

/** Sets a controlled text area's value the way React notices (its own setter is bypassed by the prototype's). */
function setValue(textarea: HTMLTextAreaElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
  setter?.call(textarea, value);
  textarea.dispatchEvent(new Event('input', { bubbles: true }));
}
