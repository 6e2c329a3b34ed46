import { FACTOR_TEXT, type SecurityFactors } from '@enclave/protocol';
import { startRegistration } from '@simplewebauthn/browser';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TAB_LOADING } from '../routes/profile-page.tsx';
import { useRecoveryCodesStore } from '../stores/recovery-codes-store.ts';
import { useToastStore } from '../stores/toast-store.ts';
import { aMember, callsTo, json, mockApi } from '../testing/mock-api.ts';
import { ATTESTATION, CHALLENGE, promptClosed, TEN_CODES } from '../testing/passkeys.ts';
import { renderApp } from '../testing/render-app.tsx';

vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => true,
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));

const shownToast = () => useToastStore.getState().toasts.find((toast) => toast.open);

const NONE: SecurityFactors = {
  passkeys: [],
  authenticatorApp: null,
  recoveryCodes: null,
  steppedUpUntil: null,
  required: false,
};
const LAPTOP = {
  id: 'Y3JlZC0x',
  name: 'Laptop',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
};
const WITH_PASSKEY: SecurityFactors = {
  ...NONE,
  passkeys: [LAPTOP],
  recoveryCodes: { remaining: 10, generatedAt: '2026-11-20T10:00:00.000Z' },
};

/**
 * /profile's Security tab, with GET /api/factors answering `factors` and then `after` (each change reads them again).
 */
async function openSecurity(routes: Parameters<typeof mockApi>[0], factors: SecurityFactors, after = factors) {
  // The factors read as `after` once a change of them was answered 200 (a step-up's read before that sees `factors`).
  let changed = false;
  const changes = Object.entries(routes).map(([route, answer]) => [
    route,
    async (request: Parameters<typeof answer>[0]) => {
      const response = await answer(request);
      if (route.includes(' /api/factors') && response.ok) changed = true;
      return response;
    },
  ]);
  const fetchMock = mockApi({
    'GET /api/user': json(aMember({ hasSecondFactor: factors !== NONE })),
    'GET /api/factors': () => Response.json(changed ? after : factors),
    ...Object.fromEntries(changes),
  });
  const view = renderApp('/profile?tab=security');
  const user = userEvent.setup();
  await screen.findByRole('heading', { name: 'Profile Settings' });
  await waitFor(() => expect(screen.queryByText(TAB_LOADING)).toBeNull(), { timeout: 10_000 });
  const section = screen.getByRole('region', { name: FACTOR_TEXT.sectionTitle });
  await within(section).findByRole('region', { name: FACTOR_TEXT.passkeysTitle });
  return { fetchMock, user, section, ...view };
}

const part = (section: HTMLElement, name: string) => within(section).getByRole('region', { name: new RegExp(name) });

