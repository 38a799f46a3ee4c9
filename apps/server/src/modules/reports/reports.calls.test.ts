import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN_CALLS, formatTransactionRef, type GoamlReportInput } from '@bo/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, goamlReports, goamlReportTransactions } from '../../db/schema';
import { seedCatalog } from '../../db/seed/catalog.seed';
import { adminPost, signInStaff } from '../../test/access-helpers';
import { insertMerchant, insertTransaction } from '../../test/factories';
import { changedTables, createTableWatch } from '../../test/hostile-input';
import { adminGet, createTestApp, type TestApp } from '../../test/test-app';
import { loadGoamlSchema } from './goaml/goaml-schema';
import { refRange } from './reports.service';

let t: TestApp;
let watch: ReturnType<typeof createTableWatch>;
let admin = '';
let support = '';
let kyc = '';
let viewer = '';
let shop = 0;
let other = 0;
const refs: string[] = [];
let otherRef = '';
let payoutRef = '';

beforeAll(async () => {
  t = await createTestApp({ jwtTtlSeconds: 3600 });
  await seedCatalog(t.database.db, t.clock.now());
  watch = createTableWatch(t.database.db);
  admin = (await signInStaff(t.app, 'admin')).token;
  support = (await signInStaff(t.app, 'support')).token;
  kyc = (await signInStaff(t.app, 'kyc')).token;
  viewer = (await signInStaff(t.app, 'viewer')).token;
  shop = await insertMerchant(t.database.db, 'Goaml Alpha Store');
  other = await insertMerchant(t.database.db, 'Goaml Beta Store');
  for (const [i, day] of ['2026-03-01', '2026-03-05', '2026-03-09'].entries()) {
    const row = await insertTransaction(t.database.db, {
      merchantId: shop,
      altCoinId: 1,
      status: 'paid',
      amount: `0.0${i + 1}000000`,
      createdOn: new Date(`${day}T10:00:00Z`),
    });
    refs.push(formatTransactionRef('T', row.transactionId));
  }
  const foreign = await insertTransaction(t.database.db, {
    merchantId: other,
    altCoinId: 1,
    status: 'paid',
    amount: '1.00000000',
    createdOn: new Date('2026-03-02T10:00:00Z'),
  });
  otherRef = formatTransactionRef('T', foreign.transactionId);
  const payout = await insertTransaction(t.database.db, {
    merchantId: shop,
    altCoinId: 1,
    prefix: 'P',
    status: 'paid',
    amount: '0.50000000',
    createdOn: new Date('2026-03-06T10:00:00Z'),
  });
  payoutRef = formatTransactionRef('P', payout.transactionId);
});
afterAll(() => t.close());

const good = (over: Partial<GoamlReportInput> = {}): GoamlReportInput => ({
  ReportCode: 'STR',
  MerchantID: shop,
  TransactionRefs: [refs[0] ?? '', refs[2] ?? ''],
  RentityID: '1042',
  RentityName: 'Ledgerline Ltd',
  SubmissionCode: 'E',
  EntityReference: 'CASE-2026-17',
  ReportingFirstName: 'Ada',
  ReportingLastName: 'Admin',
  ReportingEmail: 'ada@ledgerline.example',
  LocationAddress: '1 Ledger Street',
  LocationCity: 'Vienna',
  LocationCountry: 'AT',
  Reason: 'Two payments from an address linked to a mixer within a week.',
  Action: 'Merchant payouts held pending review.',
  Indicators: ['VA-MIXER'],
  ...over,
});

