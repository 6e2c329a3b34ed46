import { type CoinPackage, isSavingPackage } from '@enclave/protocol';

/** Priced at the fixed rate ($100 = 1000 coins) up to $100; the larger packages add bonus coins. */
const PACKAGES: Omit<CoinPackage, 'save'>[] = [
  {
    id: 'starter',
    name: 'Starter',
    price: 10,
    coins: 100,
    description: 'Enough to unlock a couple of premium threads.',
  },
  { id: 'regular', name: 'Regular', price: 25, coins: 250, description: 'For joining a group buy or two.' },
  { id: 'standard', name: 'Standard', price: 100, coins: 1000, description: 'The fixed rate: $100 for 1,000 coins.' },
  { id: 'bulk', name: 'Bulk', price: 250, coins: 2750, description: '10% bonus coins for regular buyers.' },
  { id: 'patron', name: 'Patron', price: 500, coins: 6000, description: '20% bonus coins for group-buy organisers.' },
];

export const COIN_PACKAGES: readonly CoinPackage[] = PACKAGES.map((pkg) => ({ ...pkg, save: isSavingPackage(pkg) }));

export function findPackage(id: string): CoinPackage | undefined {
  return COIN_PACKAGES.find((pkg) => pkg.id === id);
}

/** The smallest and the largest payment a member can make, in USD. */
export const PACKAGE_PRICE_RANGE = {
  min: Math.min(...COIN_PACKAGES.map((pkg) => pkg.price)),
  max: Math.max(...COIN_PACKAGES.map((pkg) => pkg.price)),
};
