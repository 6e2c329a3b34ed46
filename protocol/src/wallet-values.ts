import { COINS_PER_USD, PAYMENT_CURRENCIES, type PaymentCurrency } from './limits.ts';

// The wallet's plain values, apart from its schemas (wallet.ts): the wallet pages read them before they render,
// without building a schema.

/** What the product knows of each payment currency; `chain` picks the explorer (spec 001 §9). */
export const CURRENCY_INFO: Record<
  PaymentCurrency,
  { name: string; symbol: string; network: string; chain: 'bitcoin' | 'ethereum' | 'monero'; decimals: number }
> = {
  btc: { name: 'Bitcoin', symbol: 'BTC', network: 'Bitcoin', chain: 'bitcoin', decimals: 8 },
  xmr: { name: 'Monero', symbol: 'XMR', network: 'Monero', chain: 'monero', decimals: 8 },
  usdt: { name: 'Tether', symbol: 'USDT', network: 'Ethereum (ERC-20)', chain: 'ethereum', decimals: 2 },
  usdc: { name: 'USD Coin', symbol: 'USDC', network: 'Ethereum (ERC-20)', chain: 'ethereum', decimals: 2 },
};

export function isPaymentCurrency(code: string): code is PaymentCurrency {
  return (PAYMENT_CURRENCIES as readonly string[]).includes(code);
}

/** Spec 001 §5: btc 26-35 characters; xmr at least 95; usdt and usdc 0x and exactly 42; others longer than 15. */
export function isValidWalletAddress(currency: string, address: string): boolean {
  const value = address.trim();
  switch (currency.toLowerCase()) {
    case 'btc':
      return value.length >= 26 && value.length <= 35;
    case 'xmr':
      return value.length >= 95;
    case 'usdt':
    case 'usdc':
      return value.startsWith('0x') && value.length === 42;
    default:
      return value.length > 15;
  }
}

/** A package shows 'Save' when its coins exceed its price at the fixed rate ($100 = 1000 coins). */
export const isSavingPackage = (pkg: { price: number; coins: number }) => pkg.coins > pkg.price * COINS_PER_USD;

/** The history's types and statuses: the transactions page's filters list them (the schemas in wallet.ts too). */
export const TRANSACTION_TYPES = ['purchase', 'unlock_content', 'other'] as const;
export const TRANSACTION_STATUSES = ['completed', 'pending', 'failed'] as const;

/** Transactions a page of the member's history holds. */
export const TRANSACTIONS_PAGE_SIZE = 50;
