import { ADMIN_TEXT } from '@enclave/protocol';
import type { mongo } from 'mongoose';

type Document = mongo.Document;

import { badRequest } from '../../errors.ts';
import { ledgerList } from '../../wallet/ledger-keys.ts';

/** A ledger entry as a backup holds it, its numbers read whatever their BSON type (Int32, Double). */
interface Link {
  account: number;
  seq: number;
  amount: number;
  balanceAfter: number;
  key: string;
  type: string;
  creditTo: number | null;
}

const linkOf = (entry: Document): Link => ({
  account: Number(entry.account),
  seq: Number(entry.seq),
  amount: Number(entry.amount),
  balanceAfter: Number(entry.balanceAfter),
  key: String(entry.key),
  type: String(entry.type),
  creditTo: entry.creditTo === null || entry.creditTo === undefined ? null : Number(entry.creditTo),
});

/**
 * Every account's ledger chain, as the ledger writes it: entries 1, 2, 3… with no gap, each balance the previous
 * one plus the amount, never below zero, each stored under its own key.
 */
function checkChains(links: Link[], ids: unknown[]): void {
  const chains = new Map<number, Link[]>();
  links.forEach((link, i) => {
    // An entry is read by its key: one stored under another account's or another seq's key would be lost.
    const id = ids[i];
    if (typeof id === 'string' && id !== `${ledgerList(link.account)}:${link.seq}`) {
      throw badRequest(ADMIN_TEXT.restoreLedgerBroken(link.account, link.seq, `stored as ${id}`));
    }
    chains.set(link.account, [...(chains.get(link.account) ?? []), link]);
  });
  for (const [account, chain] of chains) {
    chain.sort((a, b) => a.seq - b.seq);
    let balance = 0;
    for (const [index, { seq, amount, balanceAfter }] of chain.entries()) {
      const broken = (problem: string) => badRequest(ADMIN_TEXT.restoreLedgerBroken(account, seq, problem));
      if (seq !== index + 1) throw broken(`expected entry ${index + 1}`);
      balance += amount;
      if (balanceAfter !== balance) throw broken(`balance ${balanceAfter}, expected ${balance}`);
      if (balance < 0) throw broken('balance below zero');
    }
  }
}

/**
 * Coins are made only by admin grants and confirmed payments (each credited to its member, for its coins), and
 * leave only with a closed account. Every other credit is the settlement of one debit (`sale:{key}` to the member the
 * debit names, `refund:{key}` back to its payer) for the debit's amount, and a debit is settled at most once. With
 * the chains adding up, what was minted is then exactly what all accounts hold, escrows included, plus what closed
 * accounts took out and what a crash left owed: a file where coins come from nowhere is refused at its first such
 * entry, in chain order.
 */
function checkCoinsBalance(links: Link[], payments: Map<string, Document>): void {
  const byKey = new Map(links.map((link) => [link.key, link]));
  const settled = new Set<string>();
  const ordered = [...links].sort((a, b) => a.account - b.account || a.seq - b.seq);
  for (const link of ordered) {
    const refuse = (problem: string) => badRequest(ADMIN_TEXT.restoreLedgerBroken(link.account, link.seq, problem));
    if (link.amount < 0) {
      if (link.creditTo === null && link.type !== 'account_closed') {
        throw refuse(`a debit of ${-link.amount} coins that goes to no one`);
      }
      continue;
    }
    if (link.amount === 0 || link.type === 'admin_grant') continue;
    if (link.type === 'coin_purchase') {
      const payment = payments.get(link.key);
      if (payment && Number(payment.userId) === link.account && Number(payment.coins) === link.amount) continue;
      throw refuse(ADMIN_TEXT.restoreCoinsFromNowhere(link.amount, link.key));
    }
    const [side, debitKey] = [link.key.slice(0, link.key.indexOf(':')), link.key.slice(link.key.indexOf(':') + 1)];
    const debit = byKey.get(debitKey);
    const payee = side === 'refund' ? debit?.account : debit?.creditTo;
    const matches =
      (side === 'sale' || side === 'refund') &&
      debit !== undefined &&
      debit.amount === -link.amount &&
      payee === link.account &&
      !settled.has(debitKey);
    if (!matches) throw refuse(ADMIN_TEXT.restoreCoinsFromNowhere(link.amount, link.key));
    settled.add(debitKey);
  }
}

/**
 * The backup's ledger, checked before anything is written: chains that add up, and no coin from nowhere. `payments`
 * are the backup's confirmed payments by the ledger key of their credit (payments' `backedUpConfirmedPayments`).
 */
export function checkLedger(entries: Document[], payments: Map<string, Document>): void {
  const links = entries.map(linkOf);
  checkChains(
    links,
    entries.map((entry) => entry._id),
  );
  checkCoinsBalance(links, payments);
}
