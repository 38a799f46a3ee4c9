import {
  ADMIN_CALLS,
  ADMIN_SERVICE_PREFIX,
  BOT_CHALLENGE_PATH,
  type CallDef,
  formatTransactionRef,
  GOAML_DOWNLOAD_PATH,
  MAIN_CALLS,
  MAIN_SERVICE_PREFIX,
  SERVICE_STATUS_ENDPOINTS,
} from '@bo/contract';
import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatMessages,
  failureCauses,
  goamlReports,
  jobRuns,
  kycDocuments,
  kycSubmissions,
  licensePolicies,
  licenses,
  payouts,
  providerPayments,
  reportRuns,
  savedReports,
  savedReportVersions,
  staff,
  transactionSchedules,
  transactions,
  transactionTasks,
  vtokens,
} from '../db/schema';
import { seedDemoData } from '../db/seed/demo-data.seed';
import { seedGoamlReports } from '../db/seed/goaml-reports.seed';
import { seedMarketingDemo } from '../db/seed/marketing.seed';
import { changedTables, tableChecksums } from '../test/db-checksum';
import { createTestApp, csrf, signIn, type TestApp } from '../test/test-app';

/**
 * DESIGN §2 departure 2: GET never changes state, so a cross-site GET (which the CSRF guard lets through)
 * can do no harm. Every GET call of the contract is made as an administrator with valid params, and every
 * table is compared before and after.
 *
 * Ignored: a session's last-seen time, which any authenticated call may move (it drives the idle timeout).
 */
const IGNORED_COLUMNS = { sessions: ['last_seen_at'] } as const;
/**
 * The one SPEC-defined exception: HISTORY marks the contact's messages read for the caller (SPEC §7.1,
 * README API 9). It touches only the caller's own read marker, and the session cookie is SameSite=Strict,
 * so no other site can make a browser send it.
 */
const MAY_WRITE: Record<string, readonly string[]> = { 'main ChatHistory': ['chat_reads'] };

