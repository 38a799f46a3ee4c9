import { MAIN_CALLS } from '@bo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { altCoins, rates } from '../../db/schema';
import { seedCatalog } from '../../db/seed/catalog.seed';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
let cookie = '';

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.database.db, t.clock.now());
  // A coin without a rate, as a freshly listed one would be until the market feed prices it.
  await t.database.db
    .insert(altCoins)
    .values({ id: 900, name: 'Fresh', shortName: 'FRSH', longName: 'Fresh' });
  cookie = (await signIn(t.app, 'viewer')).cookie;
});
afterAll(() => t.close());

const lookup = (query: Record<string, string>, headers: Record<string, string> = { cookie }) =>
  t.app.inject({
    method: 'GET',
    url: `/api/main/v2REAPI?${new URLSearchParams({ Call: 'Fiatlookup', FiatLookup: '0', ...query })}`,
    headers,
  });

const converted = async (query: Record<string, string>) => {
  const response = await lookup(query);
  expect(response.statusCode, response.body).toBe(200);
  return MAIN_CALLS.Fiatlookup.data.parse(response.json().data);
};

describe('Fiatlookup', () => {
  it('answers one Bitcoin in euro by default, to 8 decimals', async () => {
    expect(await converted({ AltCoinID: '1' })).toEqual([{ OutputValue: '90000.00000000' }]);
  });

  it('converts an amount between two coins through their EUR rates', async () => {
    expect(await converted({ AltCoinID: '1', Amount: '0.5', FiatMoney: 'ETH' })).toEqual([
      { OutputValue: '15.00000000' },
    ]);
  });

  it('floors the value to 8 decimals instead of rounding it up', async () => {
    // 1 / 90000 = 0.0000111111…
    expect(await converted({ AltCoinID: '625', FiatMoney: 'BTC' })).toEqual([{ OutputValue: '0.00001111' }]);
    // 2 / 3 = 0.666…, where rounding would give …67.
    await t.database.db.update(rates).set({ eur: '3' }).where(eq(rates.altCoinId, 628));
    expect(await converted({ AltCoinID: '625', Amount: '2', FiatMoney: 'CHF' })).toEqual([
      { OutputValue: '0.66666666' },
    ]);
  });

  it('computes in exact decimals where a float would lose digits', async () => {
    // As a float, 123456789012.12345678 / 90000 is 1371742.1001347052 and cannot be floored correctly.
    expect(await converted({ AltCoinID: '625', Amount: '123456789012.12345678', FiatMoney: 'BTC' })).toEqual([
      { OutputValue: '1371742.10013470' },
    ]);
    // A coin worth a tiny fraction of the target still converts in bulk: 1e9 SHIB in BTC.
    expect(await converted({ AltCoinID: '24', Amount: '1000000000', FiatMoney: 'BTC' })).toEqual([
      { OutputValue: '0.09466666' },
    ]);
  });

  it('matches the target short name in any case', async () => {
    expect(await converted({ AltCoinID: '1', FiatMoney: 'eur' })).toEqual([
      { OutputValue: '90000.00000000' },
    ]);
  });

  it('answers an empty list when either coin has no rate or is unknown', async () => {
    expect(await converted({ AltCoinID: '900' })).toEqual([]);
    expect(await converted({ AltCoinID: '1', FiatMoney: 'FRSH' })).toEqual([]);
    expect(await converted({ AltCoinID: '999999' })).toEqual([]);
    expect(await converted({ AltCoinID: '1', FiatMoney: 'NOPE' })).toEqual([]);
  });

  it('refuses amounts and parameters the converter never sends', async () => {
    const refused: Record<string, string>[] = [
      { AltCoinID: '1', Amount: '-1' },
      { AltCoinID: '1', Amount: '1e5' },
      { AltCoinID: '1', Amount: '' },
      { AltCoinID: 'x' },
      { AltCoinID: '1', FiatLookup: '1' },
      { AltCoinID: '1', FiatMoney: "EUR' or 1=1" },
    ];
    for (const query of refused) {
      expect((await lookup(query)).statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  it('needs a signed-in session', async () => {
    const response = await lookup({ AltCoinID: '1' }, {});
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('unauthorized');
  });

  it('still refuses an unknown Call on /v2REAPI', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/main/v2REAPI?Call=Nope',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Unknown Call Nope');
  });
});
