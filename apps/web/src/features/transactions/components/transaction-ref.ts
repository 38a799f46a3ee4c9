import { formatTransactionRef, type TransactionPrefix } from '@bo/contract';

/** formatTransactionRef that never throws: a malformed id is shown as is rather than breaking the table. */
export const safeTransactionRef = (prefix: TransactionPrefix, id: number): string => {
  try {
    return formatTransactionRef(prefix, id);
  } catch {
    return `${prefix}${id}`;
  }
};
