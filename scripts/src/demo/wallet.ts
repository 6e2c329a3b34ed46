import type { App } from '@enclave/server';
import { DEMO_RECEIVING_ADDRESSES } from '@enclave/server/payments/demo-addresses.ts';
import { selfCustodyProvider } from '@enclave/server/payments/providers/self-custody.ts';
import { saveReceivingAddresses } from '@enclave/server/payments/receiving-addresses.ts';
import { confirmPayment, createPayment, rejectPayment } from '@enclave/server/payments/service.ts';
import { move } from '@enclave/server/wallet/ledger.ts';
import { demoMember } from './accounts.ts';
import type { DemoAccount } from './index.ts';

/**
 * Self-custody receiving addresses (the demo ones, until an admin sets real ones), then coin history of every
 * kind and status for the demo members.
 */
export async function seedWallet(app: App): Promise<DemoAccount[]> {
  const admin = await demoMember(app, 'admin');
  await saveReceivingAddresses(app, DEMO_RECEIVING_ADDRESSES, admin.id);
  // The demo history is self-custody whatever PAYMENT_PROVIDER says: no network call while seeding.
  const provider = selfCustodyProvider(app);
  const buy = (username: string, packageId: string, currency: string) =>
    demoMember(app, username).then((user) => createPayment(app, user, { packageId, currency }, provider));

  const grants: [string, number][] = [
    ['alice', 500],
    ['bob', 1000],
    ['carol', 300],
    ['dave', 150],
  ];
  for (const [username, amount] of grants) {
    const user = await demoMember(app, username);
    await move(app, {
      account: user.id,
      amount,
      key: `demo-grant:${user.id}`,
      type: 'admin_grant',
      reference: `grant:${admin.id}`,
    });
  }

  await confirmPayment(app, admin, (await buy('alice', 'standard', 'btc')).id, 'c'.repeat(64));
  await confirmPayment(app, admin, (await buy('bob', 'bulk', 'usdc')).id, `0x${'d'.repeat(64)}`);
  await rejectPayment(app, admin, (await buy('alice', 'starter', 'usdt')).id);
  await rejectPayment(app, admin, (await buy('dave', 'regular', 'btc')).id);
  await buy('alice', 'regular', 'xmr');
  await buy('bob', 'starter', 'btc');
  await buy('carol', 'standard', 'usdc');
  return [];
}
