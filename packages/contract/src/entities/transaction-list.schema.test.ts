import { describe, expect, it } from 'vitest';
import type { Transaction } from './transaction.schema';
import {
  fromTransactionColumns,
  TRANSACTION_FIELDS,
  toTransactionColumns,
  transactionSyncPageSchema,
} from './transaction-list.schema';

const row = (id: number, overrides: Partial<Transaction> = {}): Transaction => ({
  ID: id,
  TransactionID: 1000 + id,
  Prefix: 'T',
  MerchantID: 9,
  OwnerNickName: 'coffee',
  ShopTitle: 'Coffee Corner',
  OriginalAmount: '25.50',
  InputCurrency: 'EUR',
  Amount: '0.00041',
  LongName: 'Bitcoin',
  CoinName: 'BTC',
  AltCoinID: 1,
  Status: 'paid',
  NotEnough: 0,
  TransactionType: 'Payment',
  ExternalTransactionProvider: null,
  CreatedOn: '2026-11-20T14:07:09.000Z',
  Date: '2026-11-20T14:07:09.000Z',
  Expired: null,
  TransactionConfirmedOn: '2026-11-20T14:20:00.000Z',
  Security: 'sec-abc',
  CustomerReferenceNr: null,
  CoinAddress: 'bc1qexample',
  BlockExplorer: null,
  XChangeID: null,
  MasterTransactionID: null,
  Comments: null,
  revolutID: null,
  Email: 'buyer@example.test',
  ConfirmURL: null,
  FailURL: null,
  InvoiceCC: null,
  Tag: null,
  FiatConfirmedAmount: null,
  OriginalAmountFee: null,
  ...overrides,
});

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
