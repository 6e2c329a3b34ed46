import {
  ACTIVITY_TEXT,
  FACTOR_TEXT,
  NOTIFICATION_KINDS,
  PROFILE_TEXT,
  SESSIONS_TEXT,
  TOASTS,
  VALIDATION,
} from '@enclave/protocol';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../stores/toast-store.ts';
import { aMember, callsTo, json, mockApi } from '../testing/mock-api.ts';
import { renderApp } from '../testing/render-app.tsx';
import { TAB_LOADING } from './profile-page.tsx';

// A page's first render loads its lazy chunk, which takes seconds while the whole suite runs.
configure({ asyncUtilTimeout: 10_000 });

const member = aMember();
const shownToast = () => useToastStore.getState().toasts.find((toast) => toast.open);

async function openProfile(routes: Parameters<typeof mockApi>[0] = {}, tab?: string) {
  const fetchMock = mockApi({ 'GET /api/user': json(member), ...routes });
  const view = renderApp('/profile');
  const user = userEvent.setup();
  await screen.findByRole('heading', { name: 'Profile Settings' });
  if (tab) await user.click(screen.getByRole('tab', { name: tab }));
  // A tab other than the first loads its code when chosen.
  await waitFor(() => expect(screen.queryByText(TAB_LOADING)).toBeNull(), { timeout: 10_000 });
  return { fetchMock, user, ...view };
}

