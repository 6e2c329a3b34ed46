/**
 * The payment shown on /wallet, kept in the URL (the payment's `payment_url`) so a reload keeps the view.
 * The router reads a numeric-looking value (a NOWPayments id) as a number.
 */
export function parseWalletSearch(search: { payment?: unknown }): { payment?: string } {
  const { payment } = search;
  if (typeof payment === 'number' && Number.isFinite(payment)) return { payment: String(payment) };
  return typeof payment === 'string' && payment !== '' ? { payment } : {};
}