const ok = async (response: { statusCode: number; body: string; json: () => unknown }) => {
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: unknown }).data;
};
const tablesChangedBy = async (act: () => Promise<unknown>) => {
  const before = await watch.snapshot();
  await act();
  return changedTables(before, await watch.snapshot());
};
const auditOf = (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'goaml-report'), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.id));
const download = (token: string, id: number | string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/admin/goaml-report?ID=${id}`,
    headers: { authorization: `Bearer ${token}` },
  });

describe('ValidateGoamlReport', () => {
  it('builds a report of the selected transactions that validates, and stores nothing', async () => {
    let data: unknown;
    const changed = await tablesChangedBy(async () => {
      data = await ok(await adminPost(t.app, support, 'ValidateGoamlReport', good()));
    });
    expect(changed).toEqual([]);
    const result = ADMIN_CALLS.ValidateGoamlReport.data.parse(data);
    expect(result.Errors).toEqual([]);
    expect(result.Valid).toBe(true);
    expect(result.Xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\s*<report>/);
    expect(result.Xml).toContain('<report_code>STR</report_code>');
    expect(result.Xml.match(/<transaction>/g)).toHaveLength(2);
    expect(result.Xml).toContain(`<transactionnumber>${refs[0]}</transactionnumber>`);
    expect(result.Xml).toContain('<indicator>VA-MIXER</indicator>');
    expect(result.Schema).toMatch(/built-in/);
  });

  it('maps each XSD error to the form field it comes from, with the raw xmllint message', async () => {
    const result = ADMIN_CALLS.ValidateGoamlReport.data.parse(
      await ok(
        await adminPost(
          t.app,
          support,
          'ValidateGoamlReport',
          good({ RentityID: 'ABC', ReportingEmail: 'ada@nowhere', Action: '', Indicators: [] }),
        ),
      ),
    );
    expect(result.Valid).toBe(false);
    const byField = Object.fromEntries(result.Errors.map((e) => [e.Field, e]));
    expect(byField.RentityID).toMatchObject({
      Label: 'Reporting entity ID',
      Element: 'report/rentity_id',
      Message: "'ABC' is not a valid value of the atomic type 'xs:int'.",
    });
    expect(byField.RentityID?.Raw).toMatch(/^report\.xml:\d+: Schemas validity error : Element 'rentity_id'/);
    expect(byField.ReportingEmail?.Element).toBe('report/reporting_person/email');
    expect(byField.Action?.Label).toBe('Action taken');
    expect(byField.Indicators?.Element).toBe('report/report_indicators');
  });

  it('refuses a transaction of another merchant by its reference', async () => {
    const response = await adminPost(
      t.app,
      support,
      'ValidateGoamlReport',
      good({ TransactionRefs: [refs[0] ?? '', otherRef] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`Not a transaction of Goaml Alpha Store: ${otherRef}`);
    expect(response.json().data.issues[0].path).toBe('TransactionRefs');
  });

  it("refuses the merchant's payouts: the report files money received from customers", async () => {
    const response = await adminPost(
      t.app,
      support,
      'ValidateGoamlReport',
      good({ TransactionRefs: [refs[0] ?? '', payoutRef] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`Only payments can be reported; these are payouts: ${payoutRef}`);
    expect(response.json().data.issues[0].path).toBe('TransactionRefs');
  });
});

describe('drafts and generation', () => {
  it('saves an invalid draft with its errors, then generates it once fixed; the final report is frozen', async () => {
    const draft = ADMIN_CALLS.SaveGoamlDraft.data.parse(
      await ok(await adminPost(t.app, support, 'SaveGoamlDraft', good({ RentityID: 'ABC' }))),
    );
    expect(draft).toMatchObject({ Status: 'draft', Xml: null, Sha256: null, TransactionCount: 2 });
    expect(draft.Input.RentityID).toBe('ABC');
    expect(draft.Errors.map((e) => e.Field)).toEqual(['RentityID']);
    expect(draft.Transactions.map((x) => x.Ref)).toEqual([refs[0], refs[2]]);
    expect((await auditOf(draft.ID))[0]).toMatchObject({
      action: 'goaml.draft.create',
      actorUsername: 'support',
    });

    // Generating the invalid draft is refused with the XSD errors by field; nothing changes.
    let refused:
      | {
          statusCode: number;
          json: () => { message: string; data: { issues: unknown[]; Errors: unknown[] } };
        }
      | undefined;
    const changed = await tablesChangedBy(async () => {
      refused = await adminPost(
        t.app,
        support,
        'GenerateGoamlReport',
        good({ ID: draft.ID, RentityID: 'ABC' }),
      );
    });
    expect(refused?.statusCode).toBe(400);
    expect(refused?.json().message).toBe('The report does not validate against the goAML schema');
    expect(refused?.json().data.issues).toEqual([
      { path: 'RentityID', message: "'ABC' is not a valid value of the atomic type 'xs:int'." },
    ]);
    expect(changed).toEqual([]);
    // No download of a draft.
    expect((await download(support, draft.ID)).statusCode).toBe(409);

    t.clock.advance(60_000);
    const final = ADMIN_CALLS.GenerateGoamlReport.data.parse(
      await ok(await adminPost(t.app, support, 'GenerateGoamlReport', good({ ID: draft.ID }))),
    );
    expect(final).toMatchObject({ ID: draft.ID, Status: 'final', GeneratedBy: 'support', Errors: [] });
    expect(final.Sha256).toBe(
      createHash('sha256')
        .update(final.Xml ?? '')
        .digest('hex'),
    );
    const [audit] = await auditOf(draft.ID);
    expect(audit).toMatchObject({ action: 'goaml.generate', actorUsername: 'support' });
    expect(audit?.after).toMatchObject({
      Status: 'final',
      Transactions: [refs[0], refs[2]],
      Sha256: final.Sha256,
    });

    const file = await download(support, final.ID);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="goaml-str-${final.ID}.xml"`);
    expect(file.body).toBe(final.Xml);

    // Final is final: neither a draft save nor a second generation writes over it, nor the database itself.
    const again = await adminPost(t.app, support, 'SaveGoamlDraft', good({ ID: final.ID }));
    expect(again.statusCode).toBe(409);
    await expect(
      t.database.db.update(goamlReports).set({ xml: '<tampered/>' }).where(eq(goamlReports.id, final.ID)),
    ).rejects.toThrow();
    // Nor its transaction list: the detail must keep saying what the filed XML says.
    await expect(
      t.database.db.delete(goamlReportTransactions).where(eq(goamlReportTransactions.reportId, final.ID)),
    ).rejects.toThrow();
    await expect(
      t.database.db
        .insert(goamlReportTransactions)
        .values({ reportId: final.ID, position: 9, transactionRowId: 1 }),
    ).rejects.toThrow();
    const detail = ADMIN_CALLS.GoamlReportDetail.data.parse(
      await ok(await adminGet(t.app, support, 'GoamlReportDetail', { ID: String(final.ID) })),
    );
    expect(detail.Transactions.map((x) => x.Ref)).toEqual([refs[0], refs[2]]);
  });

  it('deletes a draft (audited), never a generated report, which is kept with who made it', async () => {
    const draft = ADMIN_CALLS.SaveGoamlDraft.data.parse(
      await ok(await adminPost(t.app, support, 'SaveGoamlDraft', good({ Reason: 'Draft to delete' }))),
    );
    const deleted = await adminPost(t.app, support, 'DeleteGoamlDraft', { ID: draft.ID });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(ADMIN_CALLS.DeleteGoamlDraft.data.parse(deleted.json().data)).toEqual({ ID: draft.ID });
    expect((await adminGet(t.app, support, 'GoamlReportDetail', { ID: String(draft.ID) })).statusCode).toBe(
      404,
    );
    const [audit] = await auditOf(draft.ID);
    expect(audit).toMatchObject({ action: 'goaml.draft.delete', actorUsername: 'support' });
    expect(audit?.before).toMatchObject({ Reason: 'Draft to delete', MerchantID: shop });
    expect((await adminPost(t.app, support, 'DeleteGoamlDraft', { ID: draft.ID })).statusCode).toBe(404);

    const final = ADMIN_CALLS.GenerateGoamlReport.data.parse(
      await ok(await adminPost(t.app, support, 'GenerateGoamlReport', good())),
    );
    let refused: { statusCode: number; json: () => { message: string } } | undefined;
    const changed = await tablesChangedBy(async () => {
      refused = await adminPost(t.app, support, 'DeleteGoamlDraft', { ID: final.ID });
    });
    expect(refused?.statusCode).toBe(409);
    expect(refused?.json().message).toBe(
      'This report is generated and final: it is kept with who generated it and cannot be deleted',
    );
    expect(changed).toEqual([]);
    // The database refuses it too, whatever code asks.
    await expect(t.database.db.delete(goamlReports).where(eq(goamlReports.id, final.ID))).rejects.toThrow();
    expect((await adminPost(t.app, viewer, 'DeleteGoamlDraft', { ID: final.ID })).statusCode).toBe(403);
  });

  it('generates straight from the form, and the list shows it with its creator, filtered by type and status', async () => {
    const ctr = ADMIN_CALLS.GenerateGoamlReport.data.parse(
      await ok(
        await adminPost(
          t.app,
          admin,
          'GenerateGoamlReport',
          good({ ReportCode: 'CTR', TransactionRefs: [refs[1] ?? ''] }),
        ),
      ),
    );
    const page = ADMIN_CALLS.ListGoamlReports.data.parse(
      await ok(await adminGet(t.app, support, 'ListGoamlReports', { type: 'CTR', status: 'final' })),
    );
    expect(page.records.map((r) => r.ID)).toEqual([ctr.ID]);
    expect(page.records[0]).toMatchObject({
      ReportCode: 'CTR',
      ShopTitle: 'Goaml Alpha Store',
      TransactionCount: 1,
      CreatedBy: 'admin',
      GeneratedBy: 'admin',
    });
    const byMerchant = ADMIN_CALLS.ListGoamlReports.data.parse(
      await ok(await adminGet(t.app, support, 'ListGoamlReports', { merchantId: String(other) })),
    );
    expect(byMerchant.meta.total).toBe(0);
    const detail = ADMIN_CALLS.GoamlReportDetail.data.parse(
      await ok(
        await adminGet(t.app, kyc === '' ? support : support, 'GoamlReportDetail', { ID: String(ctr.ID) }),
      ),
    );
    expect(detail.Xml).toContain('<report_code>CTR</report_code>');
  });

  it("offers the last filed report's entity as the next one's defaults, and names the schema", async () => {
    const settings = ADMIN_CALLS.GoamlSettings.data.parse(
      await ok(await adminGet(t.app, support, 'GoamlSettings')),
    );
    expect(settings.Defaults).toMatchObject({ RentityID: '1042', ReportingEmail: 'ada@ledgerline.example' });
    expect(settings.CurrencyCodeLocal).toBe('EUR');
    expect(settings.Schema.Source).toBe('built-in');
  });
});

