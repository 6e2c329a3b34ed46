import { AUTH_TOASTS, FACTOR_TEXT, TOASTS } from '@enclave/protocol';
import { startAuthentication } from '@simplewebauthn/browser';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePendingVerification } from '../stores/pending-verification-store.ts';
import { useToastStore } from '../stores/toast-store.ts';
import { aMember, callsTo, json, mockApi, signedOut } from '../testing/mock-api.ts';
import { ASSERTION, CHALLENGE, promptClosed } from '../testing/passkeys.ts';
import { renderApp } from '../testing/render-app.tsx';

vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => true,
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));

const shownToast = () => useToastStore.getState().toasts.find((toast) => toast.open);
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const secondStep = (methods: string[], expiresAt = inAnHour()) =>
  json({ secondStep: { token: 'half-done-token', methods, expiresAt } });

/** /auth for a visitor, the password typed and sent; `login` answers it. */
async function logIn(routes: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi({ 'GET /api/user': signedOut, ...routes });
  const user = userEvent.setup();
  const view = renderApp('/auth');
  const form = await screen.findByRole('form', { name: 'Login' });
  await user.type(within(form).getByLabelText('Username'), 'alice');
  await user.type(within(form).getByLabelText('Password'), 'password123');
  await user.click(within(form).getByRole('button', { name: 'Login' }));
  return { fetchMock, user, ...view };
}

const stepHeading = () => screen.findByRole('heading', { name: FACTOR_TEXT.secondStepTitle });

