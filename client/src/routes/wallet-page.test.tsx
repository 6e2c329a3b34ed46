import { PAYMENT_TEXT, VALIDATION, WALLET_TEXT } from '@enclave/protocol';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../stores/toast-store.ts';
import { aMember, callsTo, json, mockApi } from '../testing/mock-api.ts';
import { renderApp } from '../testing/render-app.tsx';
import { aPayment, aTransaction, BTC_ADDRESS, PACKAGES } from '../testing/wallet.ts';
import { putPayment } from '../wallet/wallet-cache.ts';

const shownToast = () => useToastStore.getState().toasts.find((toast) => toast.open);
const payment = aPayment();

function walletApi(routes: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/user': json(aMember({ coinBalance: 1250 })),
    'GET /api/payments/packages': json(PACKAGES),
    'GET /api/payments/currencies': json(['btc', 'xmr']),
    'POST /api/payments/estimate': json({ estimated_amount: 0.00015385, min_amount: 0.0001, max_amount: null }),
    'POST /api/payments/create': json(payment, 201),
    [`GET /api/payments/${payment.payment_id}`]: json(payment),
    ...routes,
  });
}

async function openWallet(path = '/wallet') {
  const view = renderApp(path);
  const user = userEvent.setup();
  // The first page load also compiles the lazy page's module.
  await screen.findByRole('heading', { name: 'Wallet', level: 1 }, { timeout: 5000 });
  return { user, ...view };
}

const packageCard = (name: string) => screen.getByRole('radio', { name: new RegExp(`^${name}`) }).closest('label');

