import { PAYMENT_TEXT } from '@enclave/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../stores/toast-store.ts';
import { aMember, callsTo, json, mockApi } from '../testing/mock-api.ts';
import { renderApp } from '../testing/render-app.tsx';
import { aStaffPayment, BTC_HASH } from '../testing/wallet.ts';

const waiting = aStaffPayment({ id: 41 });

async function openPanel(routes: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({
    'GET /api/user': json(aMember({ id: 1, username: 'admin', isAdmin: true })),
    'GET /api/admin/payments/pending': json({ payments: [waiting] }),
    ...routes,
  });
  renderApp('/admin?tab=settings');
  const user = userEvent.setup();
  // The first page load also compiles the lazy page's module.
  const list = await screen.findByRole('list', { name: 'Payments awaiting confirmation' }, { timeout: 5000 });
  return { fetchMock, user, list };
}

describe('the staff pending payments panel (/admin?tab=settings)', () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));
  afterEach(() => vi.unstubAllGlobals());

  it('lists each waiting payment with its member, amount, coins and address', async () => {
    const { list } = await openPanel();
    const item = within(list).getByRole('listitem');
    expect(item.textContent).toContain('alice: 0.00015385 BTC for 100 coins ($10)');
    expect(item.textContent).toContain(waiting.pay_address);
  });

  it('confirms after a confirm step, checking the transaction hash it needs', async () => {
    const { fetchMock, user, list } = await openPanel({
      'POST /api/admin/payments/41/confirm': json({ ...waiting, payment_status: 'finished' }),
    });
    await user.click(within(list).getByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    expect(callsTo(fetchMock, 'POST /api/admin/payments/41/confirm')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Transaction hash'), 'not-a-hash');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
    expect(within(dialog).getByText(PAYMENT_TEXT.transactionHashInvalid)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/payments/41/confirm')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Transaction hash'));
    await user.paste(BTC_HASH);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'POST /api/admin/payments/41/confirm')[0]?.body).toEqual({ transactionHash: BTC_HASH });
    expect(await screen.findByText('No payments are waiting for confirmation.')).toBeTruthy();
  });

  it('needs the transaction hash before it confirms', async () => {
    const { fetchMock, user, list } = await openPanel({
      'POST /api/admin/payments/41/confirm': json({ ...waiting, payment_status: 'finished' }),
    });
    await user.click(within(list).getByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
    expect(within(dialog).getByText(PAYMENT_TEXT.transactionHashInvalid)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/payments/41/confirm')).toHaveLength(0);
  });

  it('rejects only after its own confirm step', async () => {
    const { fetchMock, user, list } = await openPanel({
      'POST /api/admin/payments/41/reject': json({ ...waiting, payment_status: 'failed' }),
    });
    await user.click(within(list).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reject payment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'POST /api/admin/payments/41/reject')).toHaveLength(0);

    await user.click(within(list).getByRole('button', { name: 'Reject' }));
    await user.click(await screen.findByRole('button', { name: 'Reject payment' }));
    expect(await screen.findByText('No payments are waiting for confirmation.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/payments/41/reject')).toHaveLength(1);
  });
});
