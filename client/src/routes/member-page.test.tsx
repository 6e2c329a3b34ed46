import { ErrorCode, MEMBER_PAGE_TEXT, PAGE_TEXT, type PublicUser, SERVER_TEXT } from '@enclave/protocol';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useComposeStore } from '../stores/compose-store.ts';
import { aMember, json, mockApi, signedOut } from '../testing/mock-api.ts';
import { renderApp } from '../testing/render-app.tsx';

// The page is a lazy chunk: load it once up front so the first test's waits are about the page, not the compiler.
beforeAll(() => import('./member-page.tsx'));
configure({ asyncUtilTimeout: 3000 });

const bob = (overrides: Partial<PublicUser> = {}): PublicUser => ({
  id: 12,
  username: 'bob',
  bio: 'Grows tomatoes.',
  profilePicture: null,
  createdAt: '2025-02-01T10:00:00.000Z',
  isAdmin: false,
  isModerator: false,
  isBanned: false,
  isMuted: false,
  ...overrides,
});

function openMember(session: Parameters<typeof mockApi>[0][string], member = json(bob())) {
  mockApi({ 'GET /api/user': session, 'GET /api/users/12': member });
  return renderApp('/member/12');
}

describe('/member/{id}', () => {
  beforeEach(() => useComposeStore.setState({ isOpen: false, targetUsername: '' }));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the public profile and opens a message to the member', async () => {
    openMember(json(aMember()));
    const profile = within(await screen.findByRole('region', { name: 'bob' }));
    expect(profile.getByText('Member')).toBeTruthy();
    expect(profile.getByText('Grows tomatoes.')).toBeTruthy();
    expect(profile.getByText(MEMBER_PAGE_TEXT.since('February 1, 2025'))).toBeTruthy();
    await userEvent.setup().click(profile.getByRole('button', { name: 'Send Message' }));
    expect(useComposeStore.getState()).toMatchObject({ isOpen: true, targetUsername: 'bob' });
  });

  it('shows only what a hidden profile gives, and asks a visitor to log in to message', async () => {
    openMember(signedOut, json(bob({ bio: null, createdAt: null, isModerator: true })));
    const profile = within(await screen.findByRole('region', { name: 'bob' }));
    expect(profile.getByText('Moderator')).toBeTruthy();
    expect(profile.getByText(MEMBER_PAGE_TEXT.hidden)).toBeTruthy();
    expect(profile.queryByText('Grows tomatoes.')).toBeNull();
    expect(profile.getByRole('link', { name: 'Login to Message' })).toBeTruthy();
  });

  it('offers no message to the member themself', async () => {
    openMember(json(aMember({ id: 12, username: 'bob' })));
    const profile = within(await screen.findByRole('region', { name: 'bob' }));
    expect(profile.getByText(MEMBER_PAGE_TEXT.you)).toBeTruthy();
    expect(profile.queryByRole('button', { name: 'Send Message' })).toBeNull();
  });

  it('is the not-found page for an unknown member or an id that is not one', async () => {
    openMember(signedOut, json({ message: SERVER_TEXT.userNotFound, code: ErrorCode.NotFound }, 404));
    expect(await screen.findByRole('heading', { name: PAGE_TEXT.notFoundTitle })).toBeTruthy();
    expect(screen.getByText(MEMBER_PAGE_TEXT.notFound)).toBeTruthy();
    vi.unstubAllGlobals();
    mockApi({ 'GET /api/user': signedOut });
    renderApp('/member/abc');
    expect((await screen.findAllByRole('heading', { name: PAGE_TEXT.notFoundTitle })).length).toBeGreaterThan(0);
  });
});
