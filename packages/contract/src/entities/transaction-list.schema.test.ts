import { describe, expect, it } from 'vitest';
import { makeTransaction } from '../test/transaction-fixtures';
import type { Transaction } from './transaction.schema';
import {
  fromTransactionColumns,
  TRANSACTION_FIELDS,
  toTransactionColumns,
  transactionSyncPageSchema,
} from './transaction-list.schema';

const row = (id: number, overrides: Partial<Transaction> = {}): Transaction =>
  makeTransaction({ ID: id, TransactionID: 1000 + id, Email: 'buyer@example.test', ...overrides });

describe('a sync page as columns', () => {
  const rows = [
    row(2, { Prefix: 'P', Status: 'payout-completed', XChangeID: 77, Comments: 'checked' }),
    row(1, { Expired: '2026-11-21T00:00:00.000Z', TransactionConfirmedOn: null }),
  ];

  it('gives back every row with every field, in order', () => {
    const page = transactionSyncPageSchema.parse({ columns: toTransactionColumns(rows), lastCursor: 'c' });
    expect(fromTransactionColumns(page.columns)).toEqual(rows);
    expect(Object.keys(page.columns)).toEqual(TRANSACTION_FIELDS);
  });

  it("checks each value with its field's own rule", () => {
    const columns = toTransactionColumns(rows);
    const badStatus = { ...columns, Status: ['paid', 'lost'] };
    expect(transactionSyncPageSchema.safeParse({ columns: badStatus, lastCursor: null }).success).toBe(false);
    const badAmount = { ...columns, Amount: ['1.5', 'ten'] };
    expect(transactionSyncPageSchema.safeParse({ columns: badAmount, lastCursor: null }).success).toBe(false);
  });

  it('refuses columns of different lengths, which no rows could make', () => {
    const columns = { ...toTransactionColumns(rows), Email: [null] };
    expect(transactionSyncPageSchema.safeParse({ columns, lastCursor: null }).success).toBe(false);
  });
});
