import { describe, expect, it } from 'vitest';
import { vtokenKeywordOf } from './vtokens.service';
import { xchangeLookupOf } from './xchange-search.rule';

describe('xchangeLookupOf', () => {
  it('reads a leading xc or bare digits as an XChange ID', () => {
    expect(xchangeLookupOf('xc123', 'auto')).toEqual({ kind: 'xchange', id: 123 });
    expect(xchangeLookupOf(' XC000123 ', 'auto')).toEqual({ kind: 'xchange', id: 123 });
    expect(xchangeLookupOf('123', 'auto')).toEqual({ kind: 'xchange', id: 123 });
  });

  it('reads a long token as a hash or an address, and other text as a shop title', () => {
    const hash = 'a'.repeat(32);
    expect(xchangeLookupOf(hash, 'auto')).toEqual({ kind: 'hash-or-address', value: hash });
    expect(xchangeLookupOf('Crypto Corner', 'auto')).toEqual({
      kind: 'merchant-title',
      text: 'Crypto Corner',
    });
  });

  it('follows the chosen field', () => {
    expect(xchangeLookupOf('42', 'merchant')).toEqual({ kind: 'merchant-id', id: 42 });
    expect(xchangeLookupOf('Corner', 'merchant')).toEqual({ kind: 'merchant-title', text: 'Corner' });
    expect(xchangeLookupOf('bc1qxyz', 'address')).toEqual({ kind: 'address', value: 'bc1qxyz' });
    expect(xchangeLookupOf('abc', 'hash')).toEqual({ kind: 'hash', value: 'abc' });
    expect(xchangeLookupOf('abc', 'xchange')).toEqual({ kind: 'nothing' });
    expect(xchangeLookupOf('   ', 'auto')).toEqual({ kind: 'nothing' });
  });
});

describe('vtokenKeywordOf', () => {
  it('reads a claim code from its start, a transaction reference, and anything else as text', () => {
    expect(vtokenKeywordOf('vt-3f2a')).toEqual({ kind: 'code', prefix: 'VT-3F2A' });
    expect(vtokenKeywordOf('T000123456')).toEqual({ kind: 'transaction', prefix: 'T', id: 123456 });
    expect(vtokenKeywordOf('wallet:ada')).toEqual({ kind: 'text', value: 'wallet:ada' });
    expect(vtokenKeywordOf('123')).toEqual({ kind: 'text', value: '123' });
    expect(vtokenKeywordOf('')).toEqual({ kind: 'none' });
  });
});
