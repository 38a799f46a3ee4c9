import { ADMIN_CALLS, REPORT_MESSAGES } from '@bo/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { altCoins, auditLog, reportRuns } from '../../db/schema';
import { seedCatalog } from '../../db/seed/catalog.seed';
import { adminPost, signInWithTotp } from '../../test/access-helpers';
import { adminGet, createTestApp, signIn, type TestApp } from '../../test/test-app';
import type { Mail } from '../mail/mailer';
import { executeReadOnly } from './report-runner';
import { createSavedReportsService } from './saved-reports.service';

let t: TestApp;
let admin = '';
let secure = '';
let support = '';
let reportNo = 0;

beforeAll(async () => {
  t = await createTestApp({ jwtTtlSeconds: 3600 });
  await seedCatalog(t.database.db, t.clock.now());
  admin = (await signIn(t.app, 'admin')).token;
  secure = await signInWithTotp(t, 'secure');
  support = (await signIn(t.app, 'support')).token;
});
afterAll(() => t.close());

const post = (call: string, payload: object, token = admin) => adminPost(t.app, token, call, payload);
const ok = async (call: string, payload: object, token = admin) => {
  const response = await post(call, payload, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const COINS_BY_ID =
  "select id, short_name from alt_coins where id = {{coin}} and short_name <> coalesce({{skip}}, '-') order by id";
const draft = (over: object = {}) => ({
  Name: `Report ${++reportNo}`,
  SQL: COINS_BY_ID,
  Params: [
    { Name: 'coin', Type: 'coin', Required: true, Default: '1' },
    { Name: 'skip', Type: 'text', Required: false, Default: '' },
  ],
  ...over,
});
/** A report saved by admin, submitted and approved by secure (four-eyes). */
const approved = async (over: object = {}) => {
  const saved = ADMIN_CALLS.SaveReportDraft.data.parse(await ok('SaveReportDraft', draft(over)));
  await ok('SubmitReport', { ID: saved.Report.ID });
  await ok('ApproveReport', { ID: saved.Report.ID }, secure);
  return saved.Report.ID;
};
/** `n` rows from VALUES, so a limit can be seen without a big table. */
const valuesOf = (n: number) => `(values ${Array.from({ length: n }, (_, i) => `(${i + 1})`).join(', ')})`;

describe('saved reports: access and bad input', () => {
  it('every call is refused to staff without admin-commander', async () => {
    for (const [call, query] of [
      ['ListSavedReports', {}],
      ['GetSavedReport', { ID: '1' }],
    ] as const)
      expect((await adminGet(t.app, support, call, query)).statusCode, call).toBe(403);
    for (const [call, payload] of [
      ['SaveReportDraft', draft()],
      ['PreviewReport', { SQL: 'select 1' }],
      ['SubmitReport', { ID: 1 }],
      ['ApproveReport', { ID: 1 }],
      ['RejectReport', { ID: 1, Reason: 'no' }],
      ['RunReportNow', { ID: 1 }],
      ['DownloadReportCsv', { ID: 1 }],
      ['SetReportEnabled', { ID: 1, Enabled: false }],
    ] as const)
      expect((await post(call, payload, support)).statusCode, call).toBe(403);
  });

  it('refuses a report that writes, keeping nothing', async () => {
    const response = await post('SaveReportDraft', draft({ SQL: 'select 1; delete from alt_coins' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Only one SELECT statement is allowed (found DELETE)');
    expect(response.json().data.issues[0].path).toBe('SQL');
    const preview = await post('PreviewReport', {
      SQL: 'with x as (delete from alt_coins returning id) select * from x',
    });
    expect(preview.statusCode).toBe(400);
    expect(preview.json().message).toBe('Only one SELECT statement is allowed (found DELETE)');
    const [coins] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(altCoins);
    expect(coins?.n).toBeGreaterThan(0);
    expect(
      ADMIN_CALLS.ListSavedReports.data.parse(
        await (await adminGet(t.app, admin, 'ListSavedReports')).json().data,
      ),
    ).toEqual([]);
  });

  it('checks name, schedule and recipients', async () => {
    const short = await post('SaveReportDraft', draft({ Name: 'ab' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('The name must be 3 to 80 characters');
    const first = await ok('SaveReportDraft', draft({ Name: 'Daily volume' }));
    expect(first.Report.Name).toBe('Daily volume');
    const taken = await post('SaveReportDraft', draft({ Name: 'daily VOLUME' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A report named daily VOLUME already exists');
    const cron = await post('SaveReportDraft', draft({ Schedule: 'every day' }));
    expect(cron.statusCode).toBe(400);
    expect(cron.json().message).toBe('Not a valid schedule: expected 5 or 6 fields');
    const outsider = await post(
      'SaveReportDraft',
      draft({ Output: 'email', Recipients: ['someone@example.com'] }),
    );
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().message).toBe('Reports can only be mailed to staff addresses');
    const none = await post('SaveReportDraft', draft({ Output: 'email', Recipients: [] }));
    expect(none.json().message).toBe(REPORT_MESSAGES.recipientsNeeded);
    const staffOnly = await ok(
      'SaveReportDraft',
      draft({ Output: 'email', Recipients: ['Secure@backoffice.local'] }),
    );
    expect(staffOnly.Latest.Recipients).toEqual(['secure@backoffice.local']);
  });
});

describe('saved reports: runs', () => {
  it('previews with bound, typed parameters: a value is never spliced into the SQL', async () => {
    const result = ADMIN_CALLS.PreviewReport.data.parse(
      await ok('PreviewReport', { SQL: COINS_BY_ID, Params: draft().Params, Values: { coin: '1' } }),
    );
    expect(result.Columns).toEqual(['id', 'short_name']);
    expect(result.Rows).toEqual([['1', 'BTC']]);
    // A text value that would end the statement if spliced is just a string that matches no coin.
    const hostile = await ok('PreviewReport', {
      SQL: COINS_BY_ID,
      Params: draft().Params,
      Values: { coin: '1', skip: "x'; delete from alt_coins; --" },
    });
    expect(hostile.Rows).toEqual([['1', 'BTC']]);
    const wrongType = await post('PreviewReport', {
      SQL: COINS_BY_ID,
      Params: draft().Params,
      Values: { coin: '1 or 1=1' },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe('{{coin}} must be a coin id (a positive whole number)');
    const missing = await post('PreviewReport', {
      SQL: 'select {{day}} as d',
      Params: [{ Name: 'day', Type: 'date', Required: true, Default: '' }],
    });
    expect(missing.json().message).toBe('Give a value for {{day}}');
    const badDay = await post('PreviewReport', {
      SQL: 'select {{day}} as d',
      Params: [{ Name: 'day', Type: 'date', Required: true, Default: '' }],
      Values: { day: '2026-02-31' },
    });
    expect(badDay.json().message).toBe('{{day}} must be a date as YYYY-MM-DD');
  });

  it('keeps at most 100 rows in a preview and 10,000 in a run', async () => {
    const preview = ADMIN_CALLS.PreviewReport.data.parse(
      await ok('PreviewReport', { SQL: `select x from ${valuesOf(150)} v(x)` }),
    );
    expect(preview.Rows).toHaveLength(100);
    expect(preview.Truncated).toBe(true);
    const id = await approved({
      SQL: `select a.x, b.y from ${valuesOf(101)} a(x) cross join ${valuesOf(100)} b(y)`,
      Params: [],
    });
    const run = ADMIN_CALLS.RunReportNow.data.parse(await ok('RunReportNow', { ID: id }));
    expect(run.Rows).toHaveLength(10_000);
    expect(run.Truncated).toBe(true);
  });

  it('refuses a query estimated too expensive before it starts', async () => {
    const response = await post('PreviewReport', {
      // Empty tables estimate as empty: five VALUES lists of 100 rows cross joined are 10,000,000,000 rows.
      SQL: `select count(*) from ${valuesOf(100)} a(x), ${valuesOf(100)} b(x), ${valuesOf(100)} c(x), ${valuesOf(100)} d(x), ${valuesOf(100)} e(x)`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(
      t.database.kind === 'pglite'
        ? /^This query is estimated too expensive for the embedded database \(cost [\d,]+ > 1,000,000\)\. Narrow the date range or run it on PostgreSQL\.$/
        : /^This query is estimated too expensive \(cost [\d,]+ > 50,000,000\)\. Narrow the date range\.$/,
    );
  });

  it('runs every query in a read-only transaction, even one the gate would let through', async () => {
    await expect(
      executeReadOnly(
        t.database.db,
        t.database.kind,
        sql`delete from alt_coins where id = 1 returning id`,
        10,
      ),
    ).rejects.toMatchObject({ cause: { message: 'cannot execute DELETE in a read-only transaction' } });
    const [btc] = await t.database.db.select().from(altCoins).where(eq(altCoins.id, 1));
    expect(btc).toBeDefined();
  });

  it('audits every run: who, SQL hash, parameters, rows, duration', async () => {
    await ok('PreviewReport', { SQL: COINS_BY_ID, Params: draft().Params, Values: { coin: '5' } });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'report.run'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ actorUsername: 'admin', entity: 'saved_report', entityId: 'unsaved' });
    expect(entry?.after).toMatchObject({
      Trigger: 'preview',
      SqlHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      Params: { coin: '5', skip: null },
      Rows: 1,
      Ms: expect.any(Number),
    });
  });
});

describe('saved reports: four-eyes approval', () => {
  it('runs only once another administrator approved it, never on its author’s word', async () => {
    const saved = await ok('SaveReportDraft', draft());
    const id = saved.Report.ID as number;
    expect(saved.Report.Status).toBe('draft');
    const early = await post('RunReportNow', { ID: id });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(REPORT_MESSAGES.notApproved);
    expect((await ok('SubmitReport', { ID: id })).Report.Status).toBe('pending_approval');
    const own = await post('ApproveReport', { ID: id });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(
      'You wrote this version: another administrator must approve it (four-eyes). Ask a colleague to approve it.',
    );
    const done = ADMIN_CALLS.ApproveReport.data.parse(await ok('ApproveReport', { ID: id }, secure));
    expect(done.Report.Status).toBe('approved');
    expect(done.Approved).toMatchObject({ Author: 'admin', Approver: 'secure', Version: 1 });
    const run = await ok('RunReportNow', { ID: id, Values: { coin: '1' } });
    expect(run.Rows).toEqual([['1', 'BTC']]);
    const csv = ADMIN_CALLS.DownloadReportCsv.data.parse(await ok('DownloadReportCsv', { ID: id }));
    expect(csv.Csv).toBe('id,short_name\r\n1,BTC\r\n');
    // A new draft does not change what runs until it, too, is approved.
    const edited = await ok('SaveReportDraft', {
      ...draft(),
      ID: id,
      Name: saved.Report.Name,
      SQL: 'select 2 as two',
    });
    expect(edited.Latest).toMatchObject({ Version: 2, Status: 'draft' });
    expect(edited.Approved).toMatchObject({ Version: 1 });
    expect((await ok('RunReportNow', { ID: id })).Rows).toEqual([['1', 'BTC']]);
    await ok('SubmitReport', { ID: id });
    const rejected = await ok('RejectReport', { ID: id, Reason: 'Not needed' }, secure);
    expect(rejected.Latest).toMatchObject({ Status: 'rejected', RejectReason: 'Not needed' });
    const disabled = await ok('SetReportEnabled', { ID: id, Enabled: false });
    expect(disabled.Report.Status).toBe('disabled');
    const refused = await post('RunReportNow', { ID: id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(REPORT_MESSAGES.disabled);
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'saved_report'), eq(auditLog.entityId, String(id))));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'report.save-draft',
        'report.submit',
        'report.approve',
        'report.reject',
        'report.disable',
        'report.run',
      ]),
    );
  });

  it('runs a due approved report once per slot and mails its CSV to staff', async () => {
    const id = await approved({
      Name: 'Mailed coins',
      Schedule: '0 6 * * *',
      Output: 'email',
      Recipients: ['secure@backoffice.local'],
    });
    const sent: Mail[] = [];
    const later = new Date(t.clock.now().getTime() + 2 * 86_400_000);
    const service = createSavedReportsService({
      db: t.database.db,
      kind: t.database.kind,
      now: () => later,
      mailer: { send: async (mail) => void sent.push(mail) },
    });
    // Two instances' jobs on the same slot: one run.
    const [a, b] = await Promise.all([service.runDue(), service.runDue()]);
    expect(a + b).toBe(1);
    expect(await service.runDue()).toBe(0);
    const runs = await t.database.db
      .select()
      .from(reportRuns)
      .where(and(eq(reportRuns.reportId, id), eq(reportRuns.trigger, 'schedule')));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ rows: 1, error: null });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe('secure@backoffice.local');
    expect(sent[0]?.attachments?.[0]?.content).toBe('id,short_name\r\n1,BTC\r\n');
  });
});
