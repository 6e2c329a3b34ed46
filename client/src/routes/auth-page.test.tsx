import { AUTH_TEXT, AUTH_TOASTS, TOASTS, VALIDATION, VERIFICATION_TEXT } from '@enclave/protocol';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registrationErrorText } from '../auth/registration-error.ts';
import { PENDING_VERIFICATION_KEYS, usePendingVerification } from '../stores/pending-verification-store.ts';
import { useToastStore } from '../stores/toast-store.ts';
import { aMember, callsTo, json, mockApi, signedOut } from '../testing/mock-api.ts';
import { renderApp } from '../testing/render-app.tsx';

// A page's first render loads its lazy chunk, which takes seconds while the whole suite runs.
configure({ asyncUtilTimeout: 10_000 });

const shownToast = () => useToastStore.getState().toasts.find((toast) => toast.open);

async function openRegister() {
  const user = userEvent.setup();
  renderApp('/auth');
  await user.click(await screen.findByRole('tab', { name: 'Register' }));
  return { user, form: screen.getByRole('form', { name: 'Register' }) };
}

async function fillRegistration(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, confirm = 'secret123') {
  await user.type(within(form).getByLabelText('Username'), 'newbie');
  await user.type(within(form).getByLabelText('Email'), 'newbie@example.com');
  await user.type(within(form).getByLabelText('Password'), 'secret123');
  await user.type(within(form).getByLabelText('Confirm Password'), confirm);
}