describe('Profile → Security: two-factor sign-in', { timeout: 20_000 }, () => {
  beforeEach(() => {
    useToastStore.setState({ toasts: [] });
    useRecoveryCodesStore.getState().close();
    vi.mocked(startRegistration).mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sits above the sessions and the log, and says what is on', async () => {
    const { section } = await openSecurity({}, WITH_PASSKEY);
    const password = screen.getByRole('region', { name: 'Change Password' });
    const sessions = screen.getByRole('region', { name: 'Session Management' });
    expect(password.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(section.compareDocumentPosition(sessions) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const passkeys = within(part(section, FACTOR_TEXT.passkeysTitle)).getAllByRole('listitem');
    expect(passkeys.map((row) => row.textContent)).toEqual([
      `Laptop${FACTOR_TEXT.added} November 20, 2026${FACTOR_TEXT.lastUsed} ${FACTOR_TEXT.never}${FACTOR_TEXT.rename}${FACTOR_TEXT.remove}`,
    ]);
    expect(within(section).getByText(FACTOR_TEXT.appOff)).toBeTruthy();
    expect(within(section).getByText(FACTOR_TEXT.recoveryRemaining(10))).toBeTruthy();
  });

  it('adds a passkey under its name, then shows the first recovery codes once', async () => {
    vi.mocked(startRegistration).mockResolvedValue(ATTESTATION);
    const { fetchMock, user, section } = await openSecurity(
      {
        'POST /api/factors/passkeys/options': json(CHALLENGE),
        'POST /api/factors/passkeys': json({ message: FACTOR_TEXT.passkeyAdded, recoveryCodes: TEN_CODES }, 201),
      },
      NONE,
      WITH_PASSKEY,
    );
    expect(within(section).getByText(FACTOR_TEXT.noPasskeys)).toBeTruthy();
    expect(within(section).getByText(FACTOR_TEXT.noRecoveryCodes)).toBeTruthy();
    const name = within(section).getByLabelText(FACTOR_TEXT.passkeyName) as HTMLInputElement;
    expect(name.value).toBe(FACTOR_TEXT.passkeyNameDefault);
    await user.clear(name);
    await user.type(name, 'Laptop');
    await user.click(within(section).getByRole('button', { name: FACTOR_TEXT.addPasskey }));

    const dialog = await screen.findByRole('alertdialog', { name: FACTOR_TEXT.codesTitle });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(TEN_CODES);
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: CHALLENGE.options });
    expect(callsTo(fetchMock, 'POST /api/factors/passkeys')[0]?.body).toEqual({
      name: 'Laptop',
      challengeToken: CHALLENGE.challengeToken,
      response: ATTESTATION,
    });
    expect(shownToast()).toMatchObject({ title: FACTOR_TEXT.passkeyAdded });

    await user.click(within(dialog).getByRole('button', { name: FACTOR_TEXT.savedCodes }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // The factors and the member are read again: the list shows the new passkey.
    expect(await within(section).findByText('Laptop')).toBeTruthy();
    expect(callsTo(fetchMock, 'GET /api/user').length).toBeGreaterThan(1);
  });

  it('says so when the browser made no passkey, and sends nothing', async () => {
    vi.mocked(startRegistration).mockRejectedValue(promptClosed());
    const { fetchMock, user, section } = await openSecurity(
      { 'POST /api/factors/passkeys/options': json(CHALLENGE) },
      NONE,
    );
    await user.click(within(section).getByRole('button', { name: FACTOR_TEXT.addPasskey }));
    await waitFor(() =>
      expect(shownToast()).toMatchObject({
        title: FACTOR_TEXT.changeFailed,
        description: FACTOR_TEXT.passkeyCancelled,
      }),
    );
    expect(callsTo(fetchMock, 'POST /api/factors/passkeys')).toHaveLength(0);
  });

  it('renames a passkey', async () => {
    const { fetchMock, user, section } = await openSecurity(
      { 'PATCH /api/factors/passkeys/Y3JlZC0x': json({ message: FACTOR_TEXT.passkeyRenamed }) },
      WITH_PASSKEY,
      { ...WITH_PASSKEY, passkeys: [{ ...LAPTOP, name: 'Work laptop' }] },
    );
    await user.click(within(section).getByRole('button', { name: FACTOR_TEXT.renameLabel('Laptop') }));
    const dialog = await screen.findByRole('dialog', { name: FACTOR_TEXT.renameLabel('Laptop') });
    const name = within(dialog).getByLabelText(FACTOR_TEXT.passkeyName);
    await user.clear(name);
    await user.type(name, 'Work laptop');
    await user.click(within(dialog).getByRole('button', { name: FACTOR_TEXT.save }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'PATCH /api/factors/passkeys/Y3JlZC0x')[0]?.body).toEqual({ name: 'Work laptop' });
    expect(await within(section).findByText('Work laptop')).toBeTruthy();
  });

  it('removes a passkey once asked, after the step-up the server asks for', async () => {
    let steppedUp = false;
    const { fetchMock, user, section } = await openSecurity(
      {
        'DELETE /api/factors/passkeys/Y3JlZC0x': () =>
          steppedUp
            ? Response.json({ message: FACTOR_TEXT.passkeyRemoved })
            : Response.json({ message: FACTOR_TEXT.stepUpRequired, code: 'STEP_UP_REQUIRED' }, { status: 403 }),
        'POST /api/step-up': () => {
          steppedUp = true;
          return Response.json({ message: FACTOR_TEXT.steppedUp, until: '2026-11-20T10:05:00.000Z' });
        },
      },
      { ...WITH_PASSKEY, authenticatorApp: { addedAt: '2026-11-20T10:00:00.000Z' } },
      NONE,
    );
    await user.click(within(section).getByRole('button', { name: FACTOR_TEXT.removeLabel('Laptop') }));
    const confirm = await screen.findByRole('alertdialog', { name: FACTOR_TEXT.removeLabel('Laptop') });
    expect(within(confirm).getByText(FACTOR_TEXT.removePasskeyConfirm('Laptop'))).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: FACTOR_TEXT.remove }));

    const stepUp = await screen.findByRole('dialog', { name: FACTOR_TEXT.stepUpTitle });
    await user.type(await within(stepUp).findByLabelText(FACTOR_TEXT.appCode), '654321');
    await user.click(within(stepUp).getByRole('button', { name: FACTOR_TEXT.confirm }));

    await waitFor(() => expect(shownToast()).toMatchObject({ title: FACTOR_TEXT.passkeyRemoved }));
    expect(callsTo(fetchMock, 'POST /api/step-up')[0]?.body).toEqual({ code: '654321' });
    expect(callsTo(fetchMock, 'DELETE /api/factors/passkeys/Y3JlZC0x')).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await within(section).findByText(FACTOR_TEXT.noPasskeys)).toBeTruthy();
  });

  it('sets up the authenticator app: its key as a QR code and as text, then its first code turns it on', async () => {
    const secret = 'JBSWY3DPEHPK3PXP';
    const { fetchMock, user, section } = await openSecurity(
      {
        'POST /api/factors/app/setup': json({
          secret,
          uri: `otpauth://totp/Enclave:alice?secret=${secret}&issuer=Enclave`,
          expiresAt: '2026-11-20T10:10:00.000Z',
        }),
        'POST /api/factors/app': (request) =>
          (request.body as { code: string }).code === '000000'
            ? Response.json({ message: FACTOR_TEXT.wrongProof, code: 'CODE_INVALID' }, { status: 400 })
            : Response.json({ message: FACTOR_TEXT.appAdded, recoveryCodes: TEN_CODES }),
      },
      NONE,
      { ...NONE, authenticatorApp: { addedAt: '2026-11-20T10:01:00.000Z' } },
    );
    const app = part(section, FACTOR_TEXT.appTitle);
    await user.click(within(app).getByRole('button', { name: FACTOR_TEXT.setUpApp }));

    expect(await within(app).findByRole('img', { name: FACTOR_TEXT.qrLabel })).toBeTruthy();
    expect(within(app).getByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    const code = within(app).getByLabelText(FACTOR_TEXT.firstCode);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    await user.type(code, '000000');
    await user.click(within(app).getByRole('button', { name: FACTOR_TEXT.confirmApp }));
    expect(await within(app).findByText(FACTOR_TEXT.wrongProof)).toBeTruthy();

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(app).getByRole('button', { name: FACTOR_TEXT.confirmApp }));

    expect(await screen.findByRole('alertdialog', { name: FACTOR_TEXT.codesTitle })).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/factors/app')[1]?.body).toEqual({ code: '123456' });
    expect(await within(app).findByText(FACTOR_TEXT.appOn('November 20, 2026'))).toBeTruthy();
    expect(within(app).queryByRole('img', { name: FACTOR_TEXT.qrLabel })).toBeNull();
  });

  it('turns the app off once asked', async () => {
    const withApp = { ...WITH_PASSKEY, authenticatorApp: { addedAt: '2026-11-20T10:00:00.000Z' } };
    const { fetchMock, user, section } = await openSecurity(
      { 'DELETE /api/factors/app': json({ message: FACTOR_TEXT.appRemoved }) },
      withApp,
      WITH_PASSKEY,
    );
    await user.click(within(section).getByRole('button', { name: FACTOR_TEXT.turnOffApp }));
    const confirm = await screen.findByRole('alertdialog', { name: FACTOR_TEXT.turnOffApp });
    await user.click(within(confirm).getByRole('button', { name: FACTOR_TEXT.turnOffApp }));

    await waitFor(() => expect(shownToast()).toMatchObject({ title: FACTOR_TEXT.appRemoved }));
    expect(callsTo(fetchMock, 'DELETE /api/factors/app')).toHaveLength(1);
    expect(await within(section).findByText(FACTOR_TEXT.appOff)).toBeTruthy();
  });

  it('makes new recovery codes and shows them once, with a Copy button', async () => {
    const { user, section } = await openSecurity(
      { 'POST /api/factors/recovery-codes': json({ codes: TEN_CODES }) },
      { ...WITH_PASSKEY, recoveryCodes: { remaining: 2, generatedAt: '2026-11-20T10:00:00.000Z' } },
      WITH_PASSKEY,
    );
    expect(within(section).getByText(FACTOR_TEXT.recoveryRemaining(2))).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: FACTOR_TEXT.regenerate }));

    const dialog = await screen.findByRole('alertdialog', { name: FACTOR_TEXT.codesTitle });
    await user.click(within(dialog).getByRole('button', { name: FACTOR_TEXT.copyCodes }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(TEN_CODES.join('\n'));
    expect(within(dialog).getByRole('button', { name: FACTOR_TEXT.copied })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: FACTOR_TEXT.savedCodes }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await within(section).findByText(FACTOR_TEXT.recoveryRemaining(10))).toBeTruthy();
  });

  it('tells staff who must add a factor why', async () => {
    const { section } = await openSecurity({}, { ...NONE, required: true });
    expect(within(section).getByText(FACTOR_TEXT.staffNeedsFactor)).toBeTruthy();
    expect(within(section).queryByRole('button', { name: FACTOR_TEXT.regenerate })).toBeNull();
  });
});
