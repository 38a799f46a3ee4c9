import { describe, expect, it } from 'vitest';
import { invoiceLink } from './invoice-link.rule';

describe('invoiceLink', () => {
  it('fills the reference and the security key, encoded', () => {
    expect(invoiceLink('https://pay.example/i/{ref}?s={security}', 'T000000042', 'a b&c')).toBe(
      'https://pay.example/i/T000000042?s=a%20b%26c',
    );
  });

  it('leaves a template without placeholders as it is', () => {
    expect(invoiceLink('https://pay.example/invoices', 'T1', 's')).toBe('https://pay.example/invoices');
  });
});
