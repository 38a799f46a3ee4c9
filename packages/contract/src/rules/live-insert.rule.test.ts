import { describe, expect, it } from 'vitest';
import type { Transaction } from '../entities/transaction.schema';
import { type LiveInsertFilter, matchesStatusFilter, shouldInsertLive } from './live-insert.rule';

const tx = (overrides: Partial<Transaction> = {}): Transaction => ({
  ID: 5,
  TransactionID: 5,
  Prefix: 'T',
  MerchantID: 9,
  OwnerNickName: 'coffee',
  ShopTitle: 'Coffee Corner',
  OriginalAmount: '10.00',
  InputCurrency: 'EUR',
  Amount: '0.0001',
  LongName: 'Bitcoin',
  CoinName: 'BTC',
  AltCoinID: 1,
  Status: 'waiting',
  NotEnough: 0,
  TransactionType: 'Payment',
  ExternalTransactionProvider: null,
  CreatedOn: '2026-11-23T23:59:59.000Z',
  Date: '2026-11-23T23:59:59.000Z',
  Expired: null,
  TransactionConfirmedOn: null,
  Security: 'sec',
  CustomerReferenceNr: null,
  CoinAddress: 'bc1q',
  BlockExplorer: null,
  XChangeID: null,
  MasterTransactionID: null,
  Comments: null,
  revolutID: null,
  Email: null,
  ConfirmURL: null,
  FailURL: null,
  InvoiceCC: null,
  Tag: null,
  FiatConfirmedAmount: null,
  OriginalAmountFee: null,
  ...overrides,
});

const filter = (overrides: Partial<LiveInsertFilter> = {}): LiveInsertFilter => ({
  end: '2026-11-23',
  merchantId: null,
  statuses: ['waiting', 'paid'],
  keyword: '',
  ...overrides,
});

describe('shouldInsertLive', () => {
  it('inserts a matching transaction created on the range end day (UTC)', () => {
    expect(shouldInsertLive(tx(), filter())).toBe(true);
  });

  it('leaves out a transaction created on another day than the range end', () => {
    expect(shouldInsertLive(tx(), filter({ end: '2026-11-22' }))).toBe(false);
    expect(shouldInsertLive(tx({ CreatedOn: '2026-11-24T00:00:00Z' }), filter())).toBe(false);
  });

  it('holds the merchant, status and keyword filters', () => {
    expect(shouldInsertLive(tx(), filter({ merchantId: 9 }))).toBe(true);
    expect(shouldInsertLive(tx(), filter({ merchantId: 10 }))).toBe(false);
    expect(shouldInsertLive(tx(), filter({ statuses: ['paid'] }))).toBe(false);
    expect(shouldInsertLive(tx(), filter({ keyword: 'coffee' }))).toBe(true);
    expect(shouldInsertLive(tx(), filter({ keyword: 'tea' }))).toBe(false);
    expect(shouldInsertLive(tx(), filter({ keyword: 't5' }))).toBe(true);
  });
});

describe('matchesStatusFilter', () => {
  it('splits reflextrader by prefix and treats no selection as all', () => {
    expect(matchesStatusFilter(tx({ Status: 'reflextrader', Prefix: 'P' }), ['rt-p'])).toBe(true);
    expect(matchesStatusFilter(tx({ Status: 'reflextrader', Prefix: 'T' }), ['rt-p'])).toBe(false);
    expect(matchesStatusFilter(tx({ Status: 'swap' }), [])).toBe(true);
  });
});
