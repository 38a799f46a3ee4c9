import { describe, expect, it } from 'vitest';
import { coinIconName, coinIconUrl } from './coin-icon.rule';

describe('coinIconName', () => {
  it('lower-cases the coin name', () => {
    expect(coinIconName('Bitcoin')).toBe('bitcoin');
  });

  it('drops the _disabled suffix', () => {
    expect(coinIconName('Bitcoin_disabled')).toBe('bitcoin');
  });

  it('drops the suffix whatever its case', () => {
    expect(coinIconName('Ethereum_DISABLED')).toBe('ethereum');
  });

  it('drops the suffix only at the end', () => {
    expect(coinIconName('my_disabled_coin')).toBe('my_disabled_coin');
  });

  it('drops the suffix once', () => {
    expect(coinIconName('coin_disabled_disabled')).toBe('coin_disabled');
  });

  it('ignores surrounding whitespace', () => {
    expect(coinIconName(' Litecoin ')).toBe('litecoin');
  });
});

describe('coinIconUrl', () => {
  it('joins the base and the icon name with a .png extension', () => {
    expect(coinIconUrl('https://cdn.example/coins', 'Bitcoin_disabled')).toBe(
      'https://cdn.example/coins/bitcoin.png',
    );
  });

  it('does not double a trailing slash on the base', () => {
    expect(coinIconUrl('/img/coins/', 'Dash')).toBe('/img/coins/dash.png');
  });

  it('encodes characters unsafe in a path', () => {
    expect(coinIconUrl('/img', 'Bitcoin Cash')).toBe('/img/bitcoin%20cash.png');
  });
});
