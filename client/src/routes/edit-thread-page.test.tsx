import { THREAD_PAGE_TEXT, THREAD_TEXT, VALIDATION } from '@enclave/protocol';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../stores/toast-store.ts';
import { aMember, callsTo, json, mockApi } from '../testing/mock-api.ts';
import { renderApp } from '../testing/render-app.tsx';
import { aThread } from '../testing/thread-fixtures.ts';

beforeAll(() => import('./edit-thread-page.tsx'));
// The page shows after the session, the thread and its replies load: more than a second on a busy machine.
configure({ asyncUtilTimeout: 3000 });

// Editing fields in happy-dom is slow; a loaded machine needs more than the default 5 s.
const EDITING_TIMEOUT = 15_000;

const shownToast = () => useToastStore.getState().toasts.find((toast) => toast.open);
const category = { description: '', icon: 'Shield', color: 'primary', isPremium: false, premiumCost: null };

function openEditor(routes: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({
    'GET /api/user': json(aMember({ isAdmin: true })),
    'GET /api/threads/42': json(aThread()),
    'GET /api/categories': json([
      { ...category, id: 3, name: 'Privacy Tools', threadCount: 4, lastActivity: null },
      { ...category, id: 4, name: 'Guides & Docs', threadCount: 2, lastActivity: null },
    ]),
    ...routes,
  });
  return { fetchMock, ...renderApp('/edit-thread/42') };
}

/** Pasted, not typed: one change instead of one per character keeps these tests quick. */
async function replaceText(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.paste(text);
}

describe('/edit-thread/{id}', () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));
  afterEach(() => vi.unstubAllGlobals());

  it('sends a member who is not an admin home with the spec toast', async () => {
    const { router, fetchMock } = openEditor({ 'GET /api/user': json(aMember({ isModerator: true })) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(shownToast()).toMatchObject({ variant: 'destructive', title: THREAD_TEXT.editDenied });
    expect(callsTo(fetchMock, 'GET /api/threads/42')).toHaveLength(0);
  });

  it('shows the four sections with Back to Thread, Cancel and Save Changes', async () => {
    openEditor();
    for (const name of ['Basic Information', 'Access Settings', 'Premium Discussion Settings', 'Group Buy Settings']) {
      expect(await screen.findByRole('region', { name })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Back to Thread' }).getAttribute('href')).toBe('/thread/42');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Self-hosting a VPN on a budget');
    expect((screen.getByLabelText('Tags') as HTMLInputElement).value).toBe('vpn, wireguard');
  });

  it(
    'checks the form with the spec texts before saving',
    async () => {
      const { fetchMock } = openEditor();
      const user = userEvent.setup({ delay: null });
      await replaceText(user, await screen.findByLabelText('Title'), 'ab');
      await replaceText(user, screen.getByLabelText('Content'), 'short');
      await user.click(await screen.findByRole('switch', { name: /^Premium(?! Private)/ }));
      await user.clear(screen.getByLabelText('Premium cost (coins)'));
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));

      expect(screen.getByText(VALIDATION.editTitleMin)).toBeTruthy();
      expect(screen.getByText(VALIDATION.editContentMin)).toBeTruthy();
      expect(screen.getByText(VALIDATION.premiumCostRequired)).toBeTruthy();
      expect(callsTo(fetchMock, 'PATCH /api/admin/threads/42')).toHaveLength(0);
    },
    EDITING_TIMEOUT,
  );

  it(
    'saves with the tags split and trimmed, then shows the thread',
    async () => {
      const { fetchMock, router } = openEditor({
        'PATCH /api/admin/threads/42': json(aThread({ tags: ['vpn', 'self-hosting'] })),
      });
      const user = userEvent.setup({ delay: null });
      await replaceText(user, await screen.findByLabelText('Tags'), ' vpn ,  self-hosting,, ');
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/thread/42'));
      expect(callsTo(fetchMock, 'PATCH /api/admin/threads/42')[0]?.body).toMatchObject({
        tags: ['vpn', 'self-hosting'],
        categoryId: 3,
        isPremium: false,
      });
      expect(shownToast()).toMatchObject({ title: THREAD_PAGE_TEXT.updated });
    },
    EDITING_TIMEOUT,
  );

  it("toasts 'Failed to update thread' with the server message", async () => {
    openEditor({
      'PATCH /api/admin/threads/42': json(
        { message: 'The contribution amount cannot change once members have contributed', code: 'VALIDATION_ERROR' },
        400,
      ),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(shownToast()).toMatchObject({
        variant: 'destructive',
        title: THREAD_PAGE_TEXT.updateFailed,
        description: 'The contribution amount cannot change once members have contributed',
      }),
    );
  });

  it('turns the group buy off when the premium discussion is turned on', async () => {
    openEditor({ 'GET /api/threads/42': json(aThread({ isGroupBuy: true, groupBuyParticipantsRequired: 4 })) });
    const user = userEvent.setup();
    const groupBuy = await screen.findByRole('switch', { name: /Group buy/ });
    expect((groupBuy as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('switch', { name: /Premium Private Discussion/ }));
    expect((groupBuy as HTMLInputElement).checked).toBe(false);
    expect(
      within(screen.getByRole('region', { name: 'Premium Discussion Settings' })).getByLabelText('Unlock cost (coins)'),
    ).toBeTruthy();
  });
});
