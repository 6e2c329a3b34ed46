import { AUTH_TEXT, FORUM_PAGE_TEXT, THREAD_TEXT, VALIDATION } from '@enclave/protocol';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openCreateThread, useCreateThreadStore } from '../stores/create-thread-store.ts';
import { useToastStore } from '../stores/toast-store.ts';
import { aCategory } from '../testing/forum-fixtures.ts';
import { aMember, callsTo, json, mockApi, signedOut } from '../testing/mock-api.ts';
import { renderApp } from '../testing/render-app.tsx';
import { aThread } from '../testing/thread-fixtures.ts';

const CATEGORIES = [
  aCategory({ id: 1, name: 'General Discussion', icon: 'MessageSquare', color: 'primary' }),
  aCategory({ id: 3, name: 'Privacy Tools' }),
];

const shownToast = () => useToastStore.getState().toasts.find((toast) => toast.open);

function mockForum(routes: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/user': json(aMember()),
    'GET /api/categories': json(CATEGORIES),
    'GET /api/threads': json([]),
    'POST /api/threads': json(aThread({ id: 99, isApproved: false }), 201),
    ...routes,
  });
}

async function openFromHome() {
  const user = userEvent.setup({ delay: null });
  const app = renderApp('/');
  await user.click(await screen.findByRole('button', { name: 'Start a New Thread' }, { timeout: 5000 }));
  const dialog = await screen.findByRole('dialog', { name: FORUM_PAGE_TEXT.createThreadTitle }, { timeout: 5000 });
  return { user, dialog, ...app };
}

const switchNamed = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('switch', { name: new RegExp(`^${name}`) }) as HTMLInputElement;

async function fillRequired(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.click(within(dialog).getByLabelText('Title'));
  await user.paste('Sharing a VPN setup');
  await user.click(within(dialog).getByLabelText('Content'));
  await user.paste('WireGuard on a small VPS.');
}

