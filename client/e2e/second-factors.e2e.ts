import { FACTOR_TEXT, PROFILE_TEXT, SESSIONS_TEXT, type SignInMethod } from '@enclave/protocol';
import type { App } from '@enclave/server';
import { openSession } from '@enclave/server/auth/session-records.ts';
import { appCodeNow } from '@enclave/server/factors/authenticator-app.ts';
import { createMember, DEFAULT_PASSWORD, TEST_CLIENT } from '@enclave/server/test/factories.ts';
import type { UserRecord } from '@enclave/server/users/user-model.ts';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DESKTOP, MOBILE, productInBrowser, screenshot, signedInContext } from './harness.ts';
import { overflowOf } from './viewport-fit.ts';

/**
 * Issue #27 in Chromium: passkeys made and used by the DevTools protocol's virtual authenticator, the authenticator
 * app's codes computed from the key the page shows, recovery codes, the two-step sign-in, the step-up dialog and the
 * console's gate for staff without a factor.
 */

let app: App;
let url: string;
let browser: Browser;

beforeAll(async () => {
  // Staff must have a second factor here, as in production; members are not concerned by it.
  ({ app, url, browser } = await productInBrowser({ STAFF_REQUIRE_2FA: 'true' }));
  // WebAuthn refuses an IP address as a relying party; outside production the server takes the page's origin.
  url = url.replace('127.0.0.1', 'localhost');
});

/** A platform authenticator (the device's own, with its screen lock) that keeps discoverable passkeys. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
}

/**
 * A session of `user` opened by a passkey ten minutes ago, set on `context` in place of its own: what a stolen
 * cookie is once its sign-in is no longer fresh (as server/src/factors/step-up.test.ts makes one).
 */
async function staleSession(context: BrowserContext, user: UserRecord) {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 10 * 60 * 1000 });
  let token: string;
  try {
    ({ token } = await openSession(app, user, TEST_CLIENT, 'passkey'));
  } finally {
    vi.useRealTimers();
  }
  await context.clearCookies();
  await context.addCookies([{ name: 'enclave_session', value: token, url, httpOnly: true, sameSite: 'Lax' }]);
}

async function submitPassword(page: Page, username: string) {
  await page.goto(`${url}/auth`);
  const login = page.getByRole('form', { name: 'Login' });
  await login.getByLabel('Username').fill(username);
  await login.getByLabel('Password').fill(DEFAULT_PASSWORD);
  await login.getByRole('button', { name: 'Login' }).click();
}

const accountMenu = (page: Page, user: UserRecord) =>
  page.getByRole('button', { name: `Account menu for ${user.username}` });

async function expectSignedIn(page: Page, user: UserRecord) {
  await page.waitForURL(`${url}/`);
  await accountMenu(page, user).waitFor();
}

async function logOut(page: Page, user: UserRecord) {
  await accountMenu(page, user).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL(`${url}/auth`);
}

async function openSecurity(page: Page) {
  await page.goto(`${url}/profile?tab=security`);
  await page.getByRole('region', { name: FACTOR_TEXT.passkeysTitle }).waitFor();
}

/** The sessions list (Security tab) says how this browser's session was signed in. */
async function expectSignedInWith(page: Page, method: SignInMethod) {
  await openSecurity(page);
  await page.getByRole('button', { name: PROFILE_TEXT.manageSessions }).click();
  const sessions = page.getByRole('dialog', { name: SESSIONS_TEXT.title });
  const current = sessions.getByRole('listitem').filter({ hasText: SESSIONS_TEXT.current });
  await current.getByText(`${FACTOR_TEXT.signedInWith} ${FACTOR_TEXT.methods[method]}`, { exact: true }).waitFor();
  await sessions.getByRole('button', { name: 'Close' }).click();
  await sessions.waitFor({ state: 'detached' });
}

const passkeyRows = (page: Page) => page.getByRole('list', { name: FACTOR_TEXT.passkeysTitle }).getByRole('listitem');
const authBanner = (page: Page) => page.getByRole('region', { name: 'Welcome to Enclave' }).getByRole('alert');

/** The recovery codes dialog: its ten codes, read, then dismissed with “I have saved them”. */
/** Adds a passkey under `name` from the Security tab's form (the virtual authenticator answers). */
async function addPasskeyHere(page: Page, name: string) {
  const add = page.getByRole('form', { name: FACTOR_TEXT.addPasskey });
  await add.getByLabel(FACTOR_TEXT.passkeyName).fill(name);
  await add.getByRole('button', { name: FACTOR_TEXT.addPasskey }).click();
}

