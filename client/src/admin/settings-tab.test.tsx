import { CONSOLE_TEXT, TEST_COINS } from '@enclave/protocol';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../stores/toast-store.ts';
import { BTC_ADDRESS, RECEIVING_ADDRESSES } from '../testing/admin.ts';
import { callsTo, json } from '../testing/mock-api.ts';
import { aModerator, anAdmin, renderConsole } from '../testing/render-console.tsx';

configure({ asyncUtilTimeout: 10_000 });

const lastToast = () => useToastStore.getState().toasts.at(-1);
const noPayments = { 'GET /api/admin/payments/pending': json({ payments: [] }) };

describe('the settings tab', { timeout: 30_000 }, () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));
  afterEach(() => vi.unstubAllGlobals());

  it('adds 100,000 test coins to the admin, toasts the answer and refreshes the current user', async () => {
    const { user, fetchMock } = await renderConsole('settings', {
      ...noPayments,
      'GET /api/admin/crypto-wallets': json(RECEIVING_ADDRESSES),
      'POST /api/admin/add-coins': json({
        message: '100,000 test coins added to your balance',
        userId: 1,
        coinBalance: 100_000,
      }),
    });
    const before = callsTo(fetchMock, 'GET /api/user').length;
    await user.click(await screen.findByRole('button', { name: 'Add 100,000 Test Coins' }));
    await waitFor(() => expect(lastToast()?.description).toBe('100,000 test coins added to your balance'));
    expect(callsTo(fetchMock, 'POST /api/admin/add-coins')[0]?.body).toEqual({ amount: TEST_COINS.self });
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/user').length).toBeGreaterThan(before));
  });

  it("keeps Save disabled until a change; 'Saved' when clean, 'Save Changes' when dirty", async () => {
    const { user } = await renderConsole('settings', {
      ...noPayments,
      'GET /api/admin/crypto-wallets': json(RECEIVING_ADDRESSES),
    });
    const save = await screen.findByRole('button', { name: CONSOLE_TEXT.saved });
    expect(save.hasAttribute('disabled')).toBe(true);

    const bitcoin = screen.getByRole('group', { name: 'Bitcoin (btc)' });
    await user.type(within(bitcoin).getByRole('textbox', { name: 'Network' }), '!');
    expect(screen.getByRole('button', { name: CONSOLE_TEXT.saveChanges }).hasAttribute('disabled')).toBe(false);
  });

  it('refuses an invalid address with its message and keeps Save disabled', async () => {
    const { user } = await renderConsole('settings', {
      ...noPayments,
      'GET /api/admin/crypto-wallets': json(RECEIVING_ADDRESSES),
    });
    const address = await screen.findByRole('textbox', { name: 'Tether address' });
    await user.clear(address);
    await user.type(address, '0x1234');
    expect(screen.getByText('Please enter a valid Tether address')).toBeTruthy();
    expect(screen.getByRole('button', { name: CONSOLE_TEXT.saveChanges }).hasAttribute('disabled')).toBe(true);
  });

  it("saves the whole map, says 'Saving...' meanwhile and 'Saved' after", async () => {
    let answer: (response: Response) => void = () => {};
    const newAddress = `3${'J'.repeat(33)}`;
    const { user, fetchMock } = await renderConsole('settings', {
      ...noPayments,
      'GET /api/admin/crypto-wallets': json(RECEIVING_ADDRESSES),
      'POST /api/admin/crypto-wallets': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const address = await screen.findByRole('textbox', { name: 'Bitcoin address' });
    await user.clear(address);
    await user.type(address, newAddress);
    await user.click(screen.getByRole('button', { name: CONSOLE_TEXT.saveChanges }));
    expect(await screen.findByRole('button', { name: CONSOLE_TEXT.saving })).toBeTruthy();
    const saved = { ...RECEIVING_ADDRESSES, btc: { ...RECEIVING_ADDRESSES.btc, address: newAddress } };
    expect(callsTo(fetchMock, 'POST /api/admin/crypto-wallets')[0]?.body).toEqual(saved);

    answer(Response.json(saved));
    expect(await screen.findByRole('button', { name: CONSOLE_TEXT.saved })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Bitcoin address' }) as HTMLInputElement).value).toBe(newAddress);
  });

  it("says 'Failed to update wallet addresses' with the server's message", async () => {
    const { user } = await renderConsole('settings', {
      ...noPayments,
      'GET /api/admin/crypto-wallets': json(RECEIVING_ADDRESSES),
      'POST /api/admin/crypto-wallets': json({ message: 'Please enter a valid Bitcoin address' }, 400),
    });
    const bitcoin = await screen.findByRole('group', { name: 'Bitcoin (btc)' });
    await user.type(within(bitcoin).getByRole('textbox', { name: 'Symbol' }), 'X');
    await user.click(screen.getByRole('button', { name: CONSOLE_TEXT.saveChanges }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: CONSOLE_TEXT.walletsUpdateFailed,
        description: 'Please enter a valid Bitcoin address',
      }),
    );
  });

  it("says 'No wallet data available' with 'Retry Loading' when the settings cannot be read", async () => {
    let fail = true;
    const { user } = await renderConsole('settings', {
      ...noPayments,
      'GET /api/admin/crypto-wallets': () =>
        fail ? Response.json({ message: 'Boom' }, { status: 500 }) : Response.json(RECEIVING_ADDRESSES),
    });
    expect(await screen.findByText(CONSOLE_TEXT.noWalletData)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: CONSOLE_TEXT.retryLoading }));
    expect(await screen.findByDisplayValue(BTC_ADDRESS)).toBeTruthy();
  });

  it('shows a moderator the pending payments, not the admin-only cards', async () => {
    await renderConsole('settings', noPayments, { user: aModerator() });
    expect(await screen.findByText('No payments are waiting for confirmation.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Admin Test Coins/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: /Crypto Wallet Settings/ })).toBeNull();
  });

  it('tells the admin the Forum Settings card has nothing to edit yet', async () => {
    await renderConsole('settings', noPayments, { user: anAdmin() });
    const card = (await screen.findByRole('heading', { name: /Forum Settings/ })).closest('section') as HTMLElement;
    expect(within(card).getByText(/not editable here yet/)).toBeTruthy();
    expect(within(card).queryByRole('button')).toBeNull();
  });
});
