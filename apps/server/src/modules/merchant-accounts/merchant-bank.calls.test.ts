import { ADMIN_CALLS, BANK_MESSAGES, type MerchantBankConfig } from '@bo/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, merchants, payoutHolds, payouts } from '../../db/schema';
import { seedCatalog } from '../../db/seed/catalog.seed';
import { adminPost, nextTotpCode, signInWithTotp } from '../../test/access-helpers';
import { insertKycSubmission, insertMerchant, insertPayout } from '../../test/factories';
import { adminGet, createTestApp, signIn, TEST_PASSWORD, type TestApp } from '../../test/test-app';
import { BANK_ACCOUNT_ENTITY, PAYOUT_HOLD_ENTITY } from './merchant-bank.service';

let t: TestApp;
let admin = '';
let secure = '';
let support = '';
let jane = 0;

const GOOD_IBAN = 'NL91 ABNA 0417 1643 00';
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp({ jwtTtlSeconds: 3600 });
  const { db } = t.database;
  await seedCatalog(db, t.clock.now());
  jane = await insertMerchant(db, 'Doe Coffee');
  await insertKycSubmission(db, {
    merchantId: jane,
    status: 'approved',
    identity: { FirstName: 'Jane', LastName: 'Doe', CompanyName: 'Doe Coffee Roasters BV' },
  });
  await db
    .update(merchants)
    .set({
      payoutSchema: 'eur-bank',
      details: { IBAN: 'DE89370400440532013000', BankAccountHolder: 'Jane Doe' },
    })
    .where(eq(merchants.id, jane));
  admin = (await signIn(t.app, 'admin')).token;
  support = (await signIn(t.app, 'support')).token;
  secure = await signInWithTotp(t, 'secure');
});
afterAll(() => t.close());

const details = (over: object = {}) => ({
  MerchantID: jane,
  PayoutCurrency: 'EUR',
  Rail: 'SEPA',
  AccountHolder: 'Jane Doe',
  IBAN: GOOD_IBAN,
  BIC: 'ABNANL2A',
  BankName: 'ABN AMRO',
  BankCity: 'Amsterdam',
  BankCountry: 'nl',
  Password: TEST_PASSWORD,
  ...over,
});
const save = (over: object = {}, token = admin) =>
  adminPost(t.app, token, 'SaveMerchantBankAccount', details(over));
const saved = async (over: object = {}, token = admin): Promise<MerchantBankConfig> => {
  const response = await save(over, token);
  expect(response.statusCode, response.body).toBe(200);
  return ADMIN_CALLS.SaveMerchantBankAccount.data.parse(response.json().data);
};
const get = async (id: number, token = admin) =>
  adminGet(t.app, token, 'GetMerchantBankConfig', { ID: String(id) });
const issuesOf = (body: string) =>
  (JSON.parse(body) as { data: { issues: { path: string; message: string }[] } }).data.issues;

describe('merchant bank config: access', () => {
  it('every call is refused to staff without admin-commander and to a caller without a token', async () => {
    expect((await get(jane, support)).statusCode).toBe(403);
    expect((await save({}, support)).statusCode).toBe(403);
    expect((await adminPost(t.app, support, 'ReleasePayoutHold', { ID: 1, Reason: 'x' })).statusCode).toBe(
      403,
    );
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/admin?Call=GetMerchantBankConfig&ID=${jane}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 with the brief text for a merchant that does not exist', async () => {
    const response = await get(123_456);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('No merchant found with ID 123456');
  });
});

describe('merchant bank config: reading', () => {
  it('before any save shows the record’s bank fields, the KYC names and how the caller steps up', async () => {
    const response = await get(jane);
    expect(response.statusCode).toBe(200);
    const config = ADMIN_CALLS.GetMerchantBankConfig.data.parse(response.json().data);
    expect(config.Current).toBeNull();
    expect(config.OnRecord?.IBAN).toBe('DE89370400440532013000');
    expect(config.Merchant.KycNames).toEqual(['Jane Doe', 'Doe Coffee Roasters BV']);
    expect(config.StepUpWith).toBe('password');
    expect(
      ADMIN_CALLS.GetMerchantBankConfig.data.parse((await get(jane, secure)).json().data).StepUpWith,
    ).toBe('totp');
  });
});

