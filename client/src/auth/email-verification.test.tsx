import { AUTH_TEXT, AUTH_TOASTS, LIMITS, TOASTS, VALIDATION, VERIFICATION_TEXT } from '@enclave/protocol';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_QUERY_KEY } from '../session/use-session.ts';
import { PENDING_VERIFICATION_KEYS, usePendingVerification } from '../stores/pending-verification-store.ts';
import { useToastStore } from '../stores/toast-store.ts';
import { aMember, callsTo, json, mockApi } from '../testing/mock-api.ts';
import { renderApp } from '../testing/render-app.tsx';

// A page's first render loads its lazy chunk, which takes seconds while the whole suite runs.
configure({ asyncUtilTimeout: 10_000 });

const unverified = aMember({ id: 31, username: 'newbie', email: 'newbie@example.com', isEmailVerified: false });
const shownToast = () => useToastStore.getState().toasts.find((toast) => toast.open);
const verifyButton = () => screen.getByRole('button', { name: VERIFICATION_TEXT.verify });

async function openGate(routes: Parameters<typeof mockApi>[0] = {}, member = unverified) {
  const fetchMock = mockApi({ 'GET /api/user': json(member), ...routes });
  const view = renderApp('/wallet');
  await screen.findByRole('heading', { name: VERIFICATION_TEXT.title });
  return { fetchMock, user: userEvent.setup(), ...view };
}

