import { describe, expect, it } from 'vitest';
import { makeTransaction } from '../../../test/transaction-fixtures';
import type { LocalFilter, LocalQuery } from './local-query';
import { compareDecimal, EMPTY_LOCAL_FILTER, LocalIndex, localFacets, runLocalQuery } from './local-query';

const rows = [
  makeTransaction({
    ID: 1,
    TransactionID: 1,
    ShopTitle: 'Bakery',
    MerchantID: 1,
    Amount: '10.5',
    TransactionType: 'Payment',
    Status: 'paid',
    CreatedOn: '2026-11-20T10:00:00Z',
  }),
  makeTransaction({
    ID: 2,
    TransactionID: 2,
    ShopTitle: 'Armoury',
    MerchantID: 2,
    Amount: '9.75',
    TransactionType: 'Invoice',
    Status: 'waiting',
    CreatedOn: '2026-11-21T10:00:00Z',
  }),
  makeTransaction({
    ID: 3,
    TransactionID: 3,
    ShopTitle: 'Coffee',
    MerchantID: 3,
    Amount: '100',
    TransactionType: 'Payment',
    Status: 'reflextrader',
    Prefix: 'P',
    CreatedOn: '2026-11-22T10:00:00Z',
  }),
];

const query = (overrides = {}) => ({
  filter: EMPTY_LOCAL_FILTER,
  sort: 'CreatedOn' as const,
  order: 'desc' as const,
  page: 1,
  pageSize: 2,
  ...overrides,
});

describe('runLocalQuery', () => {
  it('pages newest first and counts every match', () => {
    const result = runLocalQuery(rows, query());
    expect(result.rows.map((r) => r.TransactionID)).toEqual([3, 2]);
    expect(result.total).toBe(3);
    expect(runLocalQuery(rows, query({ page: 2 })).rows.map((r) => r.TransactionID)).toEqual([1]);
  });

  it('clamps a page beyond the end to the last page', () => {
    const result = runLocalQuery(rows, query({ page: 9 }));
    expect(result.page).toBe(2);
    expect(result.rows).toHaveLength(1);
  });

  it('filters by merchant, type, status (reflextrader by prefix) and keyword together', () => {
    const f = (filter: object) =>
      runLocalQuery(rows, query({ filter: { ...EMPTY_LOCAL_FILTER, ...filter }, pageSize: 10 })).rows.map(
        (r) => r.TransactionID,
      );
    expect(f({ merchantId: 2 })).toEqual([2]);
    expect(f({ types: ['Payment'] })).toEqual([3, 1]);
    expect(f({ statuses: ['rt-p'] })).toEqual([3]);
    expect(f({ statuses: ['rt-t'] })).toEqual([]);
    expect(f({ keyword: 'bak' })).toEqual([1]);
    expect(f({ keyword: 't2' })).toEqual([2]);
  });

  it('sorts amounts by decimal value, not as text', () => {
    const asc = runLocalQuery(rows, query({ sort: 'Amount', order: 'asc', pageSize: 10 }));
    expect(asc.rows.map((r) => r.Amount)).toEqual(['9.75', '10.5', '100']);
    const merchants = runLocalQuery(rows, query({ sort: 'Merchant', order: 'asc', pageSize: 10 }));
    expect(merchants.rows.map((r) => r.ShopTitle)).toEqual(['Armoury', 'Bakery', 'Coffee']);
  });
});

describe('compareDecimal', () => {
  it('orders signs, magnitudes and fractions exactly', () => {
    expect(compareDecimal('0.00000001', '0.00000002')).toBeLessThan(0);
    expect(compareDecimal('-1', '0')).toBeLessThan(0);
    expect(compareDecimal('-2', '-1')).toBeLessThan(0);
    expect(compareDecimal('12345678901234567.1', '12345678901234567.09')).toBeGreaterThan(0);
    expect(compareDecimal('1.50', '1.5')).toBe(0);
    expect(compareDecimal('0', '-0.0')).toBe(0);
  });
});

describe('localFacets', () => {
  it('lists each merchant and type of the loaded rows once, sorted', () => {
    expect(localFacets(rows)).toEqual({
      merchants: [
        { id: 2, title: 'Armoury' },
        { id: 1, title: 'Bakery' },
        { id: 3, title: 'Coffee' },
      ],
      types: ['Invoice', 'Payment'],
    });
  });
});

