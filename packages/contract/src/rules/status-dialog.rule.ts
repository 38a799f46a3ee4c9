import type { Transaction } from '../entities/transaction.schema';

/** Status ids of the transaction status dialog (SPEC §4). */
export const STATUS_CHOICE = { expired: -1, waiting: 0, paid: 1, notEnough: 4 } as const;

/** One of the dialog's status ids. */
export type StatusChoice = (typeof STATUS_CHOICE)[keyof typeof STATUS_CHOICE];

/** The dialog's options in display order, with their labels. */
export const STATUS_CHOICES: readonly { id: StatusChoice; label: string }[] = [
  { id: STATUS_CHOICE.expired, label: 'Expired' },
  { id: STATUS_CHOICE.waiting, label: 'Waiting' },
  { id: STATUS_CHOICE.paid, label: 'Paid' },
  { id: STATUS_CHOICE.notEnough, label: 'Not Enough' },
];

/** The fields the dialog reads from a transaction row. */
export type StatusDialogInput = Pick<Transaction, 'Status' | 'NotEnough'>;

/**
 * The dialog status a transaction is in now, or `null` when its status has no dialog equivalent
 * (reflextrader, vtoken, ltr, payout, swap). A paid row flagged NotEnough=1 and an underpaid row both count
 * as Not Enough, because the dialog records underpayment as Paid with the notenough flag.
 */
export const currentStatusChoice = (tx: StatusDialogInput): StatusChoice | null => {
  switch (tx.Status) {
    case 'expired':
      return STATUS_CHOICE.expired;
    case 'waiting':
      return STATUS_CHOICE.waiting;
    case 'underpaid':
      return STATUS_CHOICE.notEnough;
    case 'paid':
      return tx.NotEnough === 1 ? STATUS_CHOICE.notEnough : STATUS_CHOICE.paid;
    default:
      return null;
  }
};

/**
 * The option the dialog preselects (SPEC §4): a fully paid transaction proposes Waiting (the undo), every
 * other one proposes Paid. Statuses outside the dialog also propose Paid, since Paid is the dialog's
 * usual correction and proposing the current state would make submitting a no-op.
 */
export const initialStatusChoice = (tx: StatusDialogInput): StatusChoice =>
  currentStatusChoice(tx) === STATUS_CHOICE.paid ? STATUS_CHOICE.waiting : STATUS_CHOICE.paid;

/** What TransactionStatusUpdate sends for a choice (SPEC §7.1). */
export interface StatusSubmitParams {
  statusID: -1 | 0 | 1;
  notenough: 0 | 1;
}

/** Maps a dialog choice to the call's params: Not Enough travels as Paid with notenough=1 (SPEC §4). */
export const statusSubmitParams = (choice: StatusChoice): StatusSubmitParams =>
  choice === STATUS_CHOICE.notEnough
    ? { statusID: STATUS_CHOICE.paid, notenough: 1 }
    : { statusID: choice, notenough: 0 };
