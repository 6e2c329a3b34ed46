import { FACTOR_TEXT, PROFILE_TEXT, type SecurityFactors } from '@enclave/protocol';
import { startAuthentication } from '@simplewebauthn/browser';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStepUpStore } from '../stores/step-up-store.ts';
import { useToastStore } from '../stores/toast-store.ts';
import { aMember, callsTo, json, mockApi } from '../testing/mock-api.ts';
import { ASSERTION, CHALLENGE } from '../testing/passkeys.ts';
import { renderApp } from '../testing/render-app.tsx';

vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => true,
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));

const shownToast = () => useToastStore.getState().toasts.find((toast) => toast.open);
const STEP_UP_REQUIRED = { message: FACTOR_TEXT.stepUpRequired, code: 'STEP_UP_REQUIRED' };
const STEPPED_UP = { message: FACTOR_TEXT.steppedUp, until: '2026-11-20T10:05:00.000Z' };
const PASSKEY_ONLY: SecurityFactors = {
  passkeys: [{ id: 'Y3JlZC0x', name: 'Laptop', createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: null }],
  authenticatorApp: null,
  recoveryCodes: { remaining: 9, generatedAt: '2026-11-20T10:00:00.000Z' },
  steppedUpUntil: null,
  required: false,
};

const NO_FACTORS: SecurityFactors = {
  passkeys: [],
  authenticatorApp: null,
  recoveryCodes: null,
  steppedUpUntil: null,
  required: false,
};

/**
 * Deleting the account on /profile, a move the server answers with STEP_UP_REQUIRED until `POST /api/step-up`
 * has been answered 200.
 */
async function deleteAccount(routes: Parameters<typeof mockApi>[0], member = aMember()) {
  let steppedUp = false;
  const fetchMock = mockApi({
    'GET /api/user': json(member),
    'GET /api/factors': json(NO_FACTORS),
    'DELETE /api/profile': () =>
      steppedUp
        ? Response.json({ message: 'Your account has been deleted' })
        : Response.json(STEP_UP_REQUIRED, { status: 403 }),
    ...routes,
    'POST /api/step-up': async (request) => {
      const answer = await (routes['POST /api/step-up'] ?? json(STEPPED_UP))(request);
      steppedUp = answer.ok;
      return answer;
    },
  });
  const user = userEvent.setup();
  renderApp('/profile');
  await user.click(await screen.findByRole('button', { name: PROFILE_TEXT.deleteAccount }));
  const confirm = await screen.findByRole('alertdialog', { name: PROFILE_TEXT.deleteConfirmTitle });
  await user.type(within(confirm).getByLabelText(PROFILE_TEXT.deletePasswordLabel), 'password123');
  await user.click(within(confirm).getByRole('button', { name: PROFILE_TEXT.deleteAccount }));
  const stepUp = await screen.findByRole('dialog', { name: FACTOR_TEXT.stepUpTitle });
  return { fetchMock, user, confirm, stepUp };
}

