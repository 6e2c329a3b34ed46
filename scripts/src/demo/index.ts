import type { App } from '@enclave/server';
import { seedAccounts } from './accounts.ts';

export interface DemoAccount {
  username: string;
  password: string;
  role: string;
}

/** The demo data, one module per feature; each returns the accounts it created. */
const steps: ((app: App) => Promise<DemoAccount[]>)[] = [seedAccounts];

export async function seedDemo(app: App): Promise<DemoAccount[]> {
  const accounts: DemoAccount[] = [];
  for (const step of steps) accounts.push(...(await step(app)));
  return accounts;
}
