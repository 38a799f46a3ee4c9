import type { Transaction } from '@bo/contract';

/** A row's identity: prefix plus platform id (T and P ids are separate sequences). */
export const rowKeyOf = (tx: Pick<Transaction, 'Prefix' | 'TransactionID'>): string =>
  `${tx.Prefix}${tx.TransactionID}`;
