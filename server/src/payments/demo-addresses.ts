import type { CryptoWalletSettings } from '@enclave/protocol';

/**
 * The receiving addresses the demo data seeds. Each passes the spec's address rules and is well-formed for its
 * chain, but none can take real money by mistake: a Bitcoin testnet address (hash160 of zeros), a Monero
 * stagenet address, and EIP-55's own example address labelled for the Sepolia test network. While any of them
 * is still configured, payments say "demo addresses, do not send funds" and staff are asked to set real ones.
 */
export const DEMO_RECEIVING_ADDRESSES = {
  btc: {
    name: 'Bitcoin',
    symbol: 'BTC',
    network: 'Bitcoin testnet',
    address: 'mfWxJ45yp2SFn7UciZyNpvDKrzbhyfKrY8',
    usdRate: 65_000,
  },
  xmr: {
    name: 'Monero',
    symbol: 'XMR',
    network: 'Monero stagenet',
    address: '55BScWfUCysJ8QgRfFWTzmJ8QgRfFWTzmJ8QgRfFWTzmJ7suhUXwdrDJ8QgRfFWTzmJ8QgRfFWTzmJ8QgRfFWTzmCbtqiEG',
    usdRate: 150,
  },
  usdt: {
    name: 'Tether',
    symbol: 'USDT',
    network: 'Ethereum Sepolia testnet (ERC-20)',
    address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    usdRate: 1,
  },
  usdc: {
    name: 'USD Coin',
    symbol: 'USDC',
    network: 'Ethereum Sepolia testnet (ERC-20)',
    address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    usdRate: 1,
  },
} satisfies CryptoWalletSettings;

const DEMO_ADDRESSES = new Set(Object.values(DEMO_RECEIVING_ADDRESSES).map((setting) => setting.address));

export const isDemoAddress = (address: string) => DEMO_ADDRESSES.has(address.trim());