describe('signing in with a second factor on /auth', { timeout: 20_000 }, () => {
  beforeEach(() => {
    sessionStorage.clear();
    usePendingVerification.getState().clear();
    useToastStore.setState({ toasts: [] });
    vi.mocked(startAuthentication).mockReset();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('asks for the app code in place of the tabs, then signs in as a password login does', async () => {
    const { fetchMock, user, router } = await logIn({
      'POST /api/login': secondStep(['app', 'passkey', 'recovery']),
      'POST /api/login/second-step': json(aMember({ hasSecondFactor: true })),
    });
    await stepHeading();
    expect(screen.queryByRole('tab', { name: 'Login' })).toBeNull();
    const code = screen.getByLabelText(FACTOR_TEXT.appCode);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(document.activeElement).toBe(code);

    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: FACTOR_TEXT.verify }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(callsTo(fetchMock, 'POST /api/login/second-step')[0]?.body).toEqual({
      token: 'half-done-token',
      code: '123456',
    });
    expect(shownToast()).toMatchObject({ title: TOASTS.welcomeBack.title, description: 'Logged in as alice' });
  });

  it('checks the code’s shape before sending it', async () => {
    const { fetchMock, user } = await logIn({ 'POST /api/login': secondStep(['app']) });
    await stepHeading();
    await user.type(screen.getByLabelText(FACTOR_TEXT.appCode), '12345');
    await user.click(screen.getByRole('button', { name: FACTOR_TEXT.verify }));
    expect(await screen.findByText(FACTOR_TEXT.appCodeFormat)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/login/second-step')).toHaveLength(0);
  });

  it('shows a refused code in the page’s banner and stays on the step', async () => {
    const { user } = await logIn({
      'POST /api/login': secondStep(['app', 'recovery']),
      'POST /api/login/second-step': json({ message: FACTOR_TEXT.wrongProof, code: 'CODE_INVALID' }, 400),
    });
    await stepHeading();
    await user.type(screen.getByLabelText(FACTOR_TEXT.appCode), '000000');
    await user.click(screen.getByRole('button', { name: FACTOR_TEXT.verify }));

    expect((await screen.findByRole('alert')).textContent).toBe(FACTOR_TEXT.wrongProof);
    expect(shownToast()).toMatchObject({ title: AUTH_TOASTS.loginFailed, description: FACTOR_TEXT.wrongProof });
    expect(screen.getByRole('heading', { name: FACTOR_TEXT.secondStepTitle })).toBeTruthy();
    // Another way in starts without the last try's banner.
    await user.click(screen.getByRole('button', { name: FACTOR_TEXT.useRecovery }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('finishes with a passkey: the ticket’s challenge, the browser’s answer, then the second step', async () => {
    vi.mocked(startAuthentication).mockResolvedValue(ASSERTION);
    const { fetchMock, user, router } = await logIn({
      'POST /api/login': secondStep(['passkey', 'recovery']),
      'POST /api/login/second-step/options': json(CHALLENGE),
      'POST /api/login/second-step': json(aMember({ hasSecondFactor: true })),
    });
    await stepHeading();
    // No app: no code field, and the passkey is the way offered first.
    expect(screen.queryByLabelText(FACTOR_TEXT.appCode)).toBeNull();
    await user.click(screen.getByRole('button', { name: FACTOR_TEXT.usePasskey }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(callsTo(fetchMock, 'POST /api/login/second-step/options')[0]?.body).toEqual({ token: 'half-done-token' });
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: CHALLENGE.options });
    expect(callsTo(fetchMock, 'POST /api/login/second-step')[0]?.body).toEqual({
      token: 'half-done-token',
      passkey: { challengeToken: CHALLENGE.challengeToken, response: ASSERTION },
    });
  });

  it('says so when the passkey prompt was closed', async () => {
    vi.mocked(startAuthentication).mockRejectedValue(promptClosed());
    const { fetchMock, user } = await logIn({
      'POST /api/login': secondStep(['passkey']),
      'POST /api/login/second-step/options': json(CHALLENGE),
    });
    await stepHeading();
    await user.click(screen.getByRole('button', { name: FACTOR_TEXT.usePasskey }));
    expect((await screen.findByRole('alert')).textContent).toBe(FACTOR_TEXT.passkeyCancelled);
    expect(callsTo(fetchMock, 'POST /api/login/second-step')).toHaveLength(0);
  });

  it('takes a recovery code instead, and goes back to the app code', async () => {
    const { fetchMock, user } = await logIn({
      'POST /api/login': secondStep(['app', 'recovery']),
      'POST /api/login/second-step': json(aMember({ hasSecondFactor: true })),
    });
    await stepHeading();
    await user.click(screen.getByRole('button', { name: FACTOR_TEXT.useRecovery }));
    expect(screen.queryByLabelText(FACTOR_TEXT.appCode)).toBeNull();
    await user.click(screen.getByRole('button', { name: FACTOR_TEXT.useApp }));
    expect(screen.getByLabelText(FACTOR_TEXT.appCode)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: FACTOR_TEXT.useRecovery }));
    await user.type(screen.getByLabelText(FACTOR_TEXT.recoveryCode), 'abcde-12345');
    await user.click(screen.getByRole('button', { name: FACTOR_TEXT.verify }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/login/second-step')[0]?.body).toEqual({
        token: 'half-done-token',
        recoveryCode: 'abcde-12345',
      }),
    );
  });

  it('says a proof refused as a wrong password is (401) did not confirm it, and lets the member try again', async () => {
    const { user } = await logIn({
      'POST /api/login': secondStep(['app']),
      'POST /api/login/second-step': json({ message: 'Invalid username or password', code: 'UNAUTHENTICATED' }, 401),
    });
    await stepHeading();
    await user.type(screen.getByLabelText(FACTOR_TEXT.appCode), '123456');
    await user.click(screen.getByRole('button', { name: FACTOR_TEXT.verify }));

    expect((await screen.findByRole('alert')).textContent).toBe(FACTOR_TEXT.wrongProof);
    expect(screen.getByRole('heading', { name: FACTOR_TEXT.secondStepTitle })).toBeTruthy();
  });

  it('sends the member back to the password when the ticket ran out while the proof was on its way (401)', async () => {
    const expiresAt = Date.now() + 60_000;
    const { fetchMock, user } = await logIn({
      'POST /api/login': secondStep(['app'], new Date(expiresAt).toISOString()),
      'POST /api/login/second-step': () => {
        // The answer comes after the ticket's time: it was the ticket, not the code.
        vi.spyOn(Date, 'now').mockReturnValue(expiresAt + 1);
        return Response.json({ message: 'Invalid username or password', code: 'UNAUTHENTICATED' }, { status: 401 });
      },
    });
    await stepHeading();
    await user.type(screen.getByLabelText(FACTOR_TEXT.appCode), '123456');
    await user.click(screen.getByRole('button', { name: FACTOR_TEXT.verify }));

    expect(await screen.findByRole('form', { name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(FACTOR_TEXT.secondStepExpired);
    expect(callsTo(fetchMock, 'POST /api/login/second-step')).toHaveLength(1);
  });

  it('sends no code with a ticket past its time', async () => {
    const { fetchMock, user } = await logIn({
      'POST /api/login': secondStep(['app'], new Date(Date.now() - 1000).toISOString()),
    });
    await stepHeading();
    await user.type(screen.getByLabelText(FACTOR_TEXT.appCode), '123456');
    await user.click(screen.getByRole('button', { name: FACTOR_TEXT.verify }));

    expect(await screen.findByRole('form', { name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(FACTOR_TEXT.secondStepExpired);
    expect(callsTo(fetchMock, 'POST /api/login/second-step')).toHaveLength(0);
  });

  it('goes back to the login form with Back to login', async () => {
    const { user } = await logIn({ 'POST /api/login': secondStep(['app']) });
    await stepHeading();
    await user.click(screen.getByRole('button', { name: FACTOR_TEXT.backToLogin }));
    expect(await screen.findByRole('form', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('signing in with a passkey on /auth', { timeout: 20_000 }, () => {
  beforeEach(() => {
    useToastStore.setState({ toasts: [] });
    vi.mocked(startAuthentication).mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('needs no username: the challenge, the browser’s passkey, then the member is welcomed back', async () => {
    vi.mocked(startAuthentication).mockResolvedValue(ASSERTION);
    const fetchMock = mockApi({
      'GET /api/user': signedOut,
      'POST /api/login/passkey/options': json(CHALLENGE),
      'POST /api/login/passkey': json(aMember({ hasSecondFactor: true })),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/auth');
    await user.click(await screen.findByRole('button', { name: FACTOR_TEXT.signInWithPasskey }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: CHALLENGE.options });
    expect(callsTo(fetchMock, 'POST /api/login/passkey')[0]?.body).toEqual({
      challengeToken: CHALLENGE.challengeToken,
      response: ASSERTION,
    });
    expect(shownToast()).toMatchObject({ title: TOASTS.welcomeBack.title, description: 'Logged in as alice' });
  });

  it('shows a refused passkey in the banner', async () => {
    vi.mocked(startAuthentication).mockResolvedValue(ASSERTION);
    mockApi({
      'GET /api/user': signedOut,
      'POST /api/login/passkey/options': json(CHALLENGE),
      'POST /api/login/passkey': json({ message: FACTOR_TEXT.passkeyRejected, code: 'UNAUTHENTICATED' }, 401),
    });
    const user = userEvent.setup();
    renderApp('/auth');
    await user.click(await screen.findByRole('button', { name: FACTOR_TEXT.signInWithPasskey }));
    expect((await screen.findByRole('alert')).textContent).toBe(FACTOR_TEXT.passkeyRejected);
  });
});