describe('merchant bank config: bad input', () => {
  it.each([
    ['an IBAN whose checksum is wrong', { IBAN: 'NL91ABNA0417164301' }, 'IBAN', BANK_MESSAGES.ibanChecksum],
    [
      'an IBAN of the wrong length for its country',
      { IBAN: 'NL91ABNA041716430' },
      'IBAN',
      'An IBAN from NL has 18 characters',
    ],
    ['an IBAN with signs in it', { IBAN: 'NL91-ABNA-0417' }, 'IBAN', BANK_MESSAGES.ibanShape],
    ['a BIC of 7 characters', { BIC: 'ABNANL2' }, 'BIC', BANK_MESSAGES.bicLength],
    ['a BIC of 9 characters', { BIC: 'ABNANL2AX' }, 'BIC', BANK_MESSAGES.bicLength],
    ['a BIC with digits for the bank', { BIC: '1BNANL2A' }, 'BIC', BANK_MESSAGES.bicShape],
    ['no account holder', { AccountHolder: '  ' }, 'AccountHolder', BANK_MESSAGES.holder],
    ['SEPA without an IBAN', { IBAN: '' }, 'IBAN', BANK_MESSAGES.ibanNeeded],
    ['SWIFT without a BIC', { Rail: 'SWIFT', BIC: '' }, 'BIC', BANK_MESSAGES.bicNeeded],
    ['a country of 3 letters', { BankCountry: 'NLD' }, 'BankCountry', BANK_MESSAGES.country],
  ])('refuses %s with the brief text on the field', async (_what, over, path, message) => {
    const response = await save(over);
    expect(response.statusCode, response.body).toBe(400);
    expect(issuesOf(response.body)).toContainEqual({ path, message });
  });

  it('refuses a holder that differs from the KYC name unless ownership is confirmed, before the step-up', async () => {
    const response = await save({ AccountHolder: 'J. Doe BV', Password: 'not-the-password' });
    expect(response.statusCode).toBe(400);
    const message =
      "Account holder 'J. Doe BV' differs from KYC name 'Jane Doe'. Confirm ownership before payouts";
    expect(response.json().message).toBe(message);
    expect(response.json().data.NameMatchScore).toBe(0.75);
    expect(issuesOf(response.body)).toContainEqual({ path: 'ConfirmOwnership', message });
  });

  it('refuses a save without the step-up, or with a wrong password, and writes nothing', async () => {
    expect((await save({ Password: undefined })).json().message).toBe(
      'Type your password to confirm this change',
    );
    expect((await save({ Password: 'wrong' })).json().message).toBe('That password is not right');
    const config = ADMIN_CALLS.GetMerchantBankConfig.data.parse((await get(jane)).json().data);
    expect(config.History).toEqual([]);
    expect(config.Holds).toEqual([]);
  });
});