let t: TestApp;
let adminCookie = '';
let adminSession = { ID: 0, APIKey: '' };
let params: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  // Enough rows that every kind this test reads (an acquirer record, a failure, a chat) exists whatever today is.
  await seedDemoData(db, { seed: 7, days: 5, txPerDay: 40, now: t.clock.now() });
  // A generated report, so its detail (and its file) are read from the database.
  await seedGoamlReports(db, t.clock.now());
  await seedMarketingDemo(db, t.clock.now());
  const admin = await signIn(t.app, 'admin');
  adminCookie = admin.cookie;
  adminSession = admin.session;

  const [payment] = await db
    .select()
    .from(transactions)
    .where(eq(transactions.prefix, 'T'))
    .orderBy(desc(transactions.id))
    .limit(1);
  // A schedule with one task, so Transaction Scheduling's and the Tasks Audit's reads have rows.
  const [author] = await db.select({ id: staff.id }).from(staff).limit(1);
  const [schedule] = await db
    .insert(transactionSchedules)
    .values({
      merchantId: payment?.merchantId ?? 1,
      kind: 'payout',
      altCoinId: 1,
      frequency: 'daily',
      timeOfDay: '09:00',
      cron: '0 9 * * *',
      timezone: 'UTC',
      threshold: '0.01',
      startsOn: '2026-01-01',
      createdByStaffId: author?.id ?? 1,
      createdOn: t.clock.now(),
      updatedByStaffId: author?.id ?? 1,
      updatedOn: t.clock.now(),
    })
    .returning({ id: transactionSchedules.id });
  const [task] = await db
    .insert(transactionTasks)
    .values({
      scheduleId: schedule?.id ?? 1,
      scheduleVersion: 1,
      merchantId: payment?.merchantId ?? 1,
      kind: 'payout',
      trigger: 'schedule',
      startedAt: t.clock.now(),
      finishedAt: t.clock.now(),
      status: 'skipped',
      altCoinId: 1,
      actor: 'transaction-scheduler',
      decision: 'Skipped: balance 0.00000000 BTC below threshold 0.01000000 BTC',
      idempotencyKey: 'get-never-writes',
    })
    .returning({ id: transactionTasks.id });
  const [provided] = await db.select().from(providerPayments).orderBy(asc(providerPayments.id)).limit(1);
  const [failure] = await db.select().from(failureCauses).orderBy(asc(failureCauses.id)).limit(1);
  const [chat] = await db.select().from(chatMessages).orderBy(desc(chatMessages.id)).limit(1);
  const [kycCase] = await db.select().from(kycSubmissions).orderBy(asc(kycSubmissions.id)).limit(1);
  const [document] = await db.select().from(kycDocuments).orderBy(asc(kycDocuments.id)).limit(1);
  const [vtoken] = await db.select().from(vtokens).orderBy(asc(vtokens.id)).limit(1);
  if (!payment || !provided || !failure || !chat || !kycCase || !document || !vtoken)
    throw new Error(
      `the demo data lacks a row this test needs: ${JSON.stringify({ payment: !!payment, provided: !!provided, failure: !!failure, chat: !!chat, kycCase: !!kycCase, document: !!document, vtoken: !!vtoken })}`,
    );
  const [report] = await db
    .select({ id: goamlReports.id })
    .from(goamlReports)
    .orderBy(asc(goamlReports.id))
    .limit(1);
  // Made by the seed (a payout of a seeded P transaction); a GET reads it only.
  const [payout] = await db.select({ id: payouts.id }).from(payouts).orderBy(asc(payouts.id)).limit(1);
  // A licence with a device and a validation, so its detail reads every part.
  const [policy] = await db.select().from(licensePolicies).orderBy(asc(licensePolicies.id)).limit(1);
  const [issuer] = await db.select({ id: staff.id }).from(staff).orderBy(asc(staff.id)).limit(1);
  const [licence] = await db
    .insert(licenses)
    .values({
      keyHash: 'get-never-writes',
      keyPrefix: 'LL-TEST',
      keyLast4: 'TEST',
      merchantId: payment.merchantId,
      productId: policy?.productId ?? 1,
      policyId: policy?.id ?? 1,
      maxActivations: 1,
      expiresOn: '2099-12-31',
      issuedByStaffId: issuer?.id ?? 1,
      issuedOn: t.clock.now(),
      updatedOn: t.clock.now(),
    })
    .returning({ id: licenses.id });
  // A finished run of a job (buildApp made the jobs), so its history and log are read.
  const [run] = await db
    .insert(jobRuns)
    .values({
      jobKey: 'files.purge',
      trigger: 'manual',
      scheduledFor: t.clock.now(),
      status: 'succeeded',
      log: 'done',
    })
    .returning({ id: jobRuns.id });
  // A saved SQL report with one draft version and a run, so its detail reads versions and runs.
  const at = t.clock.now();
  const [owner] = await db.select({ id: staff.id }).from(staff).where(eq(staff.username, 'admin'));
  const ownerId = owner?.id ?? 0;
  const [savedReport] = await db
    .insert(savedReports)
    .values({ name: 'Never writes', ownerStaffId: ownerId, createdAt: at, updatedAt: at })
    .returning({ id: savedReports.id });
  if (!savedReport) throw new Error('saved report not inserted');
  await db.insert(savedReportVersions).values({
    reportId: savedReport.id,
    version: 1,
    sql: 'select 1 as one',
    sqlHash: 'x',
    authorStaffId: ownerId,
    createdAt: at,
  });
  await db
    .insert(reportRuns)
    .values({ reportId: savedReport.id, trigger: 'preview', sqlHash: 'x', startedAt: at });
  const ref = formatTransactionRef('T', payment.transactionId);
  const today = t.clock.now().toISOString().slice(0, 10);
  const weekAgo = new Date(t.clock.now().getTime() - 7 * 86_400_000).toISOString().slice(0, 10);

  // Valid params for the GET calls that need any; a call missing here is made with none and must still
  // answer 200, so a new GET call that needs params fails below until it is given them.
  params = {
    'main Accountdetail': {
      MerchantID: String(admin.session.ID),
      APIKey: admin.session.APIKey,
      output: 'json',
    },
    'main Fiatlookup': { AltCoinID: '1', Amount: '1', FiatLookup: '0', FiatMoney: 'EUR' },
    'main ChatContactList': { MSGS: '' },
    'main ChatHistory': { MSGS: '', ID: String(chat.merchantId) },
    'admin ListTransactions': { start: weekAgo, end: today },
    'admin SyncTransactions': { start: weekAgo, end: today },
    'admin CountTransactions': { start: weekAgo, end: today },
    'admin MerchantsListDash': { startDate: weekAgo, endDate: today },
    'admin TransactionDetail': { ID: ref },
    'admin TransactionAudit': { ID: ref },
    'admin PaymentProvider': {
      ID: String(provided.transactionId),
      Payout: provided.prefix === 'P' ? '1' : '0',
      ProviderID: provided.provider,
    },
    'admin XChangeOfflinePool': { coin: String(failure.altCoinId), id: String(failure.id) },
    'admin KycCase': { ID: String(kycCase.id) },
    'admin KycDocument': { ID: String(document.id) },
    'admin UserDetail': { ID: String(payment.merchantId) },
    'admin MerchantHistory': { ID: String(payment.merchantId) },
    'admin MerchantPayouts': { ID: String(payment.merchantId) },
    'admin VTokenDetail': { ID: String(vtoken.id) },
    'admin XChangeSearch': { q: 'xc1' },
    'admin ListFiles': { Store: 'market' },
    'admin AnalyticsBreakdown': { groupBy: 'merchant', sort: 'Name' },
    'admin AnalyticsSeries': { granularity: 'month' },
    // Bitcoin: a coin with a node, so its health has history.
    'admin CoinHealthDetail': { ID: '1' },
    'admin AltCoinDaily': { ID: '1' },
    'admin PayoutSchemaDetail': { ID: String(payment.merchantId) },
    'admin PayoutDetail': { ID: String(payout?.id ?? 1) },
    'admin GoamlReportDetail': { ID: String(report?.id ?? 1) },
    'admin GoamlCandidates': { merchantId: String(payment.merchantId) },
    // The seeded sent campaign (marketing.seed.ts), with its recipients.
    'admin CampaignDetail': { ID: '1' },
    'admin ListCampaignRecipients': { ID: '1' },
    'admin GetSavedReport': { ID: String(savedReport.id) },
    // An integration's config: also reads its badge and latest Test connection.
    'admin GetConfig': { Namespace: 'opennode' },
    'admin ConfigHistory': { Namespace: 'admin' },
    'admin ListJobRuns': { Key: 'files.purge' },
    'admin JobRunLog': { ID: String(run?.id ?? 1) },
    'admin TransactionScheduleHistory': { ID: String(schedule?.id ?? 1) },
    'admin TransactionTaskDetail': { ID: String(task?.id ?? 1) },
    'admin GetMerchantBankConfig': { ID: String(payment.merchantId) },
    'admin GetMerchantCardConfig': { ID: String(payment.merchantId) },
    'admin LicenseDetail': { ID: String(licence?.id ?? 1) },
    'admin EffectiveFee': {
      MerchantID: String(payment.merchantId),
      Flow: 'incoming',
      AltCoinID: '1',
      Amount: '10',
    },
  };
});
afterAll(() => t.close());

