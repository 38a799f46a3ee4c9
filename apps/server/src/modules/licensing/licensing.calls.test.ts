import {
  ADMIN_CALLS,
  type IssuedLicense,
  LICENSE_MESSAGES,
  LICENSE_VALIDATE_PATH,
  licenseValidationSchema,
} from '@bo/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, licenseEvents, licenses } from '../../db/schema';
import { adminPost, nextTotpCode, signInWithTotp } from '../../test/access-helpers';
import { insertMerchant } from '../../test/factories';
import { adminGet, createTestApp, csrf, signIn, TEST_PASSWORD, type TestApp } from '../../test/test-app';
import { hashLicenseKey } from './license-key';
import { VALIDATE_LIMIT } from './validate-limit';

let t: TestApp;
let admin = '';
let secure = '';
let support = '';
let northwind = 0;
let options = { pos: 0, posAnnual: 0, plugin: 0, pluginTrial: 0 };
let address = 0;

const dayPlus = (days: number) =>
  new Date(t.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({ jwtTtlSeconds: 3600 });
  northwind = await insertMerchant(t.database.db, 'Northwind Coffee');
  admin = (await signIn(t.app, 'admin')).token;
  support = (await signIn(t.app, 'support')).token;
  secure = await signInWithTotp(t, 'secure');
  const answer = ADMIN_CALLS.LicensingOptions.data.parse(
    (await adminGet(t.app, admin, 'LicensingOptions')).json().data,
  );
  const product = (code: string) => answer.Products.find((p) => p.Code === code)?.ID ?? 0;
  const policy = (name: string) => answer.Policies.find((p) => p.Name === name)?.ID ?? 0;
  options = {
    pos: product('pos'),
    posAnnual: policy('Store annual'),
    plugin: product('plugin'),
    pluginTrial: policy('Trial 30 days'),
  };
});
afterAll(() => t.close());

const issueParams = (over: object = {}) => ({
  MerchantID: northwind,
  ProductID: options.pos,
  PolicyID: options.posAnnual,
  ExpiresOn: dayPlus(365),
  MaxActivations: 2,
  Entitlements: ['POS', 'vTokens'],
  Note: 'Store chain pilot',
  Password: TEST_PASSWORD,
  ...over,
});
const issue = async (over: object = {}): Promise<IssuedLicense> => {
  const response = await adminPost(t.app, admin, 'IssueLicense', issueParams(over));
  expect(response.statusCode, response.body).toBe(200);
  return ADMIN_CALLS.IssueLicense.data.parse(response.json().data);
};
/** A device's validation from its own address, so one test's calls never eat another's limit. */
const validate = async (body: object, ip = `10.0.0.${++address}`) => {
  const response = await t.app.inject({
    method: 'POST',
    url: LICENSE_VALIDATE_PATH,
    payload: body,
    remoteAddress: ip,
  });
  return response;
};
const validated = async (key: string, fingerprint = 'device-1', hostname = 'till-1') => {
  const response = await validate({ Key: key, Fingerprint: fingerprint, Hostname: hostname });
  expect(response.statusCode, response.body).toBe(200);
  return licenseValidationSchema.parse(response.json().data);
};
const detail = async (id: number) =>
  ADMIN_CALLS.LicenseDetail.data.parse(
    (await adminGet(t.app, admin, 'LicenseDetail', { ID: String(id) })).json().data,
  );
const act = (call: string, payload: object, token = admin) => adminPost(t.app, token, call, payload);

