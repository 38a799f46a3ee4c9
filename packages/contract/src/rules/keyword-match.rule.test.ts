import { describe, expect, it } from 'vitest';
import {
  type KeywordSearchable,
  keywordHaystack,
  matchesKeyword,
  matchesParsedKeyword,
  parseKeyword,
} from './keyword-match.rule';

const tx = (overrides: Partial<KeywordSearchable> = {}): KeywordSearchable => ({
  TransactionID: 1234,
  Prefix: 'T',
  ShopTitle: 'Coffee Corner',
  OwnerNickName: 'barista',
  Amount: '0.00123456',
  OriginalAmount: '25.50',
  InputCurrency: 'EUR',
  LongName: 'Bitcoin',
  CoinName: 'BTC',
  Status: 'payout-pending',
  TransactionType: 'Invoice',
  Security: 'SEC-abcdef',
  CustomerReferenceNr: 'ORDER-77',
  CoinAddress: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  Email: 'buyer@example.com',
  Tag: 'vip',
  revolutID: 'rev_555',
  XChangeID: 9001,
  MasterTransactionID: 4321,
  ExternalTransactionProvider: 'Stripe',
  ...overrides,
});

describe('matchesKeyword', () => {
  it('matches everything for an empty or blank keyword', () => {
    expect(matchesKeyword(tx(), '')).toBe(true);
    expect(matchesKeyword(tx(), '   ')).toBe(true);
  });

  it('matches a substring case-insensitively', () => {
    expect(matchesKeyword(tx(), 'coffee')).toBe(true);
    expect(matchesKeyword(tx(), 'CORNER')).toBe(true);
    expect(matchesKeyword(tx(), 'fee cor')).toBe(true);
  });

  it('trims the keyword', () => {
    expect(matchesKeyword(tx(), '  barista  ')).toBe(true);
  });

  it('searches every listed field', () => {
    const probes: [keyof KeywordSearchable, string][] = [
      ['TransactionID', '123'],
      ['ShopTitle', 'coffee'],
      ['OwnerNickName', 'barista'],
      ['Amount', '0.00123'],
      ['OriginalAmount', '25.5'],
      ['InputCurrency', 'eur'],
      ['LongName', 'bitcoin'],
      ['CoinName', 'btc'],
      ['Status', 'payout-pen'],
      ['TransactionType', 'invoice'],
      ['Security', 'sec-abc'],
      ['CustomerReferenceNr', 'order-77'],
      ['CoinAddress', 'kgdygj'],
      ['Email', 'buyer@'],
      ['Tag', 'vip'],
      ['revolutID', 'rev_5'],
      ['XChangeID', '900'],
      ['MasterTransactionID', '432'],
      ['ExternalTransactionProvider', 'stripe'],
    ];
    const blank = tx({
      TransactionID: 1,
      ShopTitle: '',
      OwnerNickName: '',
      Amount: '0',
      OriginalAmount: '0',
      InputCurrency: '',
      LongName: '',
      CoinName: '',
      Status: 'waiting',
      TransactionType: '',
      Security: '',
      CustomerReferenceNr: null,
      CoinAddress: '',
      Email: null,
      Tag: null,
      revolutID: null,
      XChangeID: null,
      MasterTransactionID: null,
      ExternalTransactionProvider: null,
    });
    for (const [field, keyword] of probes) {
      expect(matchesKeyword(blank, keyword), `${field} before`).toBe(false);
      expect(matchesKeyword({ ...blank, [field]: tx()[field] }, keyword), field).toBe(true);
    }
  });

  it('matches the status as the badge reads it, with spaces', () => {
    expect(matchesKeyword(tx(), 'payout pending')).toBe(true);
  });

  it('does not match a keyword found in no field', () => {
    expect(matchesKeyword(tx(), 'ethereum')).toBe(false);
  });

  it('skips null fields without matching the text "null"', () => {
    const row = tx({ Email: null, Tag: null, ShopTitle: 'Shop' });
    expect(matchesKeyword(row, 'null')).toBe(false);
  });

  it('matches a t-prefixed id exactly', () => {
    expect(matchesKeyword(tx(), 't1234')).toBe(true);
    expect(matchesKeyword(tx(), 'T000001234')).toBe(true);
    expect(matchesKeyword(tx(), 't123')).toBe(false);
    expect(matchesKeyword(tx(), 't12345')).toBe(false);
  });

  it('matches a p-prefixed id only on payout rows', () => {
    const payout = tx({ Prefix: 'P' });
    expect(matchesKeyword(payout, 'P000001234')).toBe(true);
    expect(matchesKeyword(payout, 'p1234')).toBe(true);
    expect(matchesKeyword(tx({ Prefix: 'T' }), 'P000001234')).toBe(false);
    expect(matchesKeyword(payout, 't1234')).toBe(false);
  });

  it('does not let a prefixed id fall back to a substring match on other fields', () => {
    const row = tx({ TransactionID: 1, CustomerReferenceNr: 'abc-t1234' });
    expect(matchesKeyword(row, 't1234')).toBe(false);
  });

  it('matches xc plus digits against XChangeID exactly', () => {
    expect(matchesKeyword(tx(), 'xc9001')).toBe(true);
    expect(matchesKeyword(tx(), 'XC9001')).toBe(true);
    expect(matchesKeyword(tx(), 'xc900')).toBe(false);
    expect(matchesKeyword(tx({ XChangeID: null }), 'xc9001')).toBe(false);
  });

  it('treats xc without digits as plain text', () => {
    expect(matchesKeyword(tx({ ShopTitle: 'XCorp' }), 'xc')).toBe(true);
    expect(matchesKeyword(tx(), 'xc')).toBe(false);
  });

  it('matches a bare number as a substring of any field', () => {
    expect(matchesKeyword(tx(), '1234')).toBe(true);
    expect(matchesKeyword(tx(), '25.50')).toBe(true);
  });

  it('treats t0 as text because it is not a valid reference', () => {
    expect(matchesKeyword(tx({ Tag: 'lot0' }), 't0')).toBe(true);
  });
});

describe('parseKeyword and a prepared haystack', () => {
  it('reads each shape of keyword once', () => {
    expect(parseKeyword('  ')).toEqual({ kind: 'all' });
    expect(parseKeyword('T000001234')).toEqual({ kind: 'ref', prefix: 'T', id: 1234 });
    expect(parseKeyword('XC9001')).toEqual({ kind: 'xchange', id: 9001 });
    expect(parseKeyword(' Coffee ')).toEqual({ kind: 'text', needle: 'coffee' });
  });

  it('answers as matchesKeyword does, with or without the haystack', () => {
    const rows = [tx(), tx({ Prefix: 'P', Email: null, Status: 'waiting' }), tx({ XChangeID: null })];
    const keywords = [
      '',
      'coffee',
      'CORNER',
      'payout pending',
      't1234',
      'p1234',
      'xc9001',
      'null',
      '25.50',
      'x',
    ];
    for (const row of rows) {
      for (const keyword of keywords) {
        const parsed = parseKeyword(keyword);
        expect(matchesParsedKeyword(row, parsed), keyword).toBe(matchesKeyword(row, keyword));
        expect(matchesParsedKeyword(row, parsed, keywordHaystack(row)), keyword).toBe(
          matchesKeyword(row, keyword),
        );
      }
    }
  });

  it('never matches across two fields', () => {
    const row = tx({ ShopTitle: 'Coffee', OwnerNickName: 'Corner' });
    expect(matchesKeyword(row, 'coffeecorner')).toBe(false);
    expect(matchesKeyword(row, 'coffee\u0000corner')).toBe(false);
  });
});
