import {
  type CryptoWalletSettings,
  CURRENCY_INFO,
  isPaymentCurrency,
  isValidWalletAddress,
  PAYMENT_CURRENCIES,
  VALIDATION,
} from '@enclave/protocol';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.ts';
import { isDuplicateKey } from '../storage/index.ts';
import { isDemoAddress } from './demo-addresses.ts';
import { paymentModels } from './models.ts';
import type { WalletSettingRecord } from './wallet-settings-model.ts';

/** The settings of the currencies payments accept, by key: a short fixed list. */
export async function readWalletSettings(app: FastifyInstance): Promise<WalletSettingRecord[]> {
  const settings = await Promise.all(PAYMENT_CURRENCIES.map((currency) => walletSettingOf(app, currency)));
  return settings.filter((setting): setting is WalletSettingRecord => setting !== null);
}

export async function walletSettingOf(app: FastifyInstance, currency: string): Promise<WalletSettingRecord | null> {
  return paymentModels(app).WalletSetting.findById(currency).lean<WalletSettingRecord>();
}

/** Whether any configured receiving address is still one the demo data seeded. */
export async function usesDemoAddresses(app: FastifyInstance): Promise<boolean> {
  return (await readWalletSettings(app)).some((setting) => isDemoAddress(setting.address));
}

/**
 * Every setting, any currency the admin added included: the admin's page reads the whole collection,
 * a handful of documents.
 */
const allWalletSettings = (app: FastifyInstance) =>
  paymentModels(app).WalletSetting.find().lean<WalletSettingRecord[]>();

/** The admin's map as the spec shapes it: currency code → name, symbol, network, address (and rate). */
export async function walletSettingsMap(app: FastifyInstance): Promise<CryptoWalletSettings> {
  const settings = await allWalletSettings(app);
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
export async function saveWalletSettings(
  app: FastifyInstance,
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

  const { WalletSetting } = paymentModels(app);
  for (const [currency, setting] of Object.entries(settings)) {
    const set = {
      name: setting.name.trim(),
      symbol: setting.symbol.trim(),
      network: setting.network?.trim() || null,
      address: setting.address.trim(),
      updatedBy,
      ...(setting.usdRate !== undefined ? { usdRate: setting.usdRate } : {}),
    };
    const { matchedCount } = await WalletSetting.updateOne({ _id: currency }, { $set: set });
    if (matchedCount > 0) continue;
    try {
      await WalletSetting.create({ _id: currency, currency, usdRate: null, ...set });
    } catch (error) {
      // Another save created it first: this save's values go on top.
      if (!isDuplicateKey(error)) throw error;
      await WalletSetting.updateOne({ _id: currency }, { $set: set });
    }
  }
  const removed = (await allWalletSettings(app)).filter((setting) => !(setting.currency in settings));
  await Promise.all(removed.map((setting) => WalletSetting.deleteOne({ _id: setting.currency })));
  return walletSettingsMap(app);
}

function nameOf(currency: string): string {
  return isPaymentCurrency(currency) ? CURRENCY_INFO[currency].name : currency.toUpperCase();
}