describe('LocalIndex', () => {
  const shops = ['Bakery', 'Armoury', 'Coffee Corner', 'Bike Shop'];
  const statuses = ['paid', 'waiting', 'expired', 'reflextrader', 'payout-completed'] as const;
  const many = Array.from({ length: 120 }, (_, i) =>
    makeTransaction({
      ID: i + 1,
      TransactionID: 1000 + i,
      Prefix: i % 2 === 0 ? 'T' : 'P',
      MerchantID: (i % 4) + 1,
      ShopTitle: shops[i % 4] ?? '',
      Amount: `${(i * 37) % 101}.${i % 10}`,
      TransactionType: i % 3 === 0 ? 'Invoice' : 'POS',
      Status: statuses[i % statuses.length] ?? 'paid',
      Email: i % 5 === 0 ? `lisa.${i}@example.com` : null,
      CreatedOn: `2026-11-${String(10 + (i % 12)).padStart(2, '0')}T10:00:00Z`,
    }),
  );
  const ask = (
    overrides: Partial<Omit<LocalQuery, 'filter'>> & { filter?: Partial<LocalFilter> } = {},
  ): LocalQuery => ({
    sort: 'CreatedOn',
    order: 'desc',
    page: 1,
    pageSize: 15,
    ...overrides,
    filter: { ...EMPTY_LOCAL_FILTER, ...overrides.filter },
  });

  it('answers every query as runLocalQuery does, typing, sorting and paging included', () => {
    const index = new LocalIndex();
    index.set(many.map((tx) => ({ ...tx })));
    const queries = [
      ask(),
      ...['l', 'li', 'lis', 'lisa', 'lisa.1', 'lisa.', 'li', ''].map((keyword) =>
        ask({ filter: { keyword } }),
      ),
      ask({ filter: { keyword: 'bak', merchantId: 1 } }),
      ask({ filter: { keyword: 'bake', merchantId: 1 } }),
      ask({ filter: { keyword: 'bake', merchantId: 2 } }),
      ask({ filter: { keyword: 't1003' } }),
      ask({ filter: { keyword: 'payout c' } }),
      ask({ filter: { keyword: 'coffee c' }, sort: 'Status', order: 'asc' }),
      ask({ filter: { keyword: 'p1003' }, sort: 'Amount', order: 'asc' }),
      ask({ filter: { statuses: ['rt-t', 'paid'], types: ['POS'] }, page: 2 }),
      ask({ sort: 'Merchant', order: 'asc', page: 3 }),
      ask({ sort: 'Date', order: 'desc', page: 99 }),
    ];
    for (const query of queries)
      expect(index.query(query), JSON.stringify(query)).toEqual(runLocalQuery(many, query));
    expect(index.facets()).toEqual(localFacets(many));
  });

  it('answers typing, deleting and changing filters in any order as runLocalQuery does', () => {
    const index = new LocalIndex();
    index.set(many.map((tx) => ({ ...tx })));
    // Letters typed and deleted again, across merchant names, statuses as badges read, types and e-mails,
    // with the merchant, status and sort changed in between: kept answers must never leak across them.
    const steps: Array<Partial<LocalFilter> & Partial<Pick<LocalQuery, 'sort' | 'order'>>> = [
      { keyword: 'c' },
      { keyword: 'co' },
      { keyword: 'cof' },
      { keyword: 'co' },
      { keyword: 'c' },
      { keyword: 'c', merchantId: 3 },
      { keyword: 'co', merchantId: 3 },
      { keyword: 'c', merchantId: null },
      { keyword: 'payout' },
      { keyword: 'payout c' },
      { keyword: 'payout', statuses: ['payout-completed'] },
      { keyword: 'payou', statuses: [] },
      { keyword: 'p' },
      { keyword: 'po' },
      { keyword: 'pos' },
      { keyword: 'po', sort: 'Amount', order: 'asc' },
      { keyword: 'lisa.2' },
      { keyword: 'lisa.' },
      { keyword: 'lisa.2', types: ['Invoice'] },
      { keyword: '' },
    ];
    for (const { sort, order, ...filter } of steps) {
      const query = ask({ filter, ...(sort ? { sort } : {}), ...(order ? { order } : {}) });
      expect(index.query(query), JSON.stringify(query)).toEqual(runLocalQuery(many, query));
    }
  });

  it('answers from the new rows after a change, even in the middle of typing', () => {
    const index = new LocalIndex();
    index.set(many.slice(0, 60).map((tx) => ({ ...tx })));
    expect(index.query(ask({ filter: { keyword: 'lisa' } })).total).toBe(
      runLocalQuery(many.slice(0, 60), ask({ filter: { keyword: 'lisa' } })).total,
    );
    index.set(many.slice(60).map((tx) => ({ ...tx })));
    const query = ask({ filter: { keyword: 'lisa.' } });
    expect(index.query(query)).toEqual(runLocalQuery(many, query));
    expect(index.size).toBe(many.length);
    // A letter deleted after the change asks again what was answered before it: the new rows count.
    const deleted = ask({ filter: { keyword: 'lisa' } });
    expect(index.query(deleted)).toEqual(runLocalQuery(many, deleted));
  });
});
