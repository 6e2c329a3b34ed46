import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, type Ref, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/query-client.ts';
import { callsTo, json, mockApi } from '../testing/mock-api.ts';
import { appendEdit } from './markdown-actions.ts';
import { type EditorHandle, MarkdownEditor } from './markdown-editor.tsx';

function Editor({ initial, handle }: { initial: string; handle?: Ref<EditorHandle> }) {
  const [value, setValue] = useState(initial);
  return <MarkdownEditor label="Your reply" value={value} onChange={setValue} ref={handle} />;
}

function renderEditor(initial = '', handle?: Ref<EditorHandle>) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Editor initial={initial} handle={handle} />
    </QueryClientProvider>,
  );
  return screen.getByLabelText('Your reply') as HTMLTextAreaElement;
}

const selectedText = (area: HTMLTextAreaElement) => area.value.slice(area.selectionStart, area.selectionEnd);

afterEach(() => vi.unstubAllGlobals());

describe('the Markdown editor', () => {
  it('has a toolbar whose buttons are named and show their shortcut', () => {
    renderEditor();
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    const names = within(toolbar)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual(['Bold', 'Italic', 'Link', 'Quote', 'Code', 'Bulleted list']);
    expect(within(toolbar).getByRole('button', { name: 'Bold' }).getAttribute('title')).toBe('Bold (Ctrl+B)');
    expect(within(toolbar).getByRole('button', { name: 'Bulleted list' }).getAttribute('title')).toBe(
      'Bulleted list (Ctrl+Shift+8)',
    );
  });

  it('wraps the selection in bold, and takes the marks off when pressed again', async () => {
    const area = renderEditor('hello world');
    area.setSelectionRange(6, 11);
    await userEvent.click(screen.getByRole('button', { name: 'Bold' }));
    expect(area.value).toBe('hello **world**');
    expect(selectedText(area)).toBe('world');
    await userEvent.click(screen.getByRole('button', { name: 'Bold' }));
    expect(area.value).toBe('hello world');
  });

  it('inserts a selected placeholder with nothing selected, which typing replaces', async () => {
    const user = userEvent.setup();
    const area = renderEditor();
    await user.click(area);
    await user.click(screen.getByRole('button', { name: 'Italic' }));
    expect(area.value).toBe('_italic text_');
    expect(selectedText(area)).toBe('italic text');
    await user.keyboard('words');
    expect(area.value).toBe('_words_');
  });

  it('quotes and lists whole lines, apart from the text before them', async () => {
    const area = renderEditor('Intro\nfirst\nsecond');
    area.setSelectionRange(6, 18);
    await userEvent.click(screen.getByRole('button', { name: 'Quote' }));
    expect(area.value).toBe('Intro\n\n> first\n> second');
    area.setSelectionRange(0, 0);
    await userEvent.click(screen.getByRole('button', { name: 'Bulleted list' }));
    expect(area.value).toBe('- Intro\n\n> first\n> second');
  });

  it('answers the keyboard shortcuts', () => {
    const area = renderEditor('see docs');
    const press = (code: string, key: string, shiftKey = false) =>
      fireEvent.keyDown(area, { code, key, ctrlKey: true, shiftKey });
    area.setSelectionRange(4, 8);
    press('KeyK', 'k');
    expect(area.value).toBe('see [docs](url)');
    expect(selectedText(area)).toBe('url');
    area.setSelectionRange(0, 3);
    press('KeyE', 'e');
    expect(area.value).toBe('`see` [docs](url)');
    area.setSelectionRange(0, 0);
    press('Digit9', '(', true);
    expect(area.value).toBe('> `see` [docs](url)');
    area.setSelectionRange(2, 2);
    press('Digit8', '*', true);
    expect(area.value).toBe('- > `see` [docs](url)');
  });

  it('shows the server’s preview in the Preview tab, and its error inline', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({ 'POST /api/preview': json({ cooked: '<p><strong>bold</strong> move</p>' }) });
    const area = renderEditor('**bold** move');
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    const strong = await screen.findByText('bold', { selector: 'strong' });
    expect(strong).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/preview')[0]?.body).toEqual({ content: '**bold** move' });
    expect(screen.queryByRole('toolbar')).toBeNull();

    // Arrow keys move between the tabs; the text area kept its text while hidden.
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Write' }).getAttribute('aria-selected')).toBe('true');
    expect(area.value).toBe('**bold** move');

    mockApi({ 'POST /api/preview': json({ message: 'Content is required', code: 'VALIDATION' }, 400) });
    await user.type(area, '!');
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Content is required');
  });

  it('suggests members after @ and picks one with the keyboard', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      'GET /api/users/suggestions': json([
        { id: 2, username: 'alice', profilePicture: null },
        { id: 3, username: 'alina', profilePicture: null },
      ]),
    });
    const area = renderEditor();
    await user.type(area, 'thanks @al');
    const list = await screen.findByRole('listbox', { name: 'Members' });
    expect(callsTo(fetchMock, 'GET /api/users/suggestions').length).toBeGreaterThan(0);
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['ALalice', 'ALalina']);
    expect(area.getAttribute('aria-activedescendant')).toBe(options[0]?.id);

    await user.keyboard('{ArrowDown}');
    expect(area.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    expect(options[1]?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect(area.value).toBe('thanks @alina ');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('closes the suggestions on Escape until another mention starts', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/users/suggestions': json([{ id: 2, username: 'alice', profilePicture: null }]) });
    const area = renderEditor();
    await user.type(area, 'and @al');
    await screen.findByRole('listbox', { name: 'Members' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(area.getAttribute('aria-activedescendant')).toBeNull();
    await user.keyboard('i');
    expect(area.value).toBe('and @ali');
    await user.keyboard(' @al');
    expect(await screen.findByRole('listbox', { name: 'Members' })).toBeTruthy();
  });

  it('takes a Reply or Quote while the preview shows: back to Write, the text added, the text area focused', async () => {
    mockApi({ 'POST /api/preview': json({ cooked: '<p>Draft</p>' }) });
    const handle = createRef<EditorHandle>();
    const area = renderEditor('Draft', handle);
    await userEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    await screen.findByText('Draft', { selector: 'p' });
    act(() => handle.current?.edit((value) => appendEdit(value, '> quoted\n\n', true)));
    expect(screen.getByRole('tab', { name: 'Write' }).getAttribute('aria-selected')).toBe('true');
    expect(area.value).toBe('Draft\n\n> quoted\n\n');
    expect(document.activeElement).toBe(area);
  });
});