describe('Create New Thread dialog', { timeout: 20_000 }, () => {
  beforeEach(() => {
    useCreateThreadStore.setState({ isOpen: false, categoryId: null });
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts from the spec defaults', async () => {
    mockForum();
    const { user, dialog } = await openFromHome();
    const categorySelect = within(dialog).getByRole('button', { name: /Category/ });
    await waitFor(() => expect(categorySelect.textContent).toContain('General Discussion'));
    for (const name of ['Premium Thread', 'Private Thread', FORUM_PAGE_TEXT.premiumDiscussion, 'Group Buy']) {
      expect(switchNamed(dialog, name).checked).toBe(false);
    }

    await user.click(switchNamed(dialog, 'Premium Thread'));
    expect((within(dialog).getByLabelText('Premium cost (coins)') as HTMLInputElement).value).toBe('50');
    await user.click(switchNamed(dialog, FORUM_PAGE_TEXT.premiumDiscussion));
    expect((within(dialog).getByLabelText('Unlock cost (coins)') as HTMLInputElement).value).toBe('25');
    expect(within(dialog).getByRole('button', { name: /Type/ }).textContent).toContain('Download link');
    await user.click(switchNamed(dialog, 'Group Buy'));
    expect((within(dialog).getByLabelText('Participants required') as HTMLInputElement).value).toBe('5');
    expect((within(dialog).getByLabelText('Contribution per member (coins)') as HTMLInputElement).value).toBe('25');
  });

  it("starts private when the member's privacy setting says so", async () => {
    mockForum({ 'GET /api/user': json(aMember({ privacy: { defaultThreadPrivate: true, hideProfile: false } })) });
    const { dialog } = await openFromHome();
    expect(switchNamed(dialog, 'Private Thread').checked).toBe(true);
  });

  it('turns the Premium Private Discussion off when Group Buy goes on, and the other way round', async () => {
    mockForum();
    const { user, dialog } = await openFromHome();
    await user.click(switchNamed(dialog, FORUM_PAGE_TEXT.premiumDiscussion));
    await user.click(switchNamed(dialog, 'Group Buy'));
    expect(switchNamed(dialog, 'Group Buy').checked).toBe(true);
    expect(switchNamed(dialog, FORUM_PAGE_TEXT.premiumDiscussion).checked).toBe(false);

    await user.click(switchNamed(dialog, FORUM_PAGE_TEXT.premiumDiscussion));
    expect(switchNamed(dialog, FORUM_PAGE_TEXT.premiumDiscussion).checked).toBe(true);
    expect(switchNamed(dialog, 'Group Buy').checked).toBe(false);
  });

  it('refuses an empty title or content with the spec texts before calling the server', async () => {
    const fetchMock = mockForum();
    const { user, dialog } = await openFromHome();
    await user.click(within(dialog).getByRole('button', { name: 'Create Thread' }));
    expect(within(dialog).getByText(VALIDATION.titleRequired)).toBeTruthy();
    expect(within(dialog).getByText(VALIDATION.contentRequired)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/threads')).toHaveLength(0);
  });

  it('refuses an empty group-buy participant count or contribution with the spec texts', async () => {
    const fetchMock = mockForum();
    const { user, dialog } = await openFromHome();
    await fillRequired(user, dialog);
    await user.click(switchNamed(dialog, 'Group Buy'));
    await user.clear(within(dialog).getByLabelText('Participants required'));
    await user.clear(within(dialog).getByLabelText('Contribution per member (coins)'));
    await user.click(within(dialog).getByRole('button', { name: 'Create Thread' }));
    expect(within(dialog).getByText(VALIDATION.participantsMin)).toBeTruthy();
    expect(within(dialog).getByText(VALIDATION.contributionMin)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/threads')).toHaveLength(0);
  });

  it('asks for the premium discussion content the server requires', async () => {
    const fetchMock = mockForum();
    const { user, dialog } = await openFromHome();
    await fillRequired(user, dialog);
    await user.click(switchNamed(dialog, FORUM_PAGE_TEXT.premiumDiscussion));
    await user.click(within(dialog).getByRole('button', { name: 'Create Thread' }));
    expect(within(dialog).getByText(VALIDATION.unlockableContentRequired)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/threads')).toHaveLength(0);
  });

  it('adds tags on Enter, comma, blur and Add, trimmed, lowercased and without duplicates, and removes them', async () => {
    const fetchMock = mockForum();
    const { user, dialog } = await openFromHome();
    const tagInput = within(dialog).getByLabelText('Tags');
    await user.type(tagInput, '  VPN {Enter}');
    await user.type(tagInput, 'Linux,');
    await user.type(tagInput, 'vpn');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await user.type(tagInput, 'Docker');
    await user.click(within(dialog).getByLabelText('Title'));
    const tags = within(dialog).getByRole('list', { name: 'Tags' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['#vpn', '#linux', '#docker']);
    expect((tagInput as HTMLInputElement).value).toBe('');
    expect(callsTo(fetchMock, 'POST /api/threads')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Remove tag linux' }));
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['#vpn', '#docker']);
  });

  it('creates the thread, refreshes the lists, closes and goes to the new thread, noting it awaits approval', async () => {
    const fetchMock = mockForum();
    const { user, dialog, router } = await openFromHome();
    await fillRequired(user, dialog);
    await user.type(within(dialog).getByLabelText('Tags'), 'VPN{Enter}');
    await user.click(switchNamed(dialog, 'Group Buy'));
    await user.type(within(dialog).getByLabelText(FORUM_PAGE_TEXT.groupBuyContent), 'Seat invitations by email');
    const days = within(dialog).getByRole('textbox', { name: FORUM_PAGE_TEXT.groupBuyDays });
    expect((days as HTMLInputElement).value).toBe('7');
    await user.clear(days);
    await user.type(days, '14');
    const listReads = callsTo(fetchMock, 'GET /api/threads').length;
    await user.click(within(dialog).getByRole('button', { name: 'Create Thread' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/thread/99'));
    expect(callsTo(fetchMock, 'POST /api/threads')[0]?.body).toEqual({
      title: 'Sharing a VPN setup',
      content: 'WireGuard on a small VPS.',
      categoryId: 1,
      tags: ['vpn'],
      isPremium: false,
      isPrivate: false,
      hasUnlockableContent: false,
      isGroupBuy: true,
      groupBuyParticipantsRequired: 5,
      groupBuyContributionAmount: 25,
      groupBuyContent: 'Seat invitations by email',
      groupBuyDays: 14,
    });
    expect(screen.queryByRole('dialog', { name: FORUM_PAGE_TEXT.createThreadTitle })).toBeNull();
    expect(shownToast()).toMatchObject({ title: FORUM_PAGE_TEXT.pendingCreatedTitle });
    await router.navigate({ to: '/' });
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/threads').length).toBeGreaterThan(listReads));
  });

  it("preselects the category page's category", async () => {
    const fetchMock = mockForum({ 'GET /api/categories/3': json(CATEGORIES[1]) });
    const user = userEvent.setup({ delay: null });
    renderApp('/category/3');
    await user.click(await screen.findByRole('button', { name: 'New Thread' }));
    const dialog = await screen.findByRole('dialog', { name: FORUM_PAGE_TEXT.createThreadTitle }, { timeout: 5000 });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: /Category/ }).textContent).toContain('Privacy Tools'),
    );
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create Thread' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/threads')[0]?.body).toMatchObject({ categoryId: 3 }));
  });

  it("says 'Failed to create thread' with the server's message and keeps the dialog open", async () => {
    mockForum({ 'POST /api/threads': json({ message: 'Category not found', code: 'BAD_REQUEST' }, 400) });
    const { user, dialog } = await openFromHome();
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create Thread' }));
    await waitFor(() =>
      expect(shownToast()).toMatchObject({
        variant: 'destructive',
        title: THREAD_TEXT.createFailed,
        description: 'Category not found',
      }),
    );
    expect(screen.getByRole('dialog', { name: FORUM_PAGE_TEXT.createThreadTitle })).toBeTruthy();
  });

  it("says 'Authentication required' when the server no longer knows the member", async () => {
    mockForum({ 'POST /api/threads': signedOut });
    const { user, dialog } = await openFromHome();
    await fillRequired(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create Thread' }));
    await waitFor(() =>
      expect(shownToast()).toMatchObject({
        title: AUTH_TEXT.authenticationRequired,
        description: AUTH_TEXT.mustBeLoggedInToCreate,
      }),
    );
  });

  it('requires login: a visitor gets the login prompt instead of the form', async () => {
    mockForum({ 'GET /api/user': signedOut });
    renderApp('/');
    await screen.findByRole('link', { name: 'Sign in to Get Started' });
    act(() => openCreateThread());
    const dialog = await screen.findByRole('dialog', { name: FORUM_PAGE_TEXT.createThreadTitle }, { timeout: 5000 });
    expect(within(dialog).getByText(AUTH_TEXT.mustBeLoggedInToCreate)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth');
    expect(within(dialog).queryByLabelText('Title')).toBeNull();
  });
});
