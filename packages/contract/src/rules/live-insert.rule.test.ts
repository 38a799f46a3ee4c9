import { describe, expect, it } from 'vitest';
import type { Transaction } from '../entities/transaction.schema';
import { makeTransaction } from '../test/transaction-fixtures';
import { type LiveInsertFilter, matchesStatusFilter, shouldInsertLive } from './live-insert.rule';

const tx = (overrides: Partial<Transaction> = {}): Transaction =>
  makeTransaction({
    ID: 5,
    TransactionID: 5,
    OriginalAmount: '10.00',
    Amount: '0.0001',
    Status: 'waiting',
    CreatedOn: '2026-11-23T23:59:59.000Z',
    Date: '2026-11-23T23:59:59.000Z',
    TransactionConfirmedOn: null,
    Security: 'sec',
    CoinAddress: 'bc1q',
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