describe('the email verification screen', { timeout: 20_000 }, () => {
  beforeEach(() => {
    sessionStorage.clear();
    usePendingVerification.getState().clear();
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says where the code went, takes at most 6 characters and verifies only with a code', async () => {
    const { user } = await openGate();
    expect(screen.getByText(VERIFICATION_TEXT.codeSentTo('newbie@example.com'))).toBeTruthy();
    const input = screen.getByLabelText(VERIFICATION_TEXT.codeLabel);
    expect(input.getAttribute('maxlength')).toBe(String(LIMITS.verificationCodeLength));
    expect(verifyButton().hasAttribute('disabled')).toBe(true);

    await user.type(input, '12');
    expect(verifyButton().hasAttribute('disabled')).toBe(false);
    await user.clear(input);
    expect(verifyButton().hasAttribute('disabled')).toBe(true);
  });

  it('disables Verify Email while the request is on its way', async () => {
    const { user, fetchMock } = await openGate({ 'POST /api/verify-email': () => new Promise<Response>(() => {}) });
    await user.type(screen.getByLabelText(VERIFICATION_TEXT.codeLabel), '123456');
    await user.click(verifyButton());
    expect(verifyButton().hasAttribute('disabled')).toBe(true);
    expect(callsTo(fetchMock, 'POST /api/verify-email')[0]?.body).toEqual({
      code: '123456',
      email: 'newbie@example.com',
    });
  });

  it('toasts a wrong code with the server error', async () => {
    const { user } = await openGate({
      'POST /api/verify-email': json(
        { message: 'Invalid verification code', code: 'CODE_INVALID', error: 'Invalid verification code' },
        400,
      ),
    });
    await user.type(screen.getByLabelText(VERIFICATION_TEXT.codeLabel), '000000');
    await user.click(verifyButton());
    await waitFor(() =>
      expect(shownToast()).toMatchObject({
        variant: 'destructive',
        title: AUTH_TEXT.verificationFailed,
        description: 'Invalid verification code',
      }),
    );
    expect(verifyButton().hasAttribute('disabled')).toBe(false);
  });

  it('on success clears the pending registration, says so, and lands on / after 300 ms', async () => {
    sessionStorage.setItem(PENDING_VERIFICATION_KEYS.email, 'newbie@example.com');
    usePendingVerification.setState({ email: 'newbie@example.com', registrationId: '31', testCode: '482913' });
    const { user, router } = await openGate({
      'POST /api/verify-email': json({ ...unverified, isEmailVerified: true }),
    });
    await user.type(screen.getByLabelText(VERIFICATION_TEXT.codeLabel), '482913');
    await user.click(verifyButton());

    expect(await screen.findByText(VERIFICATION_TEXT.successTitle)).toBeTruthy();
    expect(screen.getByText(VERIFICATION_TEXT.redirectingHome)).toBeTruthy();
    expect(shownToast()).toMatchObject({ title: TOASTS.emailVerified.title });
    expect(sessionStorage.getItem(PENDING_VERIFICATION_KEYS.email)).toBeNull();
    expect(sessionStorage.getItem(PENDING_VERIFICATION_KEYS.testCode)).toBeNull();
    expect(router.state.location.pathname).toBe('/wallet');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('uses the pending email when verifying without a session', async () => {
    usePendingVerification.setState({ email: 'newbie@example.com', registrationId: '31', testCode: null });
    const fetchMock = mockApi({
      'GET /api/user': json({ message: 'You must be logged in', code: 'UNAUTHENTICATED' }, 401),
      'POST /api/verify-email': () => new Promise<Response>(() => {}),
    });
    renderApp('/auth');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(VERIFICATION_TEXT.codeLabel), '482913');
    await user.click(verifyButton());
    expect(callsTo(fetchMock, 'POST /api/verify-email')[0]?.body).toEqual({
      code: '482913',
      email: 'newbie@example.com',
    });
  });

  it('never takes the confirmation a caller without the session gets for the account', async () => {
    // The tab holds the member, but the server saw no session (it ended meanwhile): it answers a confirmation only.
    const { user, router, queryClient } = await openGate({
      'POST /api/verify-email': json({ message: 'Email verified', isEmailVerified: true }),
    });
    await user.type(screen.getByLabelText(VERIFICATION_TEXT.codeLabel), '482913');
    await user.click(verifyButton());

    await waitFor(() => expect(shownToast()).toMatchObject({ title: TOASTS.emailVerified.title }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).not.toHaveProperty('message');
  });

  it('resends the code, says so, and shows a development code that comes back', async () => {
    const { user, fetchMock } = await openGate({
      'POST /api/resend-verification': json({ message: 'Verification code sent', testVerificationCode: '555111' }),
    });
    await user.click(screen.getByRole('button', { name: VERIFICATION_TEXT.resend }));

    await waitFor(() => expect(shownToast()).toMatchObject(TOASTS.codeSent));
    expect(callsTo(fetchMock, 'POST /api/resend-verification')[0]?.body).toEqual({ email: 'newbie@example.com' });
    expect(await screen.findByText(VERIFICATION_TEXT.developmentCode('555111'))).toBeTruthy();
    expect(sessionStorage.getItem(PENDING_VERIFICATION_KEYS.testCode)).toBe('555111');
  });

  it('toasts a refused resend with the server error', async () => {
    const { user } = await openGate({
      'POST /api/resend-verification': json(
        { message: 'Please wait 42 seconds before requesting another code', code: 'RATE_LIMITED' },
        429,
      ),
    });
    await user.click(screen.getByRole('button', { name: VERIFICATION_TEXT.resend }));
    await waitFor(() =>
      expect(shownToast()).toMatchObject({
        title: AUTH_TOASTS.resendFailed,
        description: 'Please wait 42 seconds before requesting another code',
      }),
    );
  });

  it('cannot resend without an email address', async () => {
    const { user, fetchMock } = await openGate({}, { ...unverified, email: '' });
    expect(screen.getByText(VALIDATION.noEmailForVerification)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: VERIFICATION_TEXT.resend }));
    await waitFor(() =>
      expect(shownToast()).toMatchObject({
        title: AUTH_TOASTS.resendFailed,
        description: VALIDATION.noEmailForVerification,
      }),
    );
    expect(callsTo(fetchMock, 'POST /api/resend-verification')).toHaveLength(0);
  });
});
