import type { StorageContext } from '../storage/index.ts';
import { ledgerHead } from './ledger.ts';

/** Past this many members the memory starts over; a forgotten balance costs a read of the member's ledger head. */
const MAX_MEMBERS = 200_000;

interface Known {
  /** The ledger entry the balance is after: a later one replaces it, an earlier one never does. */
  seq: number;
  balance: number;
}

/**
 * Members' balances as this process last knew them, for lists of many members' coins (the console's users table):
 * from the movements any process made (told by entry, so a late message never takes a balance back), or read from
 * the member's ledger head the first time one is asked. No copy is stored: one on the member's document was
 * rewritten at every movement (19 member documents in one command took 28 ms of the embedded database's one writer
 * under 20 purchases at once). Never used for a decision: those read the head.
 */
export class KnownBalances {
  readonly #known = new Map<number, Known>();

  constructor(private readonly app: StorageContext) {}

  /** Entry `seq` of the member's ledger leaves `balance`. */
  learn(account: number, seq: number, balance: number): void {
    const known = this.#known.get(account);
    if (known && known.seq >= seq) return;
    if (this.#known.size >= MAX_MEMBERS) this.#known.clear();
    this.#known.set(account, { seq, balance });
  }

  /** The balances of `accounts`, in their order: those not known yet read from their ledger heads, together. */
  async of(accounts: number[]): Promise<number[]> {
    return Promise.all(
      accounts.map(async (account) => {
        const known = this.#known.get(account);
        if (known) return known.balance;
        const head = await ledgerHead(this.app, account);
        if (!head) return 0;
        this.learn(account, head.seq, head.balanceAfter);
        // A movement told while the head was read is the later balance.
        return this.#known.get(account)?.balance ?? head.balanceAfter;
      }),
    );
  }

  /** After a restore: the ledgers may be older than what is known. */
  forgetAll(): void {
    this.#known.clear();
  }
}
