import { describe, expect, it } from 'vitest';
import { filtersForQueryOptions } from './use-query-options';
import { defaultTransactionFilters } from './use-transaction-filters';

const current = { ...defaultTransactionFilters(), from: '2026-01-01', to: '2026-01-05', keyword: 'old' };
const run = (query: string, shared = '') =>
  filtersForQueryOptions(new URLSearchParams(query), current, shared, '2026-11-23');

describe('dashboard query options', () => {
  it('does nothing without an option', () => {
    expect(run('keyword=abc')).toBeNull();
  });

  it('reload resets the range to the last 7 days', () => {
    expect(run('reload=1')).toMatchObject({ to: '2026-11-23', keyword: 'old' });
    expect(run('reload=1')?.from).toBe(defaultTransactionFilters().from);
  });

  it('search sets the keyword', () => {
    expect(run('search=T000000042')).toMatchObject({ keyword: 'T000000042', from: '2026-01-01' });
  });

  it('xc sets the keyword and widens the range to 60 days', () => {
    expect(run('xc=77')).toMatchObject({ keyword: 'xc77', from: '2026-09-24', to: '2026-11-23' });
    expect(run('xc=xc12')).toMatchObject({ keyword: 'xc12' });
  });

  it('searching takes the shared keyword of the header search', () => {
    expect(run('searching=1', 'coffee')).toMatchObject({ keyword: 'coffee' });
  });
});
