import { CURRENCY_INFO, isPaymentCurrency, type PaymentCurrency } from '@enclave/protocol';

type Chain = (typeof CURRENCY_INFO)[PaymentCurrency]['chain'];

/** Public block explorers, one per chain (spec 001 §9); the member opens them, the client never calls them. */
const EXPLORERS: Record<Chain, (hash: string) => string> = {
  bitcoin: (hash) => `https://mempool.space/tx/${hash}`,
  ethereum: (hash) => `https://etherscan.io/tx/${hash.startsWith('0x') ? hash : `0x${hash}`}`,
  monero: (hash) => `https://xmrchain.net/tx/${hash}`,
};

/** Where a transaction hash can be looked up: bitcoin for btc, ethereum for usdt and usdc, monero for xmr. */
export function explorerUrl(currency: string | null, hash: string | null): string | null {
  const code = currency?.toLowerCase() ?? '';
  if (!hash || !isPaymentCurrency(code)) return null;
  return EXPLORERS[CURRENCY_INFO[code].chain](encodeURIComponent(hash));
}

/** An amount at the currency's precision, without trailing zeros or exponent notation. */
export function formatPayAmount(amount: number, currency: string): string {
  const code = currency.toLowerCase();
  const decimals = isPaymentCurrency(code) ? CURRENCY_INFO[code].decimals : 8;
  const text = amount.toFixed(decimals);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/**
 * What the QR code holds: a wallet app's payment URI with the amount for bitcoin (BIP 21) and monero;
 * the bare address for ERC-20 tokens, whose URIs need the token contract a wallet already knows.
 */
export function paymentUri(currency: string, address: string, amount: number): string {
  const code = currency.toLowerCase();
  const chain = isPaymentCurrency(code) ? CURRENCY_INFO[code].chain : null;
  if (chain === 'bitcoin') return `bitcoin:${address}?amount=${formatPayAmount(amount, code)}`;
  if (chain === 'monero') return `monero:${address}?tx_amount=${formatPayAmount(amount, code)}`;
  return address;
}