async function saveRecoveryCodes(page: Page): Promise<string[]> {
  const dialog = page.getByRole('alertdialog', { name: FACTOR_TEXT.codesTitle });
  await dialog.waitFor();
  const codes = await dialog
    .getByRole('list', { name: FACTOR_TEXT.recoveryTitle })
    .getByRole('listitem')
    .allTextContents();
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/i);
  await dialog.getByRole('button', { name: FACTOR_TEXT.savedCodes }).click();
  await dialog.waitFor({ state: 'detached' });
  return codes;
}

/** No animation half-way (a dialog fading in): what a screenshot or a measure should see. */
async function stillPage(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

/**
 * The screen as it is, at a phone's width and at a desktop's, into SCREENSHOT_DIR (`factors-<name>-phone.png`,
 * `-desktop.png`); nothing sticks out past either. `show` is scrolled to the middle at each width, at once (the page
 * scrolls smoothly, which no animation list shows).
 */
async function shoot(page: Page, name: string, show?: Locator) {
  const size = page.viewportSize();
  for (const [label, viewport] of [
    ['phone', MOBILE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await show?.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
    await stillPage(page);
    expect((await overflowOf(page)).offenders, `${name} at ${viewport.width} px`).toEqual([]);
    await screenshot(page, `factors-${name}-${label}`);
  }
  if (size) await page.setViewportSize(size);
}

describe('second factors in the browser', () => {
  it('a passkey: added under a name on the Security tab, signs in with no username typed, removed at once after that fresh sign-in', async () => {
    const { user } = await createMember(app);
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const heldCredentials = await virtualAuthenticator(page);
    await submitPassword(page, user.username);
    await expectSignedIn(page, user);

    await openSecurity(page);
    expect(await page.getByText(FACTOR_TEXT.noPasskeys).isVisible()).toBe(true);
    await addPasskeyHere(page, 'Work laptop');
    // The first factor comes with recovery codes, shown this once.
    await page.getByRole('alertdialog', { name: FACTOR_TEXT.codesTitle }).waitFor();
    await shoot(page, 'recovery-codes');
    await saveRecoveryCodes(page);
    await passkeyRows(page).filter({ hasText: 'Work laptop' }).waitFor();
    // The device keeps it as a discoverable credential: what signing in with no username needs.
    const credentials = await heldCredentials();
    expect(credentials.map((credential) => [credential.rpId, credential.isResidentCredential])).toEqual([
      ['localhost', true],
    ]);
    // Shown once: the page read again shows how many are left, never the codes.
    await openSecurity(page);
    await page.getByText(FACTOR_TEXT.recoveryRemaining(10)).waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);

    await logOut(page, user);
    await page.getByRole('button', { name: FACTOR_TEXT.signInWithPasskey }).waitFor();
    await shoot(page, 'auth-with-passkey');
    await page.getByRole('button', { name: FACTOR_TEXT.signInWithPasskey }).click();
    await expectSignedIn(page, user);
    expect(await page.getByRole('form', { name: 'Login' }).count()).toBe(0);

    await expectSignedInWith(page, 'passkey');

    // A passkey sign-in is a fresh proof: the passkey goes without a step-up.
    await passkeyRows(page).filter({ hasText: 'Work laptop' }).waitFor();
    await page.getByRole('button', { name: FACTOR_TEXT.removeLabel('Work laptop') }).click();
    const confirm = page.getByRole('alertdialog', { name: FACTOR_TEXT.removeLabel('Work laptop') });
    await confirm.getByRole('button', { name: FACTOR_TEXT.remove }).click();
    await page.getByText(FACTOR_TEXT.noPasskeys).waitFor();
    expect(await page.getByRole('dialog', { name: FACTOR_TEXT.stepUpTitle }).count()).toBe(0);
    expect(await passkeyRows(page).count()).toBe(0);
    // No factor left: the recovery codes went with it.
    await page.getByText(FACTOR_TEXT.noRecoveryCodes).waitFor();
    await context.close();
  });

  it('a passkey on a session signed in ten minutes ago: Remove asks “Confirm it’s you”, the passkey confirms, it is removed', async () => {
    const { user } = await createMember(app);
    const context = await signedInContext(browser, app, url, user);
    const page = await context.newPage();
    await virtualAuthenticator(page);
    await openSecurity(page);
    await addPasskeyHere(page, 'Phone');
    await saveRecoveryCodes(page);
    await passkeyRows(page).filter({ hasText: 'Phone' }).waitFor();

    await staleSession(context, user);
    await openSecurity(page);
    await page.getByRole('button', { name: FACTOR_TEXT.removeLabel('Phone') }).click();
    const confirm = page.getByRole('alertdialog', { name: FACTOR_TEXT.removeLabel('Phone') });
    await confirm.getByRole('button', { name: FACTOR_TEXT.remove }).click();
    const stepUp = page.getByRole('dialog', { name: FACTOR_TEXT.stepUpTitle });
    await stepUp.getByRole('button', { name: FACTOR_TEXT.usePasskey }).waitFor();
    // Only a passkey on: no code to type, no password offered.
    expect(await stepUp.getByRole('textbox').count()).toBe(0);
    await shoot(page, 'step-up-passkey');
    await stepUp.getByRole('button', { name: FACTOR_TEXT.usePasskey }).click();
    await stepUp.waitFor({ state: 'detached' });
    // The refused removal is sent again once confirmed.
    await page.getByText(FACTOR_TEXT.noPasskeys).waitFor();
    expect(await passkeyRows(page).count()).toBe(0);
    await context.close();
  });

  it('an authenticator app: set up from its key, then a code or a recovery code finishes a password sign-in; a replayed code and a spent recovery code are refused', async () => {
    const { user } = await createMember(app);
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await submitPassword(page, user.username);
    await expectSignedIn(page, user);

    await openSecurity(page);
    const part = page.getByRole('region', { name: new RegExp(`^${FACTOR_TEXT.appTitle}`) });
    await part.getByText(FACTOR_TEXT.appOff, { exact: true }).waitFor();
    await part.getByRole('button', { name: FACTOR_TEXT.setUpApp }).click();
    await part.getByRole('img', { name: FACTOR_TEXT.qrLabel }).locator('svg').waitFor();
    await shoot(page, 'app-setup', part);
    const secret = (await part.getByRole('definition').textContent())?.replace(/\s/g, '') ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await part.getByLabel(FACTOR_TEXT.firstCode).fill(appCodeNow(secret, Date.now() - 30_000));
    await part.getByRole('button', { name: FACTOR_TEXT.confirmApp }).click();
    const codes = await saveRecoveryCodes(page);
    await part.getByText(/^On since /).waitFor();

    await logOut(page, user);
    await submitPassword(page, user.username);
    await page.getByRole('heading', { name: FACTOR_TEXT.secondStepTitle }).waitFor();
    // No session yet: the password alone opened nothing.
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('enclave_session');
    await shoot(page, 'second-step');
    const appCode = appCodeNow(secret, Date.now());
    await page.getByLabel(FACTOR_TEXT.appCode).fill(appCode);
    await page.getByRole('button', { name: FACTOR_TEXT.verify }).click();
    await expectSignedIn(page, user);
    await expectSignedInWith(page, 'password+app');

    await logOut(page, user);
    await submitPassword(page, user.username);
    await page.getByLabel(FACTOR_TEXT.appCode).fill(appCode);
    await page.getByRole('button', { name: FACTOR_TEXT.verify }).click();
    await authBanner(page).getByText(FACTOR_TEXT.wrongProof).waitFor();
    await page.getByRole('button', { name: FACTOR_TEXT.useRecovery }).click();
    await page.getByLabel(FACTOR_TEXT.recoveryCode).fill(codes[0] as string);
    await shoot(page, 'second-step-recovery');
    await page.getByRole('button', { name: FACTOR_TEXT.verify }).click();
    await expectSignedIn(page, user);
    await expectSignedInWith(page, 'password+recovery');
    await page.getByText(FACTOR_TEXT.recoveryRemaining(9)).waitFor();

    await logOut(page, user);
    await submitPassword(page, user.username);
    await page.getByRole('button', { name: FACTOR_TEXT.useRecovery }).click();
    await page.getByLabel(FACTOR_TEXT.recoveryCode).fill(codes[0] as string);
    await page.getByRole('button', { name: FACTOR_TEXT.verify }).click();
    await authBanner(page).getByText(FACTOR_TEXT.wrongProof).waitFor();
    await shoot(page, 'second-step-refused');
    expect(page.url()).toBe(`${url}/auth`);
    expect(await accountMenu(page, user).count()).toBe(0);
    await context.close();
  });

  it('the Security tab with a passkey and the app on; turning the app off on a stale session asks for a code', async () => {
    const { user } = await createMember(app);
    const context = await signedInContext(browser, app, url, user);
    const page = await context.newPage();
    await virtualAuthenticator(page);
    await openSecurity(page);
    await addPasskeyHere(page, 'Work laptop');
    await saveRecoveryCodes(page);
    const part = page.getByRole('region', { name: new RegExp(`^${FACTOR_TEXT.appTitle}`) });
    await part.getByRole('button', { name: FACTOR_TEXT.setUpApp }).click();
    const secret = (await part.getByRole('definition').textContent())?.replace(/\s/g, '') ?? '';
    await part.getByLabel(FACTOR_TEXT.firstCode).fill(appCodeNow(secret, Date.now() - 30_000));
    await part.getByRole('button', { name: FACTOR_TEXT.confirmApp }).click();
    await part.getByText(/^On since /).waitFor();
    // Not the first factor: no new recovery codes.
    expect(await page.getByRole('alertdialog', { name: FACTOR_TEXT.codesTitle }).count()).toBe(0);
    await shoot(page, 'security-on', page.getByRole('region', { name: FACTOR_TEXT.sectionTitle }));

    await staleSession(context, user);
    await openSecurity(page);
    await part.getByRole('button', { name: FACTOR_TEXT.turnOffApp }).click();
    await page
      .getByRole('alertdialog', { name: FACTOR_TEXT.turnOffApp })
      .getByRole('button', { name: FACTOR_TEXT.turnOffApp })
      .click();
    const stepUp = page.getByRole('dialog', { name: FACTOR_TEXT.stepUpTitle });
    await stepUp.getByLabel(FACTOR_TEXT.appCode).waitFor();
    await stepUp.getByRole('button', { name: FACTOR_TEXT.usePasskey }).waitFor();
    await shoot(page, 'step-up-app');
    await stepUp.getByLabel(FACTOR_TEXT.appCode).fill(appCodeNow(secret, Date.now() + 30_000));
    await stepUp.getByRole('button', { name: FACTOR_TEXT.confirm }).click();
    await stepUp.waitFor({ state: 'detached' });
    await part.getByText(FACTOR_TEXT.appOff, { exact: true }).waitFor();
    await passkeyRows(page).filter({ hasText: 'Work laptop' }).waitFor();
    await context.close();
  });

  it('staff without a factor (STAFF_REQUIRE_2FA): the console says why and links to the Security tab; an app opens it', async () => {
    const { user: admin } = await createMember(app, { isAdmin: true });
    const context = await signedInContext(browser, app, url, admin);
    const page = await context.newPage();
    await page.goto(`${url}/admin`);
    const gate = page.getByRole('region', { name: FACTOR_TEXT.consoleTitle });
    await gate.getByRole('heading', { name: FACTOR_TEXT.consoleTitle, level: 1 }).waitFor();
    await gate.getByText(FACTOR_TEXT.staffNeedsFactor).waitFor();
    expect(await page.getByRole('navigation', { name: 'Console tabs' }).count()).toBe(0);
    await shoot(page, 'console-gate');

    await gate.getByRole('link', { name: FACTOR_TEXT.consoleGoToSecurity }).click();
    await page.waitForURL(`${url}/profile?tab=security`);
    await page.getByRole('tab', { name: 'Security', selected: true }).waitFor();
    await page
      .getByRole('region', { name: FACTOR_TEXT.sectionTitle })
      .getByText(FACTOR_TEXT.staffNeedsFactor)
      .waitFor();

    const part = page.getByRole('region', { name: new RegExp(`^${FACTOR_TEXT.appTitle}`) });
    await part.getByRole('button', { name: FACTOR_TEXT.setUpApp }).click();
    const secret = (await part.getByRole('definition').textContent())?.replace(/\s/g, '') ?? '';
    await part.getByLabel(FACTOR_TEXT.firstCode).fill(appCodeNow(secret, Date.now() - 30_000));
    await part.getByRole('button', { name: FACTOR_TEXT.confirmApp }).click();
    await saveRecoveryCodes(page);
    await page.goto(`${url}/admin`);
    await page.getByRole('navigation', { name: 'Console tabs' }).waitFor();
    expect(await page.getByRole('heading', { name: FACTOR_TEXT.consoleTitle }).count()).toBe(0);
    await context.close();
  });
});
