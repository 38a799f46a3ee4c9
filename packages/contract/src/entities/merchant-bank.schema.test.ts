import { describe, expect, it } from 'vitest';
import {
  bestNameMatch,
  bicProblem,
  ibanProblem,
  maskAccount,
  nameMatchScore,
  nameTokens,
} from './merchant-bank.schema';

describe('IBAN and BIC checks', () => {
  it.each([
    'NL91ABNA0417164300',
    'nl91 abna 0417 1643 00',
    'DE89370400440532013000',
    'GB29NWBK60161331926819',
    'BE68539007547034',
  ])('accepts the good IBAN %s', (iban) => expect(ibanProblem(iban)).toBeNull());

  it('names what is wrong with a bad IBAN', () => {
    expect(ibanProblem('NL91ABNA0417164301')).toBe('IBAN checksum is wrong');
    expect(ibanProblem('DE89370400440532013001')).toBe('IBAN checksum is wrong');
    expect(ibanProblem('NL91ABNA041716430')).toBe('An IBAN from NL has 18 characters');
    expect(ibanProblem('1234')).toMatch(/^An IBAN starts with 2 letters/);
  });

  it('accepts BICs of 8 and 11 characters and refuses other lengths', () => {
    expect(bicProblem('ABNANL2A')).toBeNull();
    expect(bicProblem('deut de ff 500')).toBeNull();
    expect(bicProblem('ABNANL2')).toBe('BIC must have 8 or 11 characters');
    expect(bicProblem('ABNANL2A5')).toBe('BIC must have 8 or 11 characters');
  });
});

describe('name match', () => {
  it('drops legal forms, accents and punctuation', () => {
    expect(nameTokens('J. Doe B.V.')).toEqual(['j', 'doe']);
    expect(nameTokens('Müller Handels GmbH')).toEqual(['muller', 'handels']);
    expect(nameTokens('Northwind Coffee Ltd.')).toEqual(['northwind', 'coffee']);
  });

  it('scores the same name 1 whatever its legal form or word order, an initial ½, another name 0', () => {
    expect(nameMatchScore('Jane Doe BV', 'Jane Doe')).toBe(1);
    expect(nameMatchScore('Doe, Jane', 'Jane Doe')).toBe(1);
    expect(nameMatchScore('J. Doe BV', 'Jane Doe')).toBe(0.75);
    expect(nameMatchScore('John Smith', 'Jane Doe')).toBe(0);
    expect(nameMatchScore('BV', 'Jane Doe')).toBe(0);
  });

  it('compares with the closest of the KYC names', () => {
    expect(bestNameMatch('Doe Coffee Roasters GmbH', ['Jane Doe', 'Doe Coffee Roasters BV'])).toEqual({
      kycName: 'Doe Coffee Roasters BV',
      score: 1,
    });
    expect(bestNameMatch('Someone Else', ['Jane Doe'])).toEqual({ kycName: 'Jane Doe', score: 0 });
  });

  it('masks an account to its last four characters', () => {
    expect(maskAccount('NL91 ABNA 0417 1643 00')).toBe('•••• 4300');
    expect(maskAccount(null)).toBeNull();
  });
});
