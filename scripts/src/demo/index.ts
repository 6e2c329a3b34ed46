import type { App } from '@enclave/server';
import { seedAccounts } from './accounts.ts';
import { seedAdmin } from './admin.ts';
import { seedForum } from './forum.ts';
import { seedMessages } from './messages.ts';
import { seedWallet } from './wallet.ts';

export interface DemoAccount {
  username: string;
  password: string;
  role: string;
}

/** The demo data, one module per feature; each returns the accounts it created. */
const steps: ((app: App) => Promise<DemoAccount[]>)[] = [seedAccounts, seedWallet, seedMessages, seedForum, seedAdmin];

export async function seedDemo(app: App): Promise<DemoAccount[]> {
  const accounts: DemoAccount[] = [];
  for (const step of steps) accounts.push(...(await step(app)));
  return accounts;
}
