import { randomBytes } from 'node:crypto';
import {
  CURRENCY_INFO,
  isValidWalletAddress,
  PAYMENT_CURRENCIES,
  PAYMENT_TEXT,
  type PaymentCurrency,
} from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { ConfigError } from '../../config.ts';
import { badRequest } from '../../errors.ts';
import { PACKAGE_PRICE_RANGE } from '../packages.ts';
import type { ReceivingAddressRecord } from '../receiving-address-model.ts';
import { readReceivingAddresses, receivingAddressOf } from '../receiving-addresses.ts';
import type { PaymentProvider } from './provider.ts';

/** SELF_CUSTODY_RATES: `{"btc":65000,"xmr":150,...}`, USD per one unit of each currency. */
export function parseRates(json: string | undefined): Partial<Record<string, number>> {
  if (!json) return {};
  let rates: unknown;
  try {
    rates = JSON.parse(json);
  } catch {
    throw new ConfigError('SELF_CUSTODY_RATES must be JSON, e.g. {"btc":65000,"xmr":150,"usdt":1,"usdc":1}');
  }
  const valid =
    typeof rates === 'object' &&
    rates !== null &&
    !Array.isArray(rates) &&
    Object.values(rates).every((rate) => typeof rate === 'number' && Number.isFinite(rate) && rate > 0);
  if (!valid) throw new ConfigError('SELF_CUSTODY_RATES must map currency codes to positive USD rates');
  return rates as Record<string, number>;
}

/** USD → currency units, rounded up at the currency's precision so a payment is never short. */
export function convert(usd: number, usdRate: number, currency: PaymentCurrency): number {
  const scale = 10 ** CURRENCY_INFO[currency].decimals;
  return Math.ceil((usd / usdRate) * scale - 1e-6) / scale;
}

/**
 * The default provider, with no keys and no network call: the member pays to the admin's
 * receiving address at the admin's (or the environment's) rate, and the payment waits for
 * staff to confirm or reject it.
 */
export function selfCustodyProvider(app: FastifyInstance): PaymentProvider {
  const envRates = parseRates(app.config.SELF_CUSTODY_RATES);
  const rateOf = (setting: ReceivingAddressRecord) => setting.usdRate ?? envRates[setting.currency] ?? null;
  const usable = (currency: PaymentCurrency, setting: ReceivingAddressRecord | null | undefined) =>
    setting && isValidWalletAddress(currency, setting.address) && rateOf(setting) !== null ? setting : null;

  async function quote(currency: PaymentCurrency) {
    const setting = usable(currency, await receivingAddressOf(app, currency));
    if (!setting) throw badRequest(PAYMENT_TEXT.currencyUnavailable(currency));
    return { setting, rate: rateOf(setting) as number };
  }

  return {
    name: 'self-custody',
    async currencies() {
      const settings = await readReceivingAddresses(app);
      return PAYMENT_CURRENCIES.filter((currency) =>
        usable(
          currency,
          settings.find((s) => s.currency === currency),
        ),
      );
    },
    async estimate(amountUsd, currency) {
      const { rate } = await quote(currency);
      return {
        estimated_amount: convert(amountUsd, rate, currency),
        min_amount: convert(PACKAGE_PRICE_RANGE.min, rate, currency),
        max_amount: convert(PACKAGE_PRICE_RANGE.max, rate, currency),
      };
    },
    async create(order) {
      const { setting, rate } = await quote(order.currency);
      return {
        paymentId: `sc-${randomBytes(8).toString('hex')}`,
        status: 'waiting',
        payAmount: convert(order.priceUsd, rate, order.currency),
        payAddress: setting.address,
        network: setting.network ?? CURRENCY_INFO[order.currency].network,
      };
    },
  };
}
