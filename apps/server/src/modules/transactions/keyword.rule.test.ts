import { describe, expect, it } from 'vitest';
import { classifyKeyword, escapeLike } from './keyword.rule';

describe('classifyKeyword', () => {
  it('treats T or P plus digits, padded or not, as a transaction reference', () => {
    expect(classifyKeyword('T000123456')).toEqual({ kind: 'ref', prefix: 'T', id: 123456 });
    expect(classifyKeyword(' p42 ')).toEqual({ kind: 'ref', prefix: 'P', id: 42 });
    expect(classifyKeyword('123456')).toEqual({ kind: 'ref', prefix: null, id: 123456 });
  });

  it('treats xc plus digits as an xChange id', () => {
    expect(classifyKeyword('XC9001')).toEqual({ kind: 'xchange', id: 9001 });
  });

  it('treats long unspaced tokens as exact hashes, addresses or references', () => {
    expect(classifyKeyword('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh')).toEqual({
      kind: 'exact',
      value: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    });
  });

  it('treats a whole e-mail address as an exact (case-insensitive) lookup, a part of one as text', () => {
    expect(classifyKeyword(' Sara.Mueller25@proton.me ')).toEqual({
      kind: 'email',
      value: 'Sara.Mueller25@proton.me',
    });
    expect(classifyKeyword('mueller25@proton')).toEqual({ kind: 'text', value: 'mueller25@proton' });
    expect(classifyKeyword('@proton.me')).toEqual({ kind: 'text', value: '@proton.me' });
    expect(classifyKeyword('a b@proton.me')).toEqual({ kind: 'text', value: 'a b@proton.me' });
  });

  it('treats an order, invoice, POS or payout reference, or its beginning, as a reference', () => {
    for (const value of ['ORD-4756838', 'inv-2026', 'POS-03-48213', 'PO-20261122-1234', '#48213'])
      expect(classifyKeyword(value)).toEqual({ kind: 'reference', value });
    expect(classifyKeyword('checkout-v2').kind).toBe('text');
    expect(classifyKeyword('#12').kind).toBe('text');
  });

  it('falls back to free text for names and short words, and to nothing for blanks', () => {
    expect(classifyKeyword('Green Oak')).toEqual({ kind: 'text', value: 'Green Oak' });
    expect(classifyKeyword('t0')).toEqual({ kind: 'text', value: 't0' });
    expect(classifyKeyword('   ')).toEqual({ kind: 'none' });
  });

  it('does not read an id too long for a safe integer as a reference', () => {
    expect(classifyKeyword('1234567890123456789').kind).not.toBe('ref');
  });
});

describe('escapeLike', () => {
  it('makes % and _ match themselves', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});
