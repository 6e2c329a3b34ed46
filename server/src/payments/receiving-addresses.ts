import {
  type CryptoWalletSettings,
  CURRENCY_INFO,
  isPaymentCurrency,
  isValidWalletAddress,
  PAYMENT_CURRENCIES,
  VALIDATION,
} from '@enclave/protocol';
import { badRequest } from '../errors.ts';
import { type Database, isDuplicateKey } from '../storage/index.ts';
import { isDemoAddress } from './demo-addresses.ts';
import { paymentModels } from './models.ts';
import type { ReceivingAddressRecord } from './receiving-address-model.ts';

/** The receiving addresses of the currencies payments accept, by key: a short fixed list. */
export async function readReceivingAddresses(app: Database): Promise<ReceivingAddressRecord[]> {
  const settings = await Promise.all(PAYMENT_CURRENCIES.map((currency) => receivingAddressOf(app, currency)));
  return settings.filter((setting): setting is ReceivingAddressRecord => setting !== null);
}

export async function receivingAddressOf(app: Database, currency: string): Promise<ReceivingAddressRecord | null> {
  return paymentModels(app).ReceivingAddress.findById(currency).lean<ReceivingAddressRecord>();
}

/** Whether any configured receiving address is still one the demo data seeded. */
export async function usesDemoAddresses(app: Database): Promise<boolean> {
  return (await readReceivingAddresses(app)).some((setting) => isDemoAddress(setting.address));
}

/**
 * Every receiving address, any currency the admin added included: the admin's page reads the whole collection,
 * a handful of documents.
 */
const allReceivingAddresses = (app: Database) =>
  paymentModels(app).ReceivingAddress.find().lean<ReceivingAddressRecord[]>();

/** The admin's map as the spec shapes it: currency code → name, symbol, network, address (and rate). */
export async function receivingAddressMap(app: Database): Promise<CryptoWalletSettings> {
  const settings = await allReceivingAddresses(app);
  return Object.fromEntries(
    settings.map((s) => [
      s.currency,
      { name: s.name, symbol: s.symbol, network: s.network ?? null, address: s.address, usdRate: s.usdRate ?? null },
    ]),
  );
}

/**
 * Replaces the whole map (the admin form posts every currency). Every address is checked by the
 * spec's rules before anything is written; a currency missing from the map is removed, and a
 * setting without `usdRate` keeps the rate it had.
 */
export async function saveReceivingAddresses(
  app: Database,
  settings: CryptoWalletSettings,
  updatedBy: number | null,
): Promise<CryptoWalletSettings> {
  const problems = Object.entries(settings)
    .filter(([currency, setting]) => !isValidWalletAddress(currency, setting.address))
    .map(([currency, setting]) => ({
      path: `/${currency}/address`,
      message: VALIDATION.walletAddressInvalid(setting.name || nameOf(currency)),
    }));
  if (problems[0]) throw badRequest(problems[0].message, problems);

  const { ReceivingAddress } = paymentModels(app);
  for (const [currency, setting] of Object.entries(settings)) {
    const set = {
      name: setting.name.trim(),
      symbol: setting.symbol.trim(),
      network: setting.network?.trim() || null,
      address: setting.address.trim(),
      updatedBy,
      ...(setting.usdRate !== undefined ? { usdRate: setting.usdRate } : {}),
    };
    const { matchedCount } = await ReceivingAddress.updateOne({ _id: currency }, { $set: set });
    if (matchedCount > 0) continue;
    try {
      await ReceivingAddress.create({ _id: currency, currency, usdRate: null, ...set });
    } catch (error) {
      // Another save created it first: this save's values go on top.
      if (!isDuplicateKey(error)) throw error;
      await ReceivingAddress.updateOne({ _id: currency }, { $set: set });
    }
  }
  const removed = (await allReceivingAddresses(app)).filter((setting) => !(setting.currency in settings));
  await Promise.all(removed.map((setting) => ReceivingAddress.deleteOne({ _id: setting.currency })));
  return receivingAddressMap(app);
}

function nameOf(currency: string): string {
  return isPaymentCurrency(currency) ? CURRENCY_INFO[currency].name : currency.toUpperCase();
}
