import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  api,
  CURRENCY_INFO,
  ErrorCode,
  PAYMENT_CURRENCIES,
  PAYMENT_STATUSES,
  PAYMENT_TEXT,
  type PaymentCurrency,
  type PaymentStatus,
} from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { ConfigError } from '../../config.ts';
import { AppError, badRequest } from '../../errors.ts';
import type { PaymentProvider } from './provider.ts';

/** NOWPayments' codes for the product's currencies: the stablecoins are taken on Ethereum (ERC-20). */
export const NOWPAYMENTS_CODES: Record<PaymentCurrency, string> = {
  btc: 'btc',
  xmr: 'xmr',
  usdt: 'usdterc20',
  usdc: 'usdc',
};

const TIMEOUT_MS = 10_000;
const CURRENCIES_TTL_MS = 10 * 60 * 1000;

interface FixedRateCurrency {
  currency: string;
  min_amount: number;
  max_amount: number;
}

const unavailable = () => new AppError(503, ErrorCode.Unavailable, PAYMENT_TEXT.providerUnavailable);

function amount(value: unknown): number {
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) throw unavailable();
  return number;
}

/** The JSON with every object's keys sorted, nested objects too: what NOWPayments signs. */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeysDeep((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

export function signNotification(secret: string, body: unknown): string {
  return createHmac('sha512', secret)
    .update(JSON.stringify(sortKeysDeep(body)))
    .digest('hex');
}

/** HMAC-SHA512 of the key-sorted JSON body, compared in constant time with `x-nowpayments-sig`. */
export function isSignedNotification(secret: string, body: unknown, signature: unknown): boolean {
  if (typeof signature !== 'string' || !body || typeof body !== 'object') return false;
  const expected = Buffer.from(signNotification(secret, body), 'hex');
  const given = Buffer.from(signature.trim().toLowerCase(), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The NOWPayments API (or a compatible one) with `x-api-key`; its IPN callbacks confirm payments. */
export function nowPaymentsProvider(app: FastifyInstance): PaymentProvider {
  const { NOWPAYMENTS_API_URL, NOWPAYMENTS_API_KEY, NOWPAYMENTS_IPN_SECRET, PUBLIC_URL } = app.config;
  if (!NOWPAYMENTS_API_KEY || !NOWPAYMENTS_IPN_SECRET) {
    throw new ConfigError('PAYMENT_PROVIDER=nowpayments needs NOWPAYMENTS_API_KEY and NOWPAYMENTS_IPN_SECRET');
  }
  const base = NOWPAYMENTS_API_URL.replace(/\/+$/, '');
  let currencyCache: { at: number; list: FixedRateCurrency[] } | null = null;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          'x-api-key': NOWPAYMENTS_API_KEY as string,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      app.log.error({ err: error, path }, 'NOWPayments is unreachable');
      throw unavailable();
    }
    const text = await response.text();
    let data: unknown = null;
    try {
      data = JSON.parse(text);
    } catch {
      // Not JSON: reported below with the status.
    }
    if (response.ok && data && typeof data === 'object') return data as T;
    const message = (data as { message?: unknown } | null)?.message;
    // A 400 is about the member's order (say, below the minimum); anything else is ours to fix.
    if (response.status === 400 && typeof message === 'string') throw badRequest(message);
    app.log.error({ path, status: response.status, body: text.slice(0, 500) }, 'NOWPayments refused a call');
    throw unavailable();
  }

  async function fixedRateCurrencies(): Promise<FixedRateCurrency[]> {
    if (currencyCache && Date.now() - currencyCache.at < CURRENCIES_TTL_MS) return currencyCache.list;
    const { currencies } = await call<{ currencies?: FixedRateCurrency[] }>('GET', '/v1/currencies?fixed_rate=true');
    const list = (currencies ?? []).filter((c) => c && typeof c.currency === 'string');
    currencyCache = { at: Date.now(), list };
    return list;
  }

  return {
    name: 'nowpayments',
    async currencies() {
      const offered = new Set((await fixedRateCurrencies()).map((c) => c.currency.toLowerCase()));
      return PAYMENT_CURRENCIES.filter((currency) => offered.has(NOWPAYMENTS_CODES[currency]));
    },
    async estimate(amountUsd, currency) {
      const code = NOWPAYMENTS_CODES[currency];
      const [estimate, minimum, fixed] = await Promise.all([
        call<{ estimated_amount?: unknown }>(
          'GET',
          `/v1/estimate?${new URLSearchParams({ amount: String(amountUsd), currency_from: 'usd', currency_to: code })}`,
        ),
        call<{ min_amount?: unknown }>(
          'GET',
          `/v1/min-amount?${new URLSearchParams({ currency_from: code, currency_to: code })}`,
        ),
        fixedRateCurrencies(),
      ]);
      const max = fixed.find((c) => c.currency.toLowerCase() === code)?.max_amount;
      return {
        estimated_amount: amount(estimate.estimated_amount),
        min_amount: amount(minimum.min_amount),
        max_amount: max === undefined || max === null ? null : amount(max),
      };
    },
    async create(order) {
      const created = await call<Record<string, unknown>>('POST', '/v1/payment', {
        price_amount: order.priceUsd,
        price_currency: 'usd',
        pay_currency: NOWPAYMENTS_CODES[order.currency],
        order_id: order.orderId,
        order_description: order.description,
        ...(PUBLIC_URL ? { ipn_callback_url: new URL(api.paymentNotification.url, PUBLIC_URL).toString() } : {}),
      });
      const status = String(created.payment_status);
      if (created.payment_id === undefined || typeof created.pay_address !== 'string') throw unavailable();
      return {
        paymentId: String(created.payment_id),
        status: (PAYMENT_STATUSES as readonly string[]).includes(status) ? (status as PaymentStatus) : 'waiting',
        payAmount: amount(created.pay_amount),
        payAddress: created.pay_address,
        network: CURRENCY_INFO[order.currency].network,
      };
    },
  };
}
