import { CONSOLE_TEXT, type CryptoWalletSettings, isValidWalletAddress, VALIDATION } from '@enclave/protocol';

/** One currency's receiving address and its fields, as typed. */
export interface AddressDraft {
  name: string;
  symbol: string;
  network: string;
  address: string;
  /** USD per unit for self-custody payments; empty uses the server's default rate. */
  usdRate: string;
}

export type AddressDrafts = Record<string, AddressDraft>;

export function draftsOf(settings: CryptoWalletSettings): AddressDrafts {
  return Object.fromEntries(
    Object.entries(settings).map(([code, setting]) => [
      code,
      {
        name: setting.name,
        symbol: setting.symbol,
        network: setting.network ?? '',
        address: setting.address,
        usdRate: setting.usdRate == null ? '' : String(setting.usdRate),
      },
    ]),
  );
}

const parseRate = (text: string): number | null | undefined => {
  const value = text.trim();
  if (!value) return null;
  const rate = Number(value);
  return Number.isFinite(rate) && rate > 0 ? rate : undefined;
};

/** Spec 001 §5: 'Please enter a valid {name} address' (btc 26-35, xmr 95+, usdt/usdc 0x and 42, others 16+). */
export function addressError(code: string, draft: AddressDraft): string | undefined {
  return isValidWalletAddress(code, draft.address) ? undefined : VALIDATION.walletAddressInvalid(draft.name || code);
}

export function rateError(draft: AddressDraft): string | undefined {
  return parseRate(draft.usdRate) === undefined ? CONSOLE_TEXT.usdRateInvalid : undefined;
}

export function hasInvalidField(drafts: AddressDrafts): boolean {
  return Object.entries(drafts).some(([code, draft]) => addressError(code, draft) || rateError(draft));
}

/** The whole map the server replaces (spec 001 §7). */
export function settingsOf(drafts: AddressDrafts): CryptoWalletSettings {
  return Object.fromEntries(
    Object.entries(drafts).map(([code, draft]) => [
      code,
      {
        name: draft.name.trim(),
        symbol: draft.symbol.trim(),
        network: draft.network.trim() || null,
        address: draft.address.trim(),
        usdRate: parseRate(draft.usdRate) ?? null,
      },
    ]),
  );
}

/** Spec 001 §4: 'Saving...' while pending, 'Save Changes' when dirty, 'Saved' when clean. */
export function saveLabel(isPending: boolean, isDirty: boolean): string {
  if (isPending) return CONSOLE_TEXT.saving;
  return isDirty ? CONSOLE_TEXT.saveChanges : CONSOLE_TEXT.saved;
}
