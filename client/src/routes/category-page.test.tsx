import { FORUM_PAGE_TEXT, THREAD_TEXT } from '@enclave/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCreateThreadStore } from '../stores/create-thread-store.ts';
import { aCategory } from '../testing/forum-fixtures.ts';
import { aMember, json, mockApi, signedOut } from '../testing/mock-api.ts';
import { renderApp } from '../testing/render-app.tsx';
import { aThread } from '../testing/thread-fixtures.ts';

const PRIVACY = aCategory({ id: 3, name: 'Privacy Tools', description: 'VPNs, threat models, hardening' });

describe('category page', { timeout: 20_000 }, () => {
  beforeEach(() => useCreateThreadStore.setState({ isOpen: false, categoryId: null }));
  afterEach(() => vi.unstubAllGlobals());

  it("shows the category and its threads, asking the server for this category's threads", async () => {
    const fetchMock = mockApi({
      'GET /api/user': signedOut,
      'GET /api/categories/3': json(PRIVACY),
      'GET /api/threads': json([aThread({ id: 42 }), aThread({ id: 41, title: 'Threat models' })]),
    });
    renderApp('/category/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Tools' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('VPNs, threat models, hardening')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to forums' }).getAttribute('href')).toBe('/forums');
    const list = await screen.findByRole('list', { name: 'Threads' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/threads?categoryId=3&'))).toBe(true);
  });

  it('offers a member to create the first thread of an empty category, with it preselected', async () => {
    mockApi({
      'GET /api/user': json(aMember()),
      'GET /api/categories': json([PRIVACY]),
      'GET /api/categories/3': json(PRIVACY),
      'GET /api/threads': json([]),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/category/3');
    expect(await screen.findByText(THREAD_TEXT.noThreadsInCategory, {}, { timeout: 5000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create the first thread' }));
    expect(useCreateThreadStore.getState()).toMatchObject({ isOpen: true, categoryId: 3 });
    expect(
      await screen.findByRole('dialog', { name: FORUM_PAGE_TEXT.createThreadTitle }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('sends a visitor to sign in from the empty state and the New Thread button', async () => {
    mockApi({
      'GET /api/user': signedOut,
      'GET /api/categories/3': json(PRIVACY),
      'GET /api/threads': json([]),
    });
    renderApp('/category/3');
    const first = await screen.findByRole('link', { name: 'Create the first thread' }, { timeout: 5000 });
    expect(first.getAttribute('href')).toBe('/auth');
    expect(screen.getByRole('link', { name: 'Login to Create Thread' }).getAttribute('href')).toBe('/auth');
  });

  it("says 'Error Loading Category' for a category that does not exist", async () => {
    mockApi({
      'GET /api/user': signedOut,
      'GET /api/categories/99': json({ message: 'Category not found', code: 'NOT_FOUND' }, 404),
      'GET /api/threads': json([]),
    });
    renderApp('/category/99');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByRole('heading', { name: FORUM_PAGE_TEXT.errorLoadingCategory })).toBeTruthy();
    expect(within(alert).getByText('Category not found')).toBeTruthy();
  });

  it("says 'Error Loading Category' without asking the server for an id that is not a number", async () => {
    const fetchMock = mockApi({ 'GET /api/user': signedOut });
    renderApp('/category/abc');
    await screen.findByRole('heading', { name: FORUM_PAGE_TEXT.errorLoadingCategory }, { timeout: 5000 });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/categories/'))).toBe(false),
    );
  });

  it("says 'Error loading threads' when the list fails", async () => {
    mockApi({
      'GET /api/user': signedOut,
      'GET /api/categories/3': json(PRIVACY),
      'GET /api/threads': json({ message: 'Database unavailable' }, 503),
    });
    renderApp('/category/3');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByText(FORUM_PAGE_TEXT.errorLoadingThreads)).toBeTruthy();
  });
});
