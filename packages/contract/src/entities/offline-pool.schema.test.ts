import { describe, expect, it } from 'vitest';
import { badgeColor } from '../rules/badge-color.rule';
import { BALANCE_SHEET_STATUSES } from './balance-sheet.schema';
import { OPEN_XCHANGE_STATUSES } from './offline-pool.schema';
import { TRANSACTION_STATUSES } from './transaction.schema';

describe('open xChange statuses', () => {
  it('are exactly the statuses whose badge is grey or yellow: not settled, neither done nor ended', () => {
    const unsettled = TRANSACTION_STATUSES.filter((s) => ['gray', 'yellow'].includes(badgeColor(s)));
    expect([...OPEN_XCHANGE_STATUSES].sort()).toEqual([...unsettled].sort());
  });
});

describe('balance sheet statuses', () => {
  it('never count one status in two figures', () => {
    const all = Object.values(BALANCE_SHEET_STATUSES).flat();
    expect(new Set(all).size).toBe(all.length);
  });
});
