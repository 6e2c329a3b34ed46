import {
  type CoinPackage,
  isSavingPackage,
  type Payment,
  type StaffPayment,
  type Transaction,
} from '@enclave/protocol';

export const BTC_ADDRESS = '1BitcoinEaterAddressDontSendf59kuE';
export const BTC_HASH = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2';

const pkg = (id: string, name: string, price: number, coins: number): CoinPackage => ({
  id,
  name,
  price,
  coins,
  description: `${name} package`,
  save: isSavingPackage({ price, coins }),
});

/** At the fixed rate ($100 = 1000 coins) except Bulk, which adds bonus coins. */
export const PACKAGES: CoinPackage[] = [pkg('starter', 'Starter', 10, 100), pkg('bulk', 'Bulk', 250, 2750)];

export function aPayment(overrides: Partial<Payment> = {}): Payment {
  return {
    payment_id: 'sc-0123456789abcdef',
    order_id: 'enclave-order-1',
    payment_status: 'waiting',
    pay_amount: 0.00015385,
    pay_currency: 'btc',
    price_amount: 10,
    pay_address: BTC_ADDRESS,
    isDemoAddress: false,
    payment_url: '/wallet?payment=sc-0123456789abcdef',
    coins: 100,
    packageId: 'starter',
    network: 'Bitcoin',
    provider: 'self-custody',
    transactionHash: null,
    createdAt: '2026-03-05T10:00:00.000Z',
    ...overrides,
  };
}

export function aStaffPayment(overrides: Partial<StaffPayment> = {}): StaffPayment {
  return { ...aPayment(), id: 41, member: { id: 7, username: 'alice' }, ...overrides };
}

export function aTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: 'entry-1',
    userId: 7,
    amount: 100,
    transactionType: 'purchase',
    entryType: 'coin_purchase',
    referenceId: 'payment:sc-0123456789abcdef',
    walletAddress: BTC_ADDRESS,
    transactionHash: null,
    currency: 'btc',
    status: 'completed',
    balanceAfter: 100,
    createdAt: '2026-03-05T10:00:00.000Z',
    ...overrides,
  };
}