describe('GoamlCandidates', () => {
  it("lists only the merchant's payments (never a payout), newest first, within the range and by reference", async () => {
    const all = ADMIN_CALLS.GoamlCandidates.data.parse(
      await ok(await adminGet(t.app, support, 'GoamlCandidates', { merchantId: String(shop) })),
    );
    expect(all.records.map((r) => r.Ref)).toEqual([refs[2], refs[1], refs[0]]);
    const ranged = ADMIN_CALLS.GoamlCandidates.data.parse(
      await ok(
        await adminGet(t.app, support, 'GoamlCandidates', {
          merchantId: String(shop),
          from: '2026-03-04',
          to: '2026-03-05',
        }),
      ),
    );
    expect(ranged.records.map((r) => r.Ref)).toEqual([refs[1]]);
    const byRef = ADMIN_CALLS.GoamlCandidates.data.parse(
      await ok(
        await adminGet(t.app, support, 'GoamlCandidates', {
          merchantId: String(shop),
          keyword: refs[0] ?? '',
        }),
      ),
    );
    expect(byRef.records.map((r) => r.Ref)).toEqual([refs[0]]);
  });

  it('reads a typed reference as the start of its 9 digits', () => {
    expect(refRange('T0000001')).toEqual({ prefix: 'T', low: 100, high: 200 });
    expect(refRange('p000000123')).toEqual({ prefix: 'P', low: 123, high: 124 });
  });
});