describe('/profile', { timeout: 20_000 }, () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));
  afterEach(() => vi.unstubAllGlobals());

  it('has the Profile, Privacy, Security and Notifications tabs, a Log Out button, and the member at a glance', async () => {
    await openProfile();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Profile',
      'Privacy',
      'Security',
      'Notifications',
    ]);
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeTruthy();
    expect(screen.getByText(/Member since/).textContent).toContain(PROFILE_TEXT.memberSince);
    expect(screen.getAllByText('250 coins').length).toBeGreaterThan(0);
    expect(document.querySelector('input[type="file"]')?.getAttribute('accept')).toBe('image/*');
  });

  it('checks the username and bio with the spec texts before saving', async () => {
    const { user, fetchMock } = await openProfile();
    const username = screen.getByLabelText('Username');
    await user.clear(username);
    await user.type(username, 'al');
    await user.click(screen.getByLabelText('Bio'));
    await user.paste('x'.repeat(501));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(VALIDATION.usernameMin)).toBeTruthy();
    expect(screen.getByText(VALIDATION.bioMax)).toBeTruthy();
    expect(callsTo(fetchMock, 'PATCH /api/profile')).toHaveLength(0);
  });

  it('saves the profile and toasts a refusal as Update Failed', async () => {
    let answer = json({ ...member, username: 'alice2' });
    const { user, fetchMock } = await openProfile({ 'PATCH /api/profile': (request) => answer(request) });
    const username = screen.getByLabelText('Username');
    await user.type(username, '2');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(shownToast()).toMatchObject({ title: PROFILE_TEXT.profileUpdated }));
    expect(callsTo(fetchMock, 'PATCH /api/profile')[0]?.body).toEqual({ username: 'alice2', bio: member.bio });

    answer = json({ message: 'Username already exists', code: 'USERNAME_TAKEN' }, 409);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(shownToast()).toMatchObject({
        variant: 'destructive',
        title: PROFILE_TEXT.updateFailed,
        description: 'Username already exists',
      }),
    );
  });

  it('stores the privacy switches on the server', async () => {
    const { user, fetchMock } = await openProfile(
      {
        'PUT /api/profile/privacy': ({ body }) => Response.json({ ...member, privacy: body as typeof member.privacy }),
      },
      'Privacy',
    );
    const threadPrivacy = screen.getByRole('switch', { name: new RegExp(PROFILE_TEXT.defaultThreadPrivacy) });
    const hideProfile = screen.getByRole('switch', { name: new RegExp(PROFILE_TEXT.hideProfile) });
    expect((threadPrivacy as HTMLInputElement).checked).toBe(false);

    await user.click(threadPrivacy);
    await user.click(hideProfile);
    await user.click(screen.getByRole('button', { name: PROFILE_TEXT.savePrivacy }));

    await waitFor(() => expect(shownToast()).toMatchObject({ title: PROFILE_TEXT.privacySaved }));
    expect(callsTo(fetchMock, 'PUT /api/profile/privacy')[0]?.body).toEqual({
      defaultThreadPrivate: true,
      hideProfile: true,
    });
  });

  it('checks the password change with the spec texts, then changes it and resets the form', async () => {
    const { user, fetchMock } = await openProfile(
      { 'POST /api/profile/password': json({ message: 'Password updated' }) },
      'Security',
    );
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(screen.getByText(VALIDATION.currentPasswordRequired)).toBeTruthy();
    expect(screen.getByText(VALIDATION.passwordMin)).toBeTruthy();
    expect(screen.getByText(VALIDATION.confirmPasswordRequired)).toBeTruthy();

    await user.type(screen.getByLabelText('Current Password'), 'password123');
    await user.type(screen.getByLabelText('New Password'), 'brand-new-1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'brand-new-2');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(screen.getByText(VALIDATION.passwordsDontMatch)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/profile/password')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'brand-new-1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expect(shownToast()).toMatchObject({ title: PROFILE_TEXT.passwordChanged }));
    expect(callsTo(fetchMock, 'POST /api/profile/password')[0]?.body).toEqual({
      currentPassword: 'password123',
      newPassword: 'brand-new-1',
      confirmPassword: 'brand-new-1',
    });
    expect((screen.getByLabelText('Current Password') as HTMLInputElement).value).toBe('');
  });

  it('Manage lists the sessions, this one marked, and ends another', async () => {
    const session = (id: string, current: boolean, browser: string) => ({
      id,
      client: { device: 'Desktop (Linux)', deviceType: 'desktop', browser, place: '203.0.113.0/24' },
      createdAt: '2026-11-20T10:00:00.000Z',
      lastSeenAt: '2026-11-20T11:00:00.000Z',
      current,
      method: current ? 'password+passkey' : 'passkey',
    });
    const { user, fetchMock } = await openProfile(
      {
        'GET /api/sessions': json({
          sessions: [session('2026-11.3', true, 'Chrome 131'), session('2026-11.2', false, 'Firefox 128')],
        }),
        'DELETE /api/sessions/2026-11.2': json({ message: SESSIONS_TEXT.ended }),
      },
      'Security',
    );
    await user.click(screen.getByRole('button', { name: PROFILE_TEXT.manageSessions }));
    const dialog = await screen.findByRole('dialog', { name: SESSIONS_TEXT.title });
    const rows = await within(dialog).findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining(`Chrome 131 on Desktop (Linux)${SESSIONS_TEXT.current}`),
      expect.stringContaining('Firefox 128 on Desktop (Linux)'),
    ]);
    expect(within(rows[0] as HTMLElement).queryByRole('button')).toBeNull();
    expect(rows[1]?.textContent).toContain('203.0.113.0/24');
    expect(rows[0]?.textContent).toContain(`${FACTOR_TEXT.signedInWith} ${FACTOR_TEXT.methods['password+passkey']}`);
    expect(rows[1]?.textContent).toContain(`${FACTOR_TEXT.signedInWith} ${FACTOR_TEXT.methods.passkey}`);

    await user.click(
      within(dialog).getByRole('button', { name: SESSIONS_TEXT.endLabel('Firefox 128 on Desktop (Linux)') }),
    );
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(1));
    expect(callsTo(fetchMock, 'DELETE /api/sessions/2026-11.2')).toHaveLength(1);
    expect(shownToast()).toMatchObject({ title: SESSIONS_TEXT.ended });
    expect(within(dialog).getByText(SESSIONS_TEXT.noOthers)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: SESSIONS_TEXT.endOthers }).hasAttribute('disabled')).toBe(true);
  });

  it('View Log lists the activity newest first and loads older pages', async () => {
    const entry = (id: string, kind: string, extra: object = {}) => ({
      id,
      kind,
      at: '2026-11-20T10:00:00.000Z',
      client: null,
      coins: null,
      detail: null,
      threadId: null,
      ...extra,
    });
    let pages = 0;
    const { user } = await openProfile(
      {
        'GET /api/activity': () => {
          pages += 1;
          return pages === 1
            ? Response.json({
                entries: [
                  entry('2026-11.3', 'coins_spent', { coins: -25, detail: 'unlock', threadId: 12 }),
                  entry('2026-11.2', 'sign_in_failed', {
                    client: {
                      device: 'Phone (Android 14)',
                      deviceType: 'phone',
                      browser: 'Chrome 126',
                      place: '198.51.100.0/24',
                    },
                  }),
                ],
                nextCursor: '2026-11.2',
              })
            : Response.json({
                entries: [
                  entry('2026-11.1', 'email_verified'),
                  entry('2026-11.0', 'signed_in', { detail: 'password+app' }),
                  entry('2026-10.9', 'factor_added', { detail: 'app' }),
                  entry('2026-10.8', 'stepped_up', { detail: 'recovery' }),
                  entry('2026-10.7', 'second_step_failed'),
                  entry('2026-10.6', 'recovery_codes_renewed'),
                  entry('2026-10.5', 'factor_removed', { detail: 'passkey' }),
                ],
                nextCursor: null,
              });
        },
      },
      'Security',
    );
    await user.click(screen.getByRole('button', { name: PROFILE_TEXT.viewLog }));
    const dialog = await screen.findByRole('dialog', { name: ACTIVITY_TEXT.title });
    await within(dialog).findByText(ACTIVITY_TEXT.signInFailed);
    expect(within(dialog).getByText('Premium discussion unlock')).toBeTruthy();
    expect(within(dialog).getByText('-25 coins')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: ACTIVITY_TEXT.viewThread }).getAttribute('href')).toBe(
      '/thread/12',
    );
    expect(within(dialog).getByText('Chrome 126 on Phone (Android 14)')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Load more' }));
    await within(dialog).findByText(ACTIVITY_TEXT.emailVerified);
    // Issue #27: how a sign-in happened, and the second factors' events, in words.
    expect(within(dialog).getByText(`${FACTOR_TEXT.signedInWith} ${FACTOR_TEXT.methods['password+app']}`)).toBeTruthy();
    expect(within(dialog).getByText(FACTOR_TEXT.appAdded)).toBeTruthy();
    expect(within(dialog).getByText(FACTOR_TEXT.activity.steppedUp('a recovery code'))).toBeTruthy();
    expect(within(dialog).getByText(FACTOR_TEXT.activity.secondStepFailed)).toBeTruthy();
    expect(within(dialog).getByText(FACTOR_TEXT.activity.recoveryCodesRenewed)).toBeTruthy();
    expect(within(dialog).getByText(FACTOR_TEXT.passkeyRemoved)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('asks for the password before deleting the account, then logs out after 2 s', async () => {
    let answer = json({ message: 'Password is incorrect', code: 'VALIDATION_ERROR' }, 400);
    const { user, fetchMock, router } = await openProfile({
      'DELETE /api/profile': (request) => answer(request),
      'POST /api/logout': json({ message: 'Logged out' }),
    });
    await user.click(screen.getByRole('button', { name: PROFILE_TEXT.deleteAccount }));
    const dialog = await screen.findByRole('alertdialog', { name: PROFILE_TEXT.deleteConfirmTitle });
    const confirm = within(dialog).getByRole('button', { name: PROFILE_TEXT.deleteAccount });
    expect(confirm.hasAttribute('disabled')).toBe(true);

    await user.type(within(dialog).getByLabelText(PROFILE_TEXT.deletePasswordLabel), 'not-my-password');
    await user.click(confirm);
    expect(await within(dialog).findByText('Password is incorrect')).toBeTruthy();

    answer = json({ message: 'Your account has been deleted' });
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(shownToast()).toMatchObject({ title: PROFILE_TEXT.accountDeleted });
    expect(callsTo(fetchMock, 'DELETE /api/profile')[1]?.body).toEqual({ password: 'not-my-password' });
    expect(callsTo(fetchMock, 'POST /api/logout')).toHaveLength(0);

    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/logout')).toHaveLength(1), { timeout: 3000 });
    await waitFor(() => expect(shownToast()).toMatchObject(TOASTS.loggedOut));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'), { timeout: 2000 });
  });

  it('saves notification preferences per kind: in the app on, email off by default; staff kinds only for staff', async () => {
    const preferences = {
      kinds: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { app: true, email: false }])),
    };
    const { user, fetchMock } = await openProfile(
      {
        'GET /api/notifications/preferences': json(preferences),
        'PUT /api/notifications/preferences': (request) => json(request.body)(request),
      },
      'Notifications',
    );
    const replies = await screen.findByRole('group', { name: 'Replies in threads you started or replied to' });
    expect(screen.queryByRole('group', { name: 'Staff: a new report' })).toBeNull();
    expect(within(replies).getByRole('switch', { name: 'In the app' })).toHaveProperty('checked', true);
    const email = within(replies).getByRole('switch', { name: 'By email' });
    expect(email).toHaveProperty('checked', false);
    await user.click(email);
    await user.click(screen.getByRole('button', { name: 'Save Notification Preferences' }));

    await waitFor(() => expect(callsTo(fetchMock, 'PUT /api/notifications/preferences')).toHaveLength(1));
    expect(callsTo(fetchMock, 'PUT /api/notifications/preferences')[0]?.body).toEqual({
      kinds: { ...preferences.kinds, reply: { app: true, email: true } },
    });
    await waitFor(() => expect(shownToast()?.title).toBe('Notification preferences saved'));
  });
});
