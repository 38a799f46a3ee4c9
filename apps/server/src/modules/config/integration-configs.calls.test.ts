import {
  AIRWALLEX_CONFIG_DEFAULTS,
  COINPRESS_CONFIG_DEFAULTS,
  type ConfigState,
  KUCOIN_BROKER_CONFIG_DEFAULTS,
  KUCOIN_CONFIG_DEFAULTS,
} from '@bo/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretOf } from '../../config/config';
import { auditLog } from '../../db/schema';
import { adminPost, signInStaff } from '../../test/access-helpers';
import { adminGet, createTestApp, TEST_PASSWORD, type TestApp } from '../../test/test-app';
import { KUCOIN_DEMO_CREDENTIALS } from '../integrations/kucoin/kucoin-fake';

let t: TestApp;
let admin = '';

beforeAll(async () => {
  t = await createTestApp({ jwtTtlSeconds: 3600, configMasterKey: secretOf('ab'.repeat(32)) });
  admin = (await signInStaff(t.app, 'admin')).token;
});
afterAll(() => t.close());

const save = (Namespace: string, Values: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  adminPost(t.app, admin, 'SaveConfigDraft', {
    Namespace,
    ExpectedVersion: 0,
    Values,
    Password: TEST_PASSWORD,
    ...extra,
  });

describe('The integration configs on the config engine', () => {
  it.each([
    ['kucoin', 'KuCoin Config', KUCOIN_CONFIG_DEFAULTS],
    ['kucoin-broker', 'KuCoin Broker Config', KUCOIN_BROKER_CONFIG_DEFAULTS],
    ['airwallex', 'Airwallex Config', AIRWALLEX_CONFIG_DEFAULTS],
    ['coinpress', 'CoinPress Config', COINPRESS_CONFIG_DEFAULTS],
  ])('%s answers its title and defaults before a first version', async (Namespace, title, defaults) => {
    const res = await adminGet(t.app, admin, 'GetConfig', { Namespace });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ Title: title, Head: 0, Active: null, Defaults: defaults });
  });

  it('keeps the KuCoin key, secret and passphrase write-only: answered as last 4 and fingerprint, audited without values', async () => {
    const res = await save('kucoin', KUCOIN_CONFIG_DEFAULTS, { Secrets: { ...KUCOIN_DEMO_CREDENTIALS } });
    expect(res.statusCode).toBe(200);
    const body = JSON.stringify(res.json());
    for (const value of Object.values(KUCOIN_DEMO_CREDENTIALS)) expect(body).not.toContain(value);
    const state = res.json().data as ConfigState;
    expect(state.Draft?.Secrets.apiKey).toMatchObject({ Last4: 'kc01', SetBy: 'admin' });
    expect(state.Draft?.Secrets.apiPassphrase).toMatchObject({ Last4: 'rase' });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'config:kucoin'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    const trail = JSON.stringify(audit);
    for (const value of Object.values(KUCOIN_DEMO_CREDENTIALS)) expect(trail).not.toContain(value);
    expect(trail).toContain('"apiSecret":{"changed":true');
  });

  it('refuses a draft with the brief’s message on the field', async () => {
    const res = await save('kucoin-broker', {
      ...KUCOIN_BROKER_CONFIG_DEFAULTS,
      partnerId: 'p-1',
      subAccountPrefix: 'AB',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Use 3–12 lowercase letters or digits',
      data: { issues: [{ path: 'subAccountPrefix', message: 'Use 3–12 lowercase letters or digits' }] },
    });
    const aw = await save('airwallex', { ...AIRWALLEX_CONFIG_DEFAULTS, onBehalfOf: 'acc_1' });
    expect(aw.json().message).toBe('Account ids start with acct_');
  });
});
