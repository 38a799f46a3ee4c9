import { describe, expect, it } from 'vitest';
import { formatContactList, parseContactList } from './contact-list.rule';

describe('contact list', () => {
  it('round-trips name, id, last time and unread count', () => {
    const entries = [
      { name: 'Coffee Corner', id: 12, lastAt: 1_700_000_000_000, count: 3 },
      { name: 'Bakery', id: 13, lastAt: 1_600_000_000_000, count: 0 },
    ];
    const text = formatContactList(entries);
    expect(text).toBe('Coffee Corner,12,1700000000000,3;Bakery,13,1600000000000,0');
    expect(parseContactList(text)).toEqual(entries);
  });

  it('keeps separators out of names and skips malformed entries', () => {
    expect(formatContactList([{ name: 'A; B, C', id: 1, lastAt: 0, count: 0 }])).toBe('A  B  C,1,0,0');
    expect(parseContactList('x,1,2;,3,4,5;Good,7,8,9;')).toEqual([
      { name: 'Good', id: 7, lastAt: 8, count: 9 },
    ]);
    expect(parseContactList('')).toEqual([]);
  });
});