describe('merchant bank config: saving', () => {
  it('saves version 1 with a name match, starts a 48 h hold, updates the record, mails the merchant and audits masked', async () => {
    const before = t.outbox.length;
    const config = await saved({ AccountHolder: 'Jane Doe B.V.' });
    expect(config.Current).toMatchObject({
      Version: 1,
      IBAN: 'NL91ABNA0417164300',
      BIC: 'ABNANL2A',
      BankCountry: 'NL',
      VerificationStatus: 'name-match',
      NameMatchScore: 1,
      KycName: 'Jane Doe',
      SetBy: 'admin',
    });
    expect(config.ActiveHold?.Reason).toBe('New bank details (v1)');
    const held = Date.parse(config.ActiveHold?.Until ?? '') - Date.parse(config.ActiveHold?.From ?? '');
    expect(held).toBe(48 * HOUR);

    const [record] = await t.database.db
      .select({ details: merchants.details })
      .from(merchants)
      .where(eq(merchants.id, jane));
    expect(record?.details).toMatchObject({
      IBAN: 'NL91ABNA0417164300',
      BIC: 'ABNANL2A',
      BankAccountHolder: 'Jane Doe B.V.',
    });

    const mail = t.outbox.slice(before);
    expect(mail).toHaveLength(1);
    const [owner] = await t.database.db
      .select({ email: merchants.email })
      .from(merchants)
      .where(eq(merchants.id, jane));
    expect(mail[0]?.to).toBe(owner?.email);
    expect(mail[0]?.text).toContain('•••• 4300');
    expect(mail[0]?.text).not.toContain('0417164300');

    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, BANK_ACCOUNT_ENTITY))
      .orderBy(desc(auditLog.id));
    expect(rows[0]).toMatchObject({
      action: 'merchant-bank.save',
      entityId: String(jane),
      actorUsername: 'admin',
    });
    const logged = JSON.stringify(rows[0]);
    expect(logged).toContain('•••• 4300');
    expect(logged).not.toContain('0417164300');
    expect(logged).not.toContain('370400440532013000');
    const [hold] = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, PAYOUT_HOLD_ENTITY));
    expect(hold?.action).toBe('payout-hold.start');
  });

  it('saves a differing holder once ownership is confirmed (TOTP step-up) and keeps older versions masked', async () => {
    const config = await saved(
      {
        AccountHolder: 'J. Doe BV',
        IBAN: 'GB29 NWBK 6016 1331 9268 19',
        PayoutCurrency: 'GBP',
        Rail: 'SWIFT',
        BIC: 'NWBKGB2LXXX',
        ConfirmOwnership: true,
        Password: undefined,
        Code: await nextTotpCode(t),
      },
      secure,
    );
    expect(config.Current).toMatchObject({
      Version: 2,
      IBAN: 'GB29NWBK60161331926819',
      VerificationStatus: 'unverified',
      OwnershipConfirmed: true,
      NameMatchScore: 0.75,
      SetBy: 'secure',
    });
    expect(config.History.map((a) => [a.Version, a.Current, a.IBAN])).toEqual([
      [2, true, 'GB29NWBK60161331926819'],
      [1, false, '•••• 4300'],
    ]);
    expect(config.Holds.filter((h) => h.Active)).toHaveLength(2);
  });

  it('a change of the bank address only makes a version without a new hold or mail', async () => {
    const holds = (await t.database.db.select().from(payoutHolds).where(eq(payoutHolds.merchantId, jane)))
      .length;
    const mails = t.outbox.length;
    const config = await saved({
      AccountHolder: 'J. Doe BV',
      IBAN: 'GB29NWBK60161331926819',
      PayoutCurrency: 'GBP',
      Rail: 'SWIFT',
      BIC: 'NWBKGB2LXXX',
      BankStreet: 'Churchill Place 1',
      ConfirmOwnership: true,
    });
    expect(config.Current?.Version).toBe(3);
    expect(
      (await t.database.db.select().from(payoutHolds).where(eq(payoutHolds.merchantId, jane))).length,
    ).toBe(holds);
    expect(t.outbox.length).toBe(mails);
  });
});

