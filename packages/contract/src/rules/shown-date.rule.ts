import type { Transaction } from '../entities/transaction.schema';

/** The fields {@link shownDate} reads from a transaction row. */
export type ShownDateInput = Pick<Transaction, 'Status' | 'Expired' | 'TransactionConfirmedOn' | 'CreatedOn'>;

/**
 * The timestamp the Date column shows for a transaction (SPEC §4): when it expired, when it was confirmed
 * (paid or underpaid), otherwise when it was created. A missing Expired or TransactionConfirmedOn falls
 * back to CreatedOn so the column is never blank.
 */
export const shownDate = (tx: ShownDateInput): string => {
  switch (tx.Status) {
    case 'expired':
      return tx.Expired ?? tx.CreatedOn;
    case 'paid':
    case 'underpaid':
      return tx.TransactionConfirmedOn ?? tx.CreatedOn;
    default:
      return tx.CreatedOn;
  }
};
