import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchFirstScreen } from '../layout/first-screen.ts';
import { mockApi } from '../testing/mock-api.ts';
import { renderWithRouter } from '../testing/render-with-router.tsx';
import { aThread } from '../testing/thread-fixtures.ts';
import { ThreadList } from './thread-list.tsx';

const fifty = Array.from({ length: 50 }, (_, index) => aThread({ id: index + 1, title: `Thread ${index + 1}` }));

describe('a list of threads', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('renders the cards of the first screen with the page, and the rest once the first screen is there', async () => {
    // Nothing is answered (the cards' authors): the list shows without them.
    mockApi({});
    watchFirstScreen(new QueryClient());
    renderWithRouter(<ThreadList threads={fifty} label="Recent threads" />);
    const list = await screen.findByRole('list', { name: 'Recent threads' });
    expect(within(list).getAllByRole('article')).toHaveLength(6);
    expect(within(list).getByText('Thread 1')).toBeTruthy();

    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(50));
    expect(within(list).getByText('Thread 50')).toBeTruthy();
  });

  it('renders whole at once when the first screen is already there (another page)', async () => {
    mockApi({});
    renderWithRouter(<ThreadList threads={fifty} label="Recent threads" />);
    const list = await screen.findByRole('list', { name: 'Recent threads' });
    expect(within(list).getAllByRole('article')).toHaveLength(50);
  });
});
