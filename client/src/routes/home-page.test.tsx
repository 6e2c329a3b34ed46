import { HOME, THREAD_TEXT } from '@enclave/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aCategory } from '../testing/forum-fixtures.ts';
import { aMember, json, mockApi, signedOut } from '../testing/mock-api.ts';
import { renderApp } from '../testing/render-app.tsx';
import { openSelect } from '../testing/select.ts';
import { aThread } from '../testing/thread-fixtures.ts';

const CATEGORIES = [
  aCategory({ id: 1, name: 'General Discussion', icon: 'MessageSquare', threadCount: 3 }),
  aCategory({ id: 3, name: 'Privacy Tools', threadCount: 2 }),
];

const THREADS = [
  aThread({ id: 5, title: 'Welcome, new members', content: 'Say hello here.', tags: ['intro'], categoryId: 1 }),
  aThread({ id: 4, title: 'Self-hosting a VPN', content: 'Cheap and fast.', tags: ['WireGuard'], categoryId: 3 }),
  aThread({ id: 3, title: 'Forum rules', content: 'Be kind to each other.', tags: [], categoryId: 1 }),
  aThread({ id: 2, title: 'Threat models', content: 'Who are you hiding from?', tags: ['opsec'], categoryId: 3 }),
  aThread({ id: 1, title: 'Off-topic corner', content: 'Anything goes.', tags: [], categoryId: 1 }),
];

const shownTitles = () =>
  within(screen.getByRole('list', { name: 'Recent threads' }))
    .getAllByRole('article')
    .map((card) => within(card).getByRole('heading').textContent);

function mockHome(routes: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/user': signedOut,
    'GET /api/categories': json(CATEGORIES),
    'GET /api/threads': json(THREADS),
    ...routes,
  });
}

describe('home page', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows placeholders while loading: 3 for threads, 4 for categories', async () => {
    mockApi({ 'GET /api/user': signedOut });
    renderApp('/');
    const threads = (await screen.findByText('Loading threads', {}, { timeout: 5000 })).parentElement;
    const categories = screen.getByText('Loading categories').parentElement;
    // Each list holds its hidden label and one element per placeholder.
    expect(threads?.children).toHaveLength(HOME.threadPlaceholders + 1);
    expect(categories?.children).toHaveLength(HOME.categoryPlaceholders + 1);
  });

  it('invites a visitor to sign in', async () => {
    mockHome({ 'GET /api/threads': json([]) });
    renderApp('/');
    const signIn = await screen.findByRole('link', { name: 'Sign in to Get Started' }, { timeout: 5000 });
    expect(signIn.getAttribute('href')).toBe('/auth');
    expect(await screen.findByText(THREAD_TEXT.noThreads)).toBeTruthy();
    const logins = screen.getAllByRole('link', { name: 'Login to Create Thread' });
    expect(logins).toHaveLength(2);
    for (const link of logins) expect(link.getAttribute('href')).toBe('/auth');
    expect(screen.queryByRole('button', { name: 'Start a New Thread' })).toBeNull();
  });

  it('offers a member to start a thread', async () => {
    mockHome({ 'GET /api/user': json(aMember()), 'GET /api/threads': json([]) });
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Start a New Thread' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New Thread' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Create a Thread' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Login to Create Thread' })).toBeNull();
  });

  it('lists the categories as cards with their thread counts', async () => {
    mockHome();
    renderApp('/');
    const grid = await screen.findByRole('list', { name: 'Categories' }, { timeout: 5000 });
    const cards = within(grid).getAllByRole('link');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(['/category/1', '/category/3']);
    expect(within(cards[0] as HTMLElement).getByText('3 threads')).toBeTruthy();
  });

  it('shows the first 3 threads, then all with Load More and 3 again with Show Less', async () => {
    mockHome();
    const user = userEvent.setup({ delay: null });
    renderApp('/');
    await screen.findByRole('list', { name: 'Recent threads' }, { timeout: 5000 });
    expect(shownTitles()).toEqual(['Welcome, new members', 'Self-hosting a VPN', 'Forum rules']);

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(shownTitles()).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Show Less' }));
    expect(shownTitles()).toHaveLength(HOME.recentThreadsBeforeLoadMore);
  });

  it('searches title, content and tags, ignoring case, and asks the server too', async () => {
    const fetchMock = mockHome();
    const user = userEvent.setup({ delay: null });
    renderApp('/');
    await screen.findByRole('list', { name: 'Recent threads' }, { timeout: 5000 });
    const search = screen.getByLabelText('Search threads');

    await user.type(search, 'wireguard');
    expect(shownTitles()).toEqual(['Self-hosting a VPN']);
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/threads?q=wireguard')).toBe(true),
    );

    await user.clear(search);
    await user.type(search, 'KIND');
    expect(shownTitles()).toEqual(['Forum rules']);

    await user.clear(search);
    await user.type(search, 'threat');
    expect(shownTitles()).toEqual(['Threat models']);

    await user.type(search, 'nothing like this');
    expect(await screen.findByText(THREAD_TEXT.noThreads)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Login to Create Thread' }).length).toBeGreaterThan(0);
  });

  it('filters by category', async () => {
    const fetchMock = mockHome();
    const user = userEvent.setup({ delay: null });
    renderApp('/');
    await screen.findByRole('list', { name: 'Recent threads' }, { timeout: 5000 });
    await openSelect(user, () => screen.getByRole('button', { name: /Category/ }));
    await user.click(await screen.findByRole('option', { name: 'Privacy Tools' }));
    expect(shownTitles()).toEqual(['Self-hosting a VPN', 'Threat models']);
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/threads?categoryId=3')).toBe(true);

    await openSelect(user, () => screen.getByRole('button', { name: /Category/ }));
    await user.click(await screen.findByRole('option', { name: 'All Categories' }));
    expect(shownTitles()).toHaveLength(HOME.recentThreadsBeforeLoadMore);
  });

  it("says 'Error loading threads' with the server's reason", async () => {
    mockHome({ 'GET /api/threads': json({ message: 'Database unavailable' }, 503) });
    renderApp('/');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByText('Error loading threads')).toBeTruthy();
    expect(within(alert).getByText('Database unavailable')).toBeTruthy();
  });
});
