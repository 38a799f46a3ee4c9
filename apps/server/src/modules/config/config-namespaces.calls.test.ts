import {
  AUTOMATION_CONFIG_DEFAULTS,
  type ConfigState,
  OPENNODE_CONFIG_DEFAULTS,
  OPENNODE_MESSAGES,
  TRADING_CONFIG_DEFAULTS,
} from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretOf } from '../../config/config';
import { seedCatalog } from '../../db/seed/catalog.seed';
import { adminPost, signInStaff } from '../../test/access-helpers';
import { adminGet, createTestApp, TEST_PASSWORD, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin = '';

beforeAll(async () => {
  t = await createTestApp({ jwtTtlSeconds: 3600, configMasterKey: secretOf('cd'.repeat(32)) });
  await seedCatalog(t.database.db, t.clock.now());
  admin = (await signInStaff(t.app, 'admin')).token;
});
afterAll(() => t.close());

const save = (ns: string, values: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  adminPost(t.app, admin, 'SaveConfigDraft', {
    Namespace: ns,
    ExpectedVersion: 0,
    Values: values,
    Password: 'not-the-password',
    ...extra,
  });

/** A refusal names the field and the brief's message; valid values reach the step-up (wrong password here). */
const outcome = async (res: {
  statusCode: number;
  json(): { message: string; data?: { issues?: Array<{ path: string }> } };
}) => ({
  status: res.statusCode,
  message: res.json().message,
  path: res.json().data?.issues?.[0]?.path ?? null,
});
const PASSES = { status: 400, message: 'That password is not right', path: null };

const hotWallet = (change: Record<string, unknown>) => ({
  ...AUTOMATION_CONFIG_DEFAULTS,
  hotWallets: [{ ...AUTOMATION_CONFIG_DEFAULTS.hotWallets[0], ...change }],
});
const pair = (change: Record<string, unknown>) => ({
  ...TRADING_CONFIG_DEFAULTS,
  pairs: [{ ...TRADING_CONFIG_DEFAULTS.pairs[0], ...change }],
});

describe('OpenNode Config (opennode)', () => {
  const key = { Secrets: { invoiceApiKey: 'dev-invoice-demo-8c1f' } };

  it.each([
    [{}, {}, OPENNODE_MESSAGES.invoiceKeyMissing, 'invoiceApiKey'],
    [{ withdrawalsEnabled: true }, key, OPENNODE_MESSAGES.withdrawalKeyMissing, 'withdrawalApiKey'],
    [{ chargeExpiryMinutes: 5 }, key, OPENNODE_MESSAGES.expiry, 'chargeExpiryMinutes'],
    [{ chargeExpiryMinutes: 1441 }, key, OPENNODE_MESSAGES.expiry, 'chargeExpiryMinutes'],
    [
      { descriptionTemplate: 'x'.repeat(201) },
      key,
      OPENNODE_MESSAGES.descriptionLength,
      'descriptionTemplate',
    ],
    [{ descriptionTemplate: 'Order {order}' }, key, OPENNODE_MESSAGES.placeholders, 'descriptionTemplate'],
    [{ maxWithdrawalSats: 1.5 }, key, OPENNODE_MESSAGES.maxWithdrawal, 'maxWithdrawalSats'],
    [{}, { Secrets: { invoiceApiKey: 'short' } }, OPENNODE_MESSAGES.keyShape, 'invoiceApiKey'],
  ])('refuses %j with the brief’s message on its field', async (change, extra, message, path) => {
    expect(await outcome(await save('opennode', { ...OPENNODE_CONFIG_DEFAULTS, ...change }, extra))).toEqual({
      status: 400,
      message,
      path,
    });
  });

  it('accepts the defaults with an invoice key, and {merchant} and {ref} in the description', async () => {
    const values = { ...OPENNODE_CONFIG_DEFAULTS, descriptionTemplate: '{merchant} order {ref}' };
    expect(await outcome(await save('opennode', values, key))).toEqual(PASSES);
  });

  it('answers the secret masked, never its value', async () => {
    const res = await save('opennode', OPENNODE_CONFIG_DEFAULTS, { ...key, Password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const state = res.json().data as ConfigState;
    expect(state.Draft?.Secrets.invoiceApiKey).toMatchObject({ Last4: '8c1f', SetBy: 'admin' });
    expect(state.Draft?.Secrets.withdrawalApiKey).toBeNull();
    expect(JSON.stringify(res.json())).not.toContain('dev-invoice-demo');
    const got = await adminGet(t.app, admin, 'GetConfig', { Namespace: 'opennode' });
    expect(got.body).not.toContain('dev-invoice-demo');
  });
});

describe('Trading Config (trading)', () => {
  it.each([
    [pair({ minOrder: '5', maxOrder: '1' }), 'Minimum must be below maximum', 'pairs.0.maxOrder'],
    [pair({ minOrder: '0.123456789' }), 'Use a decimal amount with at most 8 decimals', 'pairs.0.minOrder'],
    [pair({ priceTick: '0' }), 'Must be above 0, with at most 8 decimals', 'pairs.0.priceTick'],
    [pair({ symbol: 'btceur' }), 'Write the pair as BASE-QUOTE in capitals, e.g. BTC-EUR', 'pairs.0.symbol'],
    [
      pair({ customerMarkupBps: 1001 }),
      'Markup must be between 0 and 1000 basis points',
      'pairs.0.customerMarkupBps',
    ],
    [pair({ venue: 'kucoin' }), 'KuCoin is not an enabled venue', 'pairs.0.venue'],
    [
      {
        ...TRADING_CONFIG_DEFAULTS,
        pairs: [TRADING_CONFIG_DEFAULTS.pairs[0], TRADING_CONFIG_DEFAULTS.pairs[0]],
      },
      'BTC-EUR is listed twice',
      'pairs.1.symbol',
    ],
    [
      { ...TRADING_CONFIG_DEFAULTS, venues: [{ venue: 'internal', enabled: false, priority: 1 }] },
      'Enable at least one venue',
      'venues',
    ],
    [
      {
        ...TRADING_CONFIG_DEFAULTS,
        venues: [
          { venue: 'internal', enabled: true, priority: 1 },
          { venue: 'kucoin', enabled: true, priority: 1 },
        ],
      },
      'Two venues cannot share priority 1',
      'venues.1.priority',
    ],
    [
      { ...TRADING_CONFIG_DEFAULTS, haltIfDeviationPct: '0.4' },
      'Deviation must be between 0.5 and 50 percent, at most 2 decimals',
      'haltIfDeviationPct',
    ],
  ])('refuses %j', async (values, message, path) => {
    expect(await outcome(await save('trading', values))).toEqual({ status: 400, message, path });
  });

  it('accepts its defaults', async () => {
    expect(await outcome(await save('trading', { ...TRADING_CONFIG_DEFAULTS, staleQuoteSec: 10 }))).toEqual(
      PASSES,
    );
  });
});

describe('Automation Config (automation)', () => {
  it.each([
    [{ ...AUTOMATION_CONFIG_DEFAULTS, payoutCron: 'every minute' }, /^Not a valid schedule: /, 'payoutCron'],
    [
      { ...AUTOMATION_CONFIG_DEFAULTS, minPayoutPerCoin: [{ coin: 1, minAmount: '0.000000001' }] },
      'Use a decimal amount with at most 8 decimals',
      'minPayoutPerCoin.0.minAmount',
    ],
    [
      {
        ...AUTOMATION_CONFIG_DEFAULTS,
        minPayoutPerCoin: [
          { coin: 1, minAmount: '0.001' },
          { coin: 1, minAmount: '0.002' },
        ],
      },
      'Bitcoin is listed twice',
      'minPayoutPerCoin.1.coin',
    ],
    [
      { ...AUTOMATION_CONFIG_DEFAULTS, minPayoutPerCoin: [{ coin: 4242, minAmount: '1' }] },
      'No coin found with ID 4242',
      'minPayoutPerCoin.0.coin',
    ],
    [
      hotWallet({ alertBelow: '3' }),
      'Thresholds must increase: alert < target < sweep',
      'hotWallets.0.target',
    ],
    [
      hotWallet({ sweepToColdAbove: '2' }),
      'Thresholds must increase: alert < target < sweep',
      'hotWallets.0.target',
    ],
    [
      hotWallet({ coin: 5, coldAddress: '0x1234' }),
      'Not a valid Ethereum address',
      'hotWallets.0.coldAddress',
    ],
    [
      hotWallet({ coldAddress: '0x52908400098527886E0F7030069857D2E4169EE7' }),
      'Not a valid Bitcoin address',
      'hotWallets.0.coldAddress',
    ],
    [
      { ...AUTOMATION_CONFIG_DEFAULTS, maxSlippageBps: 0 },
      'Slippage must be between 1 and 500 basis points',
      'maxSlippageBps',
    ],
    [
      { ...AUTOMATION_CONFIG_DEFAULTS, quoteValiditySec: 601 },
      'A quote stays valid for 10 to 600 seconds',
      'quoteValiditySec',
    ],
  ])('refuses %j', async (values, message, path) => {
    const got = await outcome(await save('automation', values));
    expect(got.status).toBe(400);
    expect(got.path).toBe(path);
    if (typeof message === 'string') expect(got.message).toBe(message);
    else expect(got.message).toMatch(message);
  });

  it('accepts its defaults with an Ethereum cold wallet for an ERC20 token', async () => {
    const values = hotWallet({ coin: 13, coldAddress: '0x52908400098527886E0F7030069857D2E4169EE7' });
    expect(await outcome(await save('automation', values))).toEqual(PASSES);
  });
});