describe('licensing: access', () => {
  it('every licensing call is refused to staff without admin-commander, and to no session', async () => {
    for (const [call, query] of [
      ['LicensingOptions', {}],
      ['ListLicenses', {}],
      ['LicenseDetail', { ID: '1' }],
    ] as const) {
      expect((await adminGet(t.app, support, call, query)).statusCode, call).toBe(403);
    }
    for (const call of [
      'IssueLicense',
      'RenewLicense',
      'SuspendLicense',
      'ReinstateLicense',
      'RevokeLicense',
      'ResetLicenseActivations',
      'SimulateLicenseClient',
    ]) {
      expect(
        (await act(call, { ID: 1, Reason: 'x', Key: 'x', Fingerprint: 'x' }, support)).statusCode,
        call,
      ).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin?Call=ListLicenses' })).statusCode).toBe(401);
  });

  it('answers the three products, their policies, and how each caller confirms', async () => {
    const answer = ADMIN_CALLS.LicensingOptions.data.parse(
      (await adminGet(t.app, admin, 'LicensingOptions')).json().data,
    );
    expect(answer.Products.map((p) => p.Name)).toEqual(['White-label gateway', 'POS app', 'Plugin']);
    expect(answer.Policies).toContainEqual(
      expect.objectContaining({ Name: 'Store annual', DurationDays: 365, MaxMachines: 10 }),
    );
    expect(answer.StepUpWith).toBe('password');
    const theirs = ADMIN_CALLS.LicensingOptions.data.parse(
      (await adminGet(t.app, secure, 'LicensingOptions')).json().data,
    );
    expect(theirs.StepUpWith).toBe('totp');
  });
});

describe('licensing: issue', () => {
  it.each([
    [{ ExpiresOn: 'today' }, 'ExpiresOn', LICENSE_MESSAGES.expiry],
    [{ ExpiresOn: 'yesterday' }, 'ExpiresOn', LICENSE_MESSAGES.expiry],
    [{ MaxActivations: 0 }, 'MaxActivations', LICENSE_MESSAGES.maxActivations],
    [{ MaxActivations: 1001 }, 'MaxActivations', LICENSE_MESSAGES.maxActivations],
    [{ MaxActivations: 1.5 }, 'MaxActivations', LICENSE_MESSAGES.maxActivations],
    [
      { Entitlements: ['teleport'] },
      'Entitlements.0',
      'An entitlement must be one of POS, vTokens, xChange, custom branding',
    ],
    [{ ExpiresOn: '2027-02-30' }, 'ExpiresOn', 'Expiry is not a real date'],
    [{ MerchantID: '' }, 'MerchantID', 'The licensee is missing'],
  ])('%o is refused on %s with its message', async (over, path, message) => {
    const day = (over as { ExpiresOn?: string }).ExpiresOn;
    const fixed =
      day === 'today' ? { ExpiresOn: dayPlus(0) } : day === 'yesterday' ? { ExpiresOn: dayPlus(-1) } : {};
    const response = await act('IssueLicense', issueParams({ ...over, ...fixed }));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.json().data.issues).toContainEqual({ path, message });
  });

  it('refuses a policy of another product, an unknown licensee and a wrong password', async () => {
    const mismatch = await act('IssueLicense', issueParams({ PolicyID: options.pluginTrial }));
    expect(mismatch.json()).toMatchObject({ status_code: 400, message: LICENSE_MESSAGES.policyProduct });
    expect((await act('IssueLicense', issueParams({ MerchantID: 999_999 }))).statusCode).toBe(404);
    const wrong = await act('IssueLicense', issueParams({ Password: 'not-it' }));
    expect(wrong.json()).toMatchObject({ status_code: 400, message: 'That password is not right' });
    const none = await act('IssueLicense', issueParams({ Password: undefined }));
    expect(none.json()).toMatchObject({
      status_code: 400,
      message: 'Type your password to confirm this change',
    });
  });

  it('answers the whole key once; the database keeps its hash, and the list, detail and audit never show it', async () => {
    const issued = await issue();
    expect(issued.FullKey).toMatch(/^LL-([A-HJ-NP-Z2-9]{4}-){5}[A-HJ-NP-Z2-9]{4}$/);
    const groups = issued.FullKey.split('-');
    expect(issued.Licence.Key).toBe(`LL-${groups[1]}-…-${groups[6]}`);
    expect(issued.Licence).toMatchObject({
      Licensee: 'Northwind Coffee',
      Product: 'POS app',
      Policy: 'Store annual',
      SeatsUsed: 0,
      MaxActivations: 2,
      Entitlements: ['POS', 'vTokens'],
      Status: 'active',
      LastCheckIn: null,
      IssuedBy: 'admin',
    });
    const [stored] = await t.database.db.select().from(licenses).where(eq(licenses.id, issued.Licence.ID));
    expect(stored?.keyHash).toBe(hashLicenseKey(issued.FullKey));
    expect(JSON.stringify(stored)).not.toContain(issued.FullKey);

    const secret = groups.slice(2, 6).join('-');
    const list = await adminGet(t.app, admin, 'ListLicenses');
    const one = await adminGet(t.app, admin, 'LicenseDetail', { ID: String(issued.Licence.ID) });
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/admin/export?Call=ListLicenses',
      headers: { ...csrf, authorization: `Bearer ${admin}` },
      payload: {
        params: {},
        columns: [
          { key: 'Key', header: 'Key' },
          { key: 'Licensee', header: 'Licensee' },
        ],
      },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain(issued.Licence.Key);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'license'), eq(auditLog.entityId, String(issued.Licence.ID))));
    for (const body of [list.body, one.body, csv.body, JSON.stringify(audit)])
      expect(body).not.toContain(secret);
    expect(audit.map((a) => a.action)).toEqual(['license.issued']);
    await expect(detail(issued.Licence.ID)).resolves.toMatchObject({
      Events: [expect.objectContaining({ Kind: 'issued', By: 'admin' })],
    });
  });

  it('takes the authenticator code of an account that has one', async () => {
    const response = await act(
      'IssueLicense',
      issueParams({ Password: undefined, Code: await nextTotpCode(t) }),
      secure,
    );
    expect(response.statusCode, response.body).toBe(200);
    const reused = await act('IssueLicense', issueParams({ Password: undefined, Code: '000000' }), secure);
    expect(reused.statusCode).toBe(400);
  });
});