describe('merchant bank config: the payout hold', () => {
  it('keeps a bank payout approved while the hold lasts, then sends it', async () => {
    const merchant = await insertMerchant(t.database.db, 'Held Shop');
    await t.database.db.update(merchants).set({ payoutSchema: 'eur-bank' }).where(eq(merchants.id, merchant));
    const kept = await saved({ MerchantID: merchant, AccountHolder: 'Held Shop', ConfirmOwnership: true });
    expect(kept.ActiveHold).not.toBeNull();
    const bank = await insertPayout(t.database.db, { merchantId: merchant, state: 'approved' });
    const wallet = await insertPayout(t.database.db, { merchantId: merchant, state: 'approved' });
    await t.database.db.update(payouts).set({ payoutSchema: 'eur-bank' }).where(eq(payouts.id, bank));

    const refused = await adminPost(t.app, admin, 'SendPayout', { ID: bank });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      /^Bank payouts of this merchant are on hold until .+ UTC \(New bank details \(v1\)\)/,
    );
    const [still] = await t.database.db
      .select({ state: payouts.state })
      .from(payouts)
      .where(eq(payouts.id, bank));
    expect(still?.state).toBe('approved');
    // A wallet payout does not go to the changed account: the hold does not stop it.
    expect((await adminPost(t.app, admin, 'SendPayout', { ID: wallet })).statusCode).toBe(200);

    t.clock.advance(48 * HOUR + 1000);
    // Two days on, the tokens of the morning have expired: sign in again.
    admin = (await signIn(t.app, 'admin')).token;
    expect((await adminPost(t.app, admin, 'SendPayout', { ID: bank })).statusCode).toBe(200);
  });

  it('releases a hold early with a reason and the step-up, audited; a released hold cannot be released again', async () => {
    const merchant = await insertMerchant(t.database.db, 'Release Shop');
    const config = await saved({
      MerchantID: merchant,
      AccountHolder: 'Release Shop',
      ConfirmOwnership: true,
    });
    const id = config.ActiveHold?.ID ?? 0;
    expect(
      (
        await adminPost(t.app, admin, 'ReleasePayoutHold', { ID: id, Reason: '', Password: TEST_PASSWORD })
      ).json().data.issues,
    ).toContainEqual({ path: 'Reason', message: BANK_MESSAGES.reason });
    const released = await adminPost(t.app, admin, 'ReleasePayoutHold', {
      ID: id,
      Reason: 'Called the merchant back on the number on file',
      Password: TEST_PASSWORD,
    });
    expect(released.statusCode, released.body).toBe(200);
    const after = ADMIN_CALLS.ReleasePayoutHold.data.parse(released.json().data);
    expect(after.ActiveHold).toBeNull();
    expect(after.Holds[0]).toMatchObject({ Active: false, ReleasedBy: 'admin' });
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, PAYOUT_HOLD_ENTITY), eq(auditLog.entityId, String(id))))
      .orderBy(desc(auditLog.id));
    expect(row?.action).toBe('payout-hold.release');
    const again = await adminPost(t.app, admin, 'ReleasePayoutHold', {
      ID: id,
      Reason: 'again',
      Password: TEST_PASSWORD,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(BANK_MESSAGES.noHold);
  });

  it('holds bank payouts for 48 h when the IBAN changes on the user record too; other edits start no hold', async () => {
    const merchant = await insertMerchant(t.database.db, 'Record Edit Shop');
    // The factory's merchant lacks the keys UserDetail's full shape wants; its Version is all this needs.
    const version = async (): Promise<number> =>
      (await adminGet(t.app, admin, 'UserDetail', { ID: String(merchant) })).json().data.Version;
    const city = await adminPost(t.app, admin, 'UpdateMerchant', {
      ID: merchant,
      ExpectedVersion: await version(),
      City: 'Utrecht',
    });
    expect(city.statusCode, city.body).toBe(200);
    expect(
      ADMIN_CALLS.GetMerchantBankConfig.data.parse((await get(merchant)).json().data).ActiveHold,
    ).toBeNull();

    const iban = await adminPost(t.app, admin, 'UpdateMerchant', {
      ID: merchant,
      ExpectedVersion: await version(),
      IBAN: 'NL91ABNA0417164300',
    });
    expect(iban.statusCode, iban.body).toBe(200);
    const config = ADMIN_CALLS.GetMerchantBankConfig.data.parse((await get(merchant)).json().data);
    expect(config.ActiveHold?.Reason).toBe('Bank details changed on the user record');
    expect(Date.parse(config.ActiveHold?.Until ?? '') - Date.parse(config.ActiveHold?.From ?? '')).toBe(
      48 * HOUR,
    );
  });
});
