import { describe, expect, it } from 'vitest';
import { csvCell } from './export.schema';

describe('csvCell', () => {
  it('neutralises a formula so a spreadsheet shows it as text', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('+31 6 1234')).toBe("'+31 6 1234");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
  });

  it('keeps negative numbers as numbers', () => {
    expect(csvCell('-12.50000000')).toBe('-12.50000000');
    expect(csvCell(-3)).toBe('-3');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('Shop, Inc.')).toBe('"Shop, Inc."');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('writes nothing for a missing value and JSON for an object', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
    expect(csvCell(true)).toBe('true');
  });
});