describe('licensing: validate-key', () => {
  it('is valid for a good key, activates the device, and says why not otherwise', async () => {
    const issued = await issue({ MaxActivations: 1 });
    const first = await validated(issued.FullKey.toLowerCase(), 'device-a', 'till-a');
    expect(first).toMatchObject({
      Valid: true,
      Code: 'valid',
      Product: 'POS app',
      Entitlements: ['POS', 'vTokens'],
      SeatsUsed: 1,
      MaxActivations: 1,
    });
    // The same device again keeps its seat; a second device finds none free.
    expect((await validated(issued.FullKey, 'device-a', 'till-a-renamed')).Code).toBe('valid');
    expect(await validated(issued.FullKey, 'device-b')).toMatchObject({
      Valid: false,
      Code: 'too_many_activations',
      Message: 'The licence has no free activation left for this device',
    });
    expect((await validated('LL-AAAA-BBBB-CCCC-DDDD-EEEE-FFFF')).Code).toBe('unknown');

    const seen = await detail(issued.Licence.ID);
    expect(seen.Licence.SeatsUsed).toBe(1);
    expect(seen.Licence.LastCheckIn).not.toBeNull();
    expect(seen.Activations).toEqual([
      expect.objectContaining({ Fingerprint: 'device-a', Hostname: 'till-a-renamed' }),
    ]);
    expect(seen.Events.filter((e) => e.Kind === 'validation').map((e) => e.Outcome)).toEqual([
      'too_many_activations',
      'valid',
      'valid',
    ]);
    const unknown = await t.database.db
      .select()
      .from(licenseEvents)
      .where(eq(licenseEvents.outcome, 'unknown'));
    expect(unknown.length).toBeGreaterThan(0);
  });

  it('answers suspended, expired and revoked', async () => {
    const issued = await issue({ ExpiresOn: dayPlus(2) });
    expect((await validated(issued.FullKey)).Code).toBe('valid');
    t.clock.advance(3 * 86_400_000);
    expect(await validated(issued.FullKey)).toMatchObject({ Valid: false, Code: 'expired' });
    t.clock.advance(-3 * 86_400_000);
    expect(
      (await act('SuspendLicense', { ID: issued.Licence.ID, Reason: 'Unpaid', Password: TEST_PASSWORD }))
        .statusCode,
    ).toBe(200);
    expect((await validated(issued.FullKey)).Code).toBe('suspended');
    expect(
      (
        await act('RevokeLicense', {
          ID: issued.Licence.ID,
          Reason: 'Contract ended',
          Password: TEST_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
    expect(await validated(issued.FullKey)).toMatchObject({
      Code: 'revoked',
      Message: 'The licence was revoked',
    });
  });

  it('needs no session nor CSRF header, and refuses bad input with its message', async () => {
    const missing = await validate({ Key: '', Fingerprint: 'x' });
    expect(missing.json()).toMatchObject({ status_code: 400, message: 'The key is missing' });
    const noDevice = await validate({ Key: 'LL-AAAA' });
    expect(noDevice.json()).toMatchObject({
      status_code: 400,
      message: "The device's fingerprint is missing",
    });
  });

  it(`allows ${VALIDATE_LIMIT.perWindow} validations a minute per address, then 429 until the minute is over`, async () => {
    const ip = '192.0.2.77';
    const body = { Key: 'LL-AAAA-BBBB-CCCC-DDDD-EEEE-FFFF', Fingerprint: 'guesser' };
    for (let i = 0; i < VALIDATE_LIMIT.perWindow; i++)
      expect((await validate(body, ip)).statusCode).toBe(200);
    const refused = await validate(body, ip);
    expect(refused.json()).toEqual({ status_code: 429, message: LICENSE_MESSAGES.rateLimited, data: null });
    expect((await validate(body, '192.0.2.78')).statusCode).toBe(200);
    t.clock.advance(VALIDATE_LIMIT.windowMs);
    expect((await validate(body, ip)).statusCode).toBe(200);
  });
});

describe('licensing: admin actions', () => {
  it('suspend, reinstate, renew, reset activations and revoke: step-up, log, audit and refusals', async () => {
    const issued = await issue({ ExpiresOn: dayPlus(10) });
    const id = issued.Licence.ID;
    expect(issued.Licence.Status).toBe('expiring');
    await validated(issued.FullKey, 'device-a');

    const noReason = await act('SuspendLicense', { ID: id, Reason: ' ', Password: TEST_PASSWORD });
    expect(noReason.json()).toMatchObject({ status_code: 400, message: LICENSE_MESSAGES.reason });
    const wrong = await act('SuspendLicense', { ID: id, Reason: 'Unpaid', Password: 'nope' });
    expect(wrong.statusCode).toBe(400);
    const suspended = await act('SuspendLicense', {
      ID: id,
      Reason: 'Unpaid invoice',
      Password: TEST_PASSWORD,
    });
    expect(ADMIN_CALLS.SuspendLicense.data.parse(suspended.json().data)).toMatchObject({
      Status: 'suspended',
      StatusReason: 'Unpaid invoice',
    });
    expect(
      (await act('SuspendLicense', { ID: id, Reason: 'Again', Password: TEST_PASSWORD })).json(),
    ).toMatchObject({
      status_code: 409,
      message: LICENSE_MESSAGES.alreadySuspended,
    });
    const back = await act('ReinstateLicense', { ID: id, Password: TEST_PASSWORD });
    expect(back.json().data).toMatchObject({ Status: 'expiring', StatusReason: null });
    expect((await act('ReinstateLicense', { ID: id, Password: TEST_PASSWORD })).json().message).toBe(
      LICENSE_MESSAGES.notSuspended,
    );

    const renewed = await act('RenewLicense', { ID: id, Password: TEST_PASSWORD });
    expect(renewed.json().data).toMatchObject({ ExpiresOn: dayPlus(10 + 365), Status: 'active' });

    const reset = await act('ResetLicenseActivations', { ID: id, Password: TEST_PASSWORD });
    expect(reset.json().data).toMatchObject({ SeatsUsed: 0 });
    expect((await detail(id)).Activations).toEqual([]);

    expect((await act('RevokeLicense', { ID: id, Reason: '', Password: TEST_PASSWORD })).statusCode).toBe(
      400,
    );
    expect(
      (await act('RevokeLicense', { ID: id, Reason: 'Contract ended', Password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
    for (const call of [
      'RenewLicense',
      'SuspendLicense',
      'ReinstateLicense',
      'RevokeLicense',
      'ResetLicenseActivations',
    ])
      expect((await act(call, { ID: id, Reason: 'x', Password: TEST_PASSWORD })).json(), call).toMatchObject({
        status_code: 409,
        message: LICENSE_MESSAGES.revoked,
      });
    expect((await act('RenewLicense', { ID: 999_999, Password: TEST_PASSWORD })).statusCode).toBe(404);

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'license'), eq(auditLog.entityId, String(id))))
      .orderBy(auditLog.id);
    expect(audit.map((a) => a.action)).toEqual([
      'license.issued',
      'license.suspended',
      'license.reinstated',
      'license.renewed',
      'license.activations_reset',
      'license.revoked',
    ]);
    expect(audit[1]?.after).toEqual({ status: 'suspended', reason: 'Unpaid invoice' });
    const log = (await detail(id)).Events.map((e) => e.Kind);
    expect(log.slice(0, 6)).toEqual([
      'revoked',
      'activations_reset',
      'renewed',
      'reinstated',
      'suspended',
      'validation',
    ]);
  });

  it('Simulate client validates as a device would and logs it as simulated', async () => {
    const issued = await issue();
    const response = await act('SimulateLicenseClient', {
      Key: issued.FullKey,
      Fingerprint: 'sim-device',
      Hostname: 'back-office',
    });
    expect(ADMIN_CALLS.SimulateLicenseClient.data.parse(response.json().data)).toMatchObject({
      Valid: true,
      Code: 'valid',
      SeatsUsed: 1,
    });
    const [last] = (await detail(issued.Licence.ID)).Events;
    expect(last).toMatchObject({ Kind: 'validation', Outcome: 'valid', Source: 'simulated', By: 'admin' });
  });

  it('lists server-paged with the computed status and filters by it', async () => {
    const soon = await issue({
      ExpiresOn: dayPlus(5),
      ProductID: options.plugin,
      PolicyID: options.pluginTrial,
    });
    const page = await adminGet(t.app, admin, 'ListLicenses', {
      status: 'expiring',
      productId: String(options.plugin),
    });
    const data = ADMIN_CALLS.ListLicenses.data.parse(page.json().data);
    expect(data.records.map((r) => r.ID)).toEqual([soon.Licence.ID]);
    const bad = await adminGet(t.app, admin, 'ListLicenses', { status: 'lost' });
    expect(bad.json().message).toBe(
      'The status must be one of active, expiring, expired, suspended, revoked',
    );
  });
});
