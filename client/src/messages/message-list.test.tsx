import type { Message } from '@enclave/protocol';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import * as dates from '../components/dates.ts';
import { aMessage } from '../testing/messages.ts';
import { MessageList } from './message-list.tsx';

// Counts the rows rendered: each row formats its date once per render.
vi.mock('../components/dates.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../components/dates.ts')>();
  return { ...actual, formatListDate: vi.fn(actual.formatListDate) };
});

const messages = ['bob', 'carol', 'dave', 'erin'].map((name, at) =>
  aMessage({ id: 10 - at, _senderUsername: name, content: `Hello from ${name}` }),
);

/** The list as the page holds it: opening a row selects it. */
function Inbox({ onOpen }: { onOpen: (message: Message) => void }) {
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const open = (message: Message) => {
    onOpen(message);
    setSelectedId(message.id);
  };
  return <MessageList box="inbox" messages={messages} selectedId={selectedId} onOpen={open} isLoadingOlder={false} />;
}

function renderInbox() {
  const onOpen = vi.fn();
  render(<Inbox onOpen={onOpen} />);
  const rows = within(screen.getByRole('listbox', { name: 'Inbox' })).getAllByRole('option');
  return { onOpen, rows, opened: () => onOpen.mock.calls.map(([message]) => message._senderUsername) };
}

const selected = (rows: HTMLElement[]) => rows.filter((row) => row.getAttribute('aria-selected') === 'true');

describe('the message list', () => {
  it('is one tab stop, the first row until a message is open, then the open one', async () => {
    const user = userEvent.setup();
    const { rows } = renderInbox();
    expect(rows.map((row) => row.tabIndex)).toEqual([0, -1, -1, -1]);
    await user.tab();
    expect(document.activeElement).toBe(rows[0]);

    await user.click(rows[2] as HTMLElement);
    expect(rows.map((row) => row.tabIndex)).toEqual([-1, -1, 0, -1]);
    await user.tab();
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(rows[2]);
  });

  it('moves the focus with the arrow keys, Home and End, and never opens a row by focus alone', async () => {
    const user = userEvent.setup();
    const { rows, onOpen } = renderInbox();
    await user.tab();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(rows[2]);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(rows[1]);
    await user.keyboard('{End}{ArrowDown}');
    expect(document.activeElement).toBe(rows[3]);
    await user.keyboard('{Home}{ArrowUp}');
    expect(document.activeElement).toBe(rows[0]);
    expect(onOpen).not.toHaveBeenCalled();
    expect(selected(rows)).toEqual([]);
  });

  it('opens the focused row with Enter or Space, or a row clicked, and marks the open one selected', async () => {
    const user = userEvent.setup();
    const { rows, opened } = renderInbox();
    await user.tab();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(opened()).toEqual(['carol']);
    expect(selected(rows)).toEqual([rows[1]]);

    await user.keyboard('{ArrowDown} ');
    expect(opened()).toEqual(['carol', 'dave']);
    expect(selected(rows)).toEqual([rows[2]]);

    await user.click(rows[3] as HTMLElement);
    expect(opened()).toEqual(['carol', 'dave', 'erin']);
    expect(selected(rows)).toEqual([rows[3]]);
    expect(rows[0]?.getAttribute('aria-selected')).toBe('false');
  });

  it('renders again only the rows whose selection changed when one opens', async () => {
    const user = userEvent.setup();
    const { rows } = renderInbox();
    await user.click(rows[1] as HTMLElement);
    vi.mocked(dates.formatListDate).mockClear();
    await user.click(rows[3] as HTMLElement);
    expect(dates.formatListDate).toHaveBeenCalledTimes(2);
  });
});