describe('/auth', { timeout: 20_000 }, () => {
  beforeEach(() => {
    sessionStorage.clear();
    usePendingVerification.getState().clear();
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('checks the login form with the spec texts before calling the server', async () => {
    const fetchMock = mockApi({ 'GET /api/user': signedOut });
    const user = userEvent.setup();
    renderApp('/auth');
    const form = await screen.findByRole('form', { name: 'Login' });

    await user.type(within(form).getByLabelText('Username'), 'al');
    await user.type(within(form).getByLabelText('Password'), '12345');
    await user.click(within(form).getByRole('button', { name: 'Login' }));

    expect(await within(form).findByText(VALIDATION.usernameMin)).toBeTruthy();
    expect(within(form).getByText(VALIDATION.passwordMin)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/login')).toHaveLength(0);
  });

  it('shows a refused login as a banner above the tabs and a toast', async () => {
    mockApi({
      'GET /api/user': signedOut,
      'POST /api/login': json({ message: 'Invalid username or password', code: 'UNAUTHENTICATED' }, 401),
    });
    const user = userEvent.setup();
    renderApp('/auth');
    const form = await screen.findByRole('form', { name: 'Login' });
    await user.type(within(form).getByLabelText('Username'), 'alice');
    await user.type(within(form).getByLabelText('Password'), 'wrong-password');
    await user.click(within(form).getByRole('button', { name: 'Login' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid username or password');
    expect(shownToast()).toMatchObject({
      variant: 'destructive',
      title: AUTH_TOASTS.loginFailed,
      description: 'Invalid username or password',
    });
  });

  it('welcomes back a member who logs in and sends them home', async () => {
    mockApi({ 'GET /api/user': signedOut, 'POST /api/login': json(aMember()) });
    const user = userEvent.setup();
    const { router } = renderApp('/auth');
    const form = await screen.findByRole('form', { name: 'Login' });
    await user.type(within(form).getByLabelText('Username'), 'alice');
    await user.type(within(form).getByLabelText('Password'), 'password123');
    await user.click(within(form).getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(shownToast()).toMatchObject({ title: TOASTS.welcomeBack.title, description: 'Logged in as alice' });
  });

  it('checks the registration form with the spec texts', async () => {
    const fetchMock = mockApi({ 'GET /api/user': signedOut });
    const { user, form } = await openRegister();

    await user.click(within(form).getByRole('button', { name: 'Create Account' }));
    expect(within(form).getByText(VALIDATION.usernameMin)).toBeTruthy();
    expect(within(form).getByText(VALIDATION.emailInvalid)).toBeTruthy();
    expect(within(form).getByText(VALIDATION.passwordMin)).toBeTruthy();

    await fillRegistration(user, form, 'secret124');
    await user.click(within(form).getByRole('button', { name: 'Create Account' }));
    expect(within(form).queryByText(VALIDATION.usernameMin)).toBeNull();
    expect(within(form).getByText(VALIDATION.passwordsDontMatch)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/register')).toHaveLength(0);
  });

  it.each([
    ['Username already exists', AUTH_TEXT.usernameTaken],
    ['Email already in use', AUTH_TEXT.emailRegistered],
  ])('says "%s" the way the spec does', async (serverMessage, shown) => {
    mockApi({
      'GET /api/user': signedOut,
      'POST /api/register': json({ message: serverMessage, code: 'CONFLICT' }, 409),
    });
    const { user, form } = await openRegister();
    await fillRegistration(user, form);
    await user.click(within(form).getByRole('button', { name: 'Create Account' }));

    expect((await screen.findByRole('alert')).textContent).toBe(shown);
    expect(shownToast()).toMatchObject({ title: AUTH_TOASTS.registrationFailed, description: shown });
  });

  it('keeps other registration failures as the server says them', () => {
    expect(registrationErrorText('Too many requests. Please slow down and try again shortly.')).toBe(
      'Too many requests. Please slow down and try again shortly.',
    );
  });

  it('remembers an unverified registration in session storage and asks for the code', async () => {
    const newbie = aMember({ id: 31, username: 'newbie', email: 'newbie@example.com', isEmailVerified: false });
    let registered = false;
    mockApi({
      'GET /api/user': (request) => (registered ? json(newbie)(request) : signedOut(request)),
      'POST /api/register': () => {
        registered = true;
        return Response.json(
          {
            id: 31,
            username: 'newbie',
            email: 'newbie@example.com',
            isEmailVerified: false,
            testVerificationCode: '482913',
          },
          { status: 201 },
        );
      },
    });
    const { user, form } = await openRegister();
    await fillRegistration(user, form);
    await user.click(within(form).getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('heading', { name: AUTH_TEXT.verificationRequiredTitle })).toBeTruthy();
    expect(screen.getByText(AUTH_TEXT.verificationRequiredPublic)).toBeTruthy();
    expect(screen.getByText(VERIFICATION_TEXT.developmentCode('482913'))).toBeTruthy();
    // Signed in by the registration: Logout, since 'Go to Login Page' would lead back to this screen.
    expect(screen.getByRole('button', { name: VERIFICATION_TEXT.logout })).toBeTruthy();
    expect(screen.queryByRole('button', { name: VERIFICATION_TEXT.goToLogin })).toBeNull();
    expect(sessionStorage.getItem(PENDING_VERIFICATION_KEYS.email)).toBe('newbie@example.com');
    expect(sessionStorage.getItem(PENDING_VERIFICATION_KEYS.registrationId)).toBe('31');
    expect(sessionStorage.getItem(PENDING_VERIFICATION_KEYS.testCode)).toBe('482913');
  });

  it('welcomes an account that is verified at once', async () => {
    let registered = false;
    mockApi({
      'GET /api/user': (request) => (registered ? json(aMember({ username: 'newbie' }))(request) : signedOut(request)),
      'POST /api/register': () => {
        registered = true;
        return Response.json(
          { id: 31, username: 'newbie', email: 'newbie@example.com', isEmailVerified: true },
          { status: 201 },
        );
      },
    });
    const { user, form } = await openRegister();
    await fillRegistration(user, form);
    await user.click(within(form).getByRole('button', { name: 'Create Account' }));

    await waitFor(() =>
      expect(shownToast()).toMatchObject({
        title: TOASTS.accountCreated.title,
        description: 'Welcome to the product, newbie',
      }),
    );
    expect(sessionStorage.getItem(PENDING_VERIFICATION_KEYS.email)).toBeNull();
  });

  it('sends a signed-in, verified member home', async () => {
    mockApi({ 'GET /api/user': json(aMember()) });
    const { router } = renderApp('/auth');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