describe('/wallet', () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the balance, the two tabs and Why Use Coins?', async () => {
    walletApi();
    await openWallet();
    expect(screen.getByText('Your balance').closest('section')?.textContent).toContain('1,250 coins');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      WALLET_TEXT.buyCoins,
      WALLET_TEXT.history,
    ]);
    expect(screen.getByRole('heading', { name: WALLET_TEXT.whyCoins })).toBeTruthy();
  });

  it('offers the packages in USD and coins, with Save only where the coins exceed the price × 10', async () => {
    walletApi();
    await openWallet();
    await screen.findByRole('radio', { name: /^Starter/ });
    expect(packageCard('Starter')?.textContent).toContain('100 coins');
    expect(packageCard('Starter')?.textContent).toContain('$10');
    expect(within(packageCard('Starter') as HTMLElement).queryByText(WALLET_TEXT.save)).toBeNull();
    expect(within(packageCard('Bulk') as HTMLElement).getByText(WALLET_TEXT.save)).toBeTruthy();
  });

  it('offers only the currencies the server lists', async () => {
    walletApi();
    await openWallet();
    await screen.findByRole('radio', { name: /Bitcoin/ });
    expect(screen.getByRole('radio', { name: /Monero/ })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /USDT/ })).toBeNull();
    expect(screen.queryByRole('radio', { name: /USDC/ })).toBeNull();
  });

  it('asks for a package and a currency with the spec texts before calling the server', async () => {
    const fetchMock = walletApi();
    const { user } = await openWallet();
    await user.click(await screen.findByRole('button', { name: 'Create Payment' }));
    expect(await screen.findByText(VALIDATION.packageRequired)).toBeTruthy();
    expect(screen.getByText(VALIDATION.currencyRequired)).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: /^Starter/ }));
    expect(screen.queryByText(VALIDATION.packageRequired)).toBeNull();
    expect(screen.getByText(VALIDATION.currencyRequired)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/payments/create')).toHaveLength(0);
  });

  it('estimates the price of the chosen package in the chosen currency', async () => {
    const fetchMock = walletApi();
    const { user } = await openWallet();
    await user.click(await screen.findByRole('radio', { name: /^Starter/ }));
    await user.click(screen.getByRole('radio', { name: /Bitcoin/ }));
    expect(await screen.findByText('≈ 0.00015385 BTC')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/payments/estimate')[0]?.body).toEqual({ amount: 10, currency: 'btc' });
  });

  it("says 'Price estimation failed' when the estimate fails", async () => {
    walletApi({
      'POST /api/payments/estimate': json({ message: PAYMENT_TEXT.currencyUnavailable('btc') }, 400),
    });
    const { user } = await openWallet();
    await user.click(await screen.findByRole('radio', { name: /^Starter/ }));
    await user.click(screen.getByRole('radio', { name: /Bitcoin/ }));
    expect(await screen.findByText(PAYMENT_TEXT.estimateFailed)).toBeTruthy();
    expect(shownToast()).toMatchObject({
      title: PAYMENT_TEXT.estimateFailed,
      description: PAYMENT_TEXT.currencyUnavailable('btc'),
    });
  });

  it('creates the payment, then shows its address, amount and QR code; Create New Payment resets the form', async () => {
    const fetchMock = walletApi();
    const { user, router } = await openWallet();
    await user.click(await screen.findByRole('radio', { name: /^Starter/ }));
    await user.click(screen.getByRole('radio', { name: /Bitcoin/ }));
    await user.click(screen.getByRole('button', { name: 'Create Payment' }));

    expect(await screen.findByRole('heading', { name: 'Send 0.00015385 BTC' })).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/payments/create')[0]?.body).toEqual({ packageId: 'starter', currency: 'btc' });
    expect(screen.getByText(BTC_ADDRESS)).toBeTruthy();
    expect(screen.getByText('Waiting for your payment')).toBeTruthy();
    const qr = screen.getByRole('img', { name: /QR code/ });
    await waitFor(() => expect(qr.querySelector('svg')).toBeTruthy());
    expect(router.state.location.search).toEqual({ payment: payment.payment_id });

    await user.click(screen.getByRole('button', { name: WALLET_TEXT.createNewPayment }));
    const starter = await screen.findByRole('radio', { name: /^Starter/ });
    expect((starter as HTMLInputElement).checked).toBe(false);
    expect(router.state.location.search).toEqual({});
  });

  it("toasts 'Payment creation failed' with the server's reason", async () => {
    walletApi({ 'POST /api/payments/create': json({ message: PAYMENT_TEXT.currencyUnavailable('btc') }, 400) });
    const { user } = await openWallet();
    await user.click(await screen.findByRole('radio', { name: /^Starter/ }));
    await user.click(screen.getByRole('radio', { name: /Bitcoin/ }));
    await user.click(screen.getByRole('button', { name: 'Create Payment' }));
    await waitFor(() =>
      expect(shownToast()).toMatchObject({
        title: PAYMENT_TEXT.createFailed,
        description: PAYMENT_TEXT.currencyUnavailable('btc'),
      }),
    );
    expect(screen.getByRole('button', { name: 'Create Payment' })).toBeTruthy();
  });

  it("shows 'Failed to load payment options' with a Retry that loads them", async () => {
    let packages = json({ message: 'Something went wrong on our side. Please try again.' }, 500);
    walletApi({ 'GET /api/payments/packages': (request) => packages(request) });
    const { user } = await openWallet();
    expect(await screen.findByText(PAYMENT_TEXT.loadOptionsFailed)).toBeTruthy();

    packages = json(PACKAGES);
    await user.click(screen.getByRole('button', { name: WALLET_TEXT.retry }));
    expect(await screen.findByRole('radio', { name: /^Starter/ })).toBeTruthy();
  });

  it('follows the payment live: pending, then completed shows success', async () => {
    walletApi();
    const { queryClient } = await openWallet(`/wallet?payment=${payment.payment_id}`);
    expect(await screen.findByText('Waiting for payment')).toBeTruthy();

    act(() => putPayment(queryClient, { ...payment, payment_status: 'finished' }));
    expect(await screen.findByText('Payment complete')).toBeTruthy();
    expect(screen.getByText('100 coins were added to your balance.')).toBeTruthy();
  });

  it('shows the latest transactions in the Transaction History tab', async () => {
    const fetchMock = walletApi({
      'GET /api/transactions': json({ transactions: [aTransaction()], nextCursor: 'more' }),
    });
    const { user } = await openWallet();
    await user.click(screen.getByRole('tab', { name: WALLET_TEXT.history }));
    const rows = await screen.findByRole('list', { name: 'Transactions' });
    expect(within(rows).getByText('+100 coins')).toBeTruthy();
    expect(screen.getByRole('link', { name: /View all transactions/ }).getAttribute('href')).toBe('/transactions');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(String(fetchMock.mock.calls.find(([input]) => String(input).startsWith('/api/transactions'))?.[0])).toBe(
      '/api/transactions?limit=10',
    );
  });
});
