import type { AccessContext } from '../threads/access.ts';
import type { WalletContext } from '../wallet/ledger.ts';

/**
 * What the group-buy rules use, and nothing else: the wallet's context (the database and the storage module's lists:
 * places, markers, outcomes, the ledger; the log and `afterwards`; the domain events: `groupBuy.progress`,
 * `groupBuy.completed`, `groupBuy.ended` and the wallet's own), and thread access's memory of holdings (a status says
 * whether its viewer may read the group buy's content). The app is one. Each function takes only the part it uses:
 * a contribution, a settlement and the sweeps pay (`WalletContext`); the status only reads.
 */
export interface GroupBuyContext extends WalletContext {
  holdings: AccessContext['holdings'];
}