describe('bad input and refusals', () => {
  it.each([
    ['no transactions', { TransactionRefs: [] }, 'Select at least one transaction to report'],
    [
      'a report type goAML does not have here',
      { ReportCode: 'SAR' },
      'The report type must be one of STR, UTR, CTR',
    ],
    [
      'a reference that is not one',
      { TransactionRefs: ['X12'] },
      'Use T or P followed by the transaction id',
    ],
    ['no merchant', { MerchantID: undefined }, 'The merchant must be a number'],
    ['a submission code other than E or M', { SubmissionCode: 'X' }, 'The submission must be E or M'],
    ['an overlong reason', { Reason: 'x'.repeat(8001) }, 'Reason must be at most 8000 characters'],
  ])('refuses %s with 400 and the field', async (_what, over, message) => {
    for (const call of ['ValidateGoamlReport', 'SaveGoamlDraft', 'GenerateGoamlReport']) {
      const response = await adminPost(t.app, support, call, { ...good(), ...over });
      expect(response.statusCode, call).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it('answers 404 for a merchant or report that does not exist', async () => {
    expect(
      (await adminPost(t.app, support, 'ValidateGoamlReport', good({ MerchantID: 999_999 }))).statusCode,
    ).toBe(400);
    expect((await adminGet(t.app, support, 'GoamlReportDetail', { ID: '999999' })).statusCode).toBe(404);
    expect((await adminGet(t.app, support, 'GoamlCandidates', { merchantId: '999999' })).statusCode).toBe(
      404,
    );
    expect((await adminPost(t.app, support, 'SaveGoamlDraft', good({ ID: 999_999 }))).statusCode).toBe(404);
    expect((await download(support, 999_999)).statusCode).toBe(404);
    expect((await download(support, 'abc')).statusCode).toBe(400);
  });

  it('refuses bad list and candidate params with their message', async () => {
    const bad = await adminGet(t.app, support, 'ListGoamlReports', { from: '2026-03-09', to: '2026-03-01' });
    expect(bad.statusCode).toBe(400);
    expect((await adminGet(t.app, support, 'ListGoamlReports', { type: 'XYZ' })).statusCode).toBe(400);
    // A day that does not exist is refused, not rolled into the next month.
    const impossible = await adminGet(t.app, support, 'ListGoamlReports', { from: '2023-02-31' });
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().message).toBe('The From date is not a real date');
    const keyword = await adminGet(t.app, support, 'GoamlCandidates', {
      merchantId: String(shop),
      keyword: 'drop table',
    });
    expect(keyword.statusCode).toBe(400);
    expect(keyword.json().message).toBe('Search by a transaction reference: T or P followed by digits');
  });

  it('refuses every call and the download without view-transactions', async () => {
    for (const token of [kyc, viewer]) {
      expect((await adminGet(t.app, token, 'ListGoamlReports')).statusCode).toBe(403);
      expect((await adminGet(t.app, token, 'GoamlSettings')).statusCode).toBe(403);
      expect((await adminPost(t.app, token, 'GenerateGoamlReport', good())).statusCode).toBe(403);
      expect((await download(token, 1)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/goaml-report?ID=1' })).statusCode).toBe(401);
  });

  it('refuses the POST calls by GET', async () => {
    expect((await adminGet(t.app, support, 'GenerateGoamlReport')).statusCode).toBe(405);
  });
});

describe('GOAML_XSD_PATH', () => {
  it("validates against the operator's file, and refuses a file that is not a schema", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'goaml-'));
    const file = path.join(dir, 'goAMLSchema.xsd');
    writeFileSync(file, '<?xml version="1.0"?><xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"/>');
    expect(loadGoamlSchema(file)).toMatchObject({ source: 'operator', name: 'goAMLSchema.xsd' });
    const notSchema = path.join(dir, 'x.xsd');
    writeFileSync(notSchema, '<html/>');
    expect(() => loadGoamlSchema(notSchema)).toThrow(/is not an XML Schema/);
    expect(() => loadGoamlSchema(path.join(dir, 'missing.xsd'))).toThrow(/cannot be read/);
  });
});