describe('the step-up dialog', { timeout: 20_000 }, () => {
  beforeEach(() => {
    useToastStore.setState({ toasts: [] });
    vi.mocked(startAuthentication).mockReset();
  });
  afterEach(() => {
    if (useStepUpStore.getState().isOpen) useStepUpStore.getState().settle(false);
    vi.unstubAllGlobals();
  });

  it('asks a member without a factor for the password, then the refused call goes through', async () => {
    const { fetchMock, user, stepUp } = await deleteAccount({});
    expect(await within(stepUp).findByText(FACTOR_TEXT.stepUpIntro)).toBeTruthy();
    const password = await within(stepUp).findByLabelText(FACTOR_TEXT.password);
    await user.type(password, 'password123');
    await user.click(within(stepUp).getByRole('button', { name: FACTOR_TEXT.confirm }));

    await waitFor(() => expect(shownToast()).toMatchObject({ title: PROFILE_TEXT.accountDeleted }));
    expect(callsTo(fetchMock, 'POST /api/step-up')[0]?.body).toEqual({ password: 'password123' });
    expect(callsTo(fetchMock, 'DELETE /api/profile')).toHaveLength(2);
    expect(screen.queryByRole('dialog', { name: FACTOR_TEXT.stepUpTitle })).toBeNull();
  });

  it('keeps the dialog open with the refusal under the field', async () => {
    const { fetchMock, user, stepUp } = await deleteAccount({
      'POST /api/step-up': json({ message: FACTOR_TEXT.wrongProof, code: 'UNAUTHENTICATED' }, 401),
    });
    await user.type(await within(stepUp).findByLabelText(FACTOR_TEXT.password), 'not-it');
    await user.click(within(stepUp).getByRole('button', { name: FACTOR_TEXT.confirm }));
    expect(await within(stepUp).findByText(FACTOR_TEXT.wrongProof)).toBeTruthy();
    expect(callsTo(fetchMock, 'DELETE /api/profile')).toHaveLength(1);
  });

  it('asks for a factor added on another device since the page loaded, not the password', async () => {
    const { stepUp } = await deleteAccount({ 'GET /api/factors': json(PASSKEY_ONLY) }, aMember());
    expect(await within(stepUp).findByRole('button', { name: FACTOR_TEXT.usePasskey })).toBeTruthy();
    expect(within(stepUp).queryByLabelText(FACTOR_TEXT.password)).toBeNull();
  });

  it('on Cancel answers the move with its refusal, as before', async () => {
    const { fetchMock, user, confirm, stepUp } = await deleteAccount({});
    await user.click(await within(stepUp).findByRole('button', { name: 'Cancel' }));

    expect(await within(confirm).findByText(FACTOR_TEXT.stepUpRequired)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: FACTOR_TEXT.stepUpTitle })).toBeNull();
    expect(callsTo(fetchMock, 'DELETE /api/profile')).toHaveLength(1);
    expect(callsTo(fetchMock, 'POST /api/step-up')).toHaveLength(0);
  });

  it('offers a member with only a passkey the passkey, or a recovery code, not the password', async () => {
    vi.mocked(startAuthentication).mockResolvedValue(ASSERTION);
    const { fetchMock, user, stepUp } = await deleteAccount(
      { 'GET /api/factors': json(PASSKEY_ONLY), 'POST /api/step-up/options': json(CHALLENGE) },
      aMember({ hasSecondFactor: true }),
    );
    const passkey = await within(stepUp).findByRole('button', { name: FACTOR_TEXT.usePasskey });
    expect(within(stepUp).queryByLabelText(FACTOR_TEXT.password)).toBeNull();
    expect(within(stepUp).queryByLabelText(FACTOR_TEXT.appCode)).toBeNull();
    expect(within(stepUp).getByRole('button', { name: FACTOR_TEXT.useRecovery })).toBeTruthy();
    await user.click(passkey);

    await waitFor(() => expect(shownToast()).toMatchObject({ title: PROFILE_TEXT.accountDeleted }));
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: CHALLENGE.options });
    expect(callsTo(fetchMock, 'POST /api/step-up')[0]?.body).toEqual({
      passkey: { challengeToken: CHALLENGE.challengeToken, response: ASSERTION },
    });
  });

  it('takes a recovery code', async () => {
    const { fetchMock, user, stepUp } = await deleteAccount(
      { 'GET /api/factors': json(PASSKEY_ONLY) },
      aMember({ hasSecondFactor: true }),
    );
    await user.click(await within(stepUp).findByRole('button', { name: FACTOR_TEXT.useRecovery }));
    await user.type(within(stepUp).getByLabelText(FACTOR_TEXT.recoveryCode), 'ABCDE12345');
    await user.click(within(stepUp).getByRole('button', { name: FACTOR_TEXT.confirm }));

    await waitFor(() => expect(shownToast()).toMatchObject({ title: PROFILE_TEXT.accountDeleted }));
    expect(callsTo(fetchMock, 'POST /api/step-up')[0]?.body).toEqual({ recoveryCode: 'ABCDE12345' });
  });
});