/** A fresh admin token from the session, as the web app re-mints it. */
async function mintToken(): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin?Call=GenerateJWTToken',
    headers: { ...csrf, cookie: adminCookie },
    payload: { MerchantID: adminSession.ID, APIKey: adminSession.APIKey },
  });
  return response.json().data.Token as string;
}

const urlOf = (prefix: string, def: CallDef, query: Record<string, string>) => {
  const qs = new URLSearchParams({ ...(def.call ? { Call: def.call } : {}), ...query }).toString();
  return `${prefix}${def.path === '/' ? '' : def.path}${qs ? `?${qs}` : ''}`;
};

/** Every GET of the contract, read from it; plus the plain GET endpoints outside the envelope. */
const GET_CALLS = [
  ...Object.entries(MAIN_CALLS).map(([name, def]) => ({
    name: `main ${name}`,
    def,
    prefix: MAIN_SERVICE_PREFIX,
  })),
  ...Object.entries(ADMIN_CALLS).map(([name, def]) => ({
    name: `admin ${name}`,
    def,
    prefix: ADMIN_SERVICE_PREFIX,
  })),
].filter(({ def }) => def.method === 'GET');

describe('GET never changes state', () => {
  it.each(GET_CALLS)('$name leaves every table as it was', async ({ name, def, prefix }) => {
    const token = await mintToken();
    // Past the once-a-minute throttle of last_seen_at, so the call does touch the session (the ignored write).
    t.clock.advance(61_000);
    const before = await tableChecksums(t.database.db, IGNORED_COLUMNS);
    const response = await t.app.inject({
      method: 'GET',
      url: urlOf(prefix, def, params[name] ?? {}),
      headers: { cookie: adminCookie, authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, `${name} needs valid params in this test: ${response.body}`).toBe(200);
    const changed = changedTables(before, await tableChecksums(t.database.db, IGNORED_COLUMNS));
    for (const table of changed) expect(MAY_WRITE[name] ?? [], `${name} wrote ${table}`).toContain(table);
  });

  it('HISTORY writes only the caller’s own read marker (the SPEC-defined exception)', async () => {
    const history = GET_CALLS.find((c) => c.name === 'main ChatHistory');
    if (!history) throw new Error('ChatHistory is gone from the contract');
    const { cookie } = await signIn(t.app, 'support');
    const before = await tableChecksums(t.database.db, IGNORED_COLUMNS);
    const response = await t.app.inject({
      method: 'GET',
      url: urlOf(history.prefix, history.def, params['main ChatHistory'] ?? {}),
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(changedTables(before, await tableChecksums(t.database.db, IGNORED_COLUMNS))).toEqual([
      'chat_reads',
    ]);
  });

  it('the download of a generated goAML report writes nothing', async () => {
    const [report] = await t.database.db
      .select({ id: goamlReports.id })
      .from(goamlReports)
      .where(eq(goamlReports.status, 'final'))
      .limit(1);
    const before = await tableChecksums(t.database.db, IGNORED_COLUMNS);
    const response = await t.app.inject({
      method: 'GET',
      url: `${ADMIN_SERVICE_PREFIX}${GOAML_DOWNLOAD_PATH}?ID=${report?.id ?? 0}`,
      headers: { cookie: adminCookie, authorization: `Bearer ${await mintToken()}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(changedTables(before, await tableChecksums(t.database.db, IGNORED_COLUMNS))).toEqual([]);
  });

  it('the bot challenge, the status endpoints and the health check write nothing', async () => {
    const before = await tableChecksums(t.database.db, IGNORED_COLUMNS);
    const expected: Array<[string, number]> = [
      [BOT_CHALLENGE_PATH, 200],
      ['/healthz', 200],
      // A stored file's public address (an unknown one here: the lookup is the same read).
      [`/media/market/${'0'.repeat(32)}.png`, 404],
      // No upstream is configured in tests: NOT CONFIGURED, 503.
      ...SERVICE_STATUS_ENDPOINTS.map((e): [string, number] => [`${MAIN_SERVICE_PREFIX}${e.path}`, 503]),
    ];
    for (const [url, status] of expected) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie: adminCookie } });
      expect(response.statusCode, url).toBe(status);
    }
    expect(changedTables(before, await tableChecksums(t.database.db, IGNORED_COLUMNS))).toEqual([]);
  });
});
