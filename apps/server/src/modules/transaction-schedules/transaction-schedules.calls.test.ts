import {
  ADMIN_CALLS,
  DATE_RANGE_MESSAGES,
  TRANSACTION_SCHEDULE_MESSAGES as M,
  type TransactionScheduleRow,
  type TransactionTaskDetail,
} from '@bo/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, merchants, payouts, transactionTasks } from '../../db/schema';
import { seedCatalog } from '../../db/seed/catalog.seed';
import { adminPost, nextTotpCode, signInWithTotp } from '../../test/access-helpers';
import { insertMerchant, insertTransaction } from '../../test/factories';
import { adminGet, createTestApp, csrf, signIn, TEST_PASSWORD, type TestApp } from '../../test/test-app';
import { createCoins } from '../coins/coins.module';
import { createFileStorage } from '../files/file-storage';
import { createJobHandlers } from '../jobs/jobs.catalogue';
import { createPayoutRail, createSandboxPayoutRail } from '../payouts/payout-rail';
import { createTransactionScheduleService } from './transaction-schedules.service';

let t: TestApp;
let admin = '';
let support = '';
let secure = '';
let northwind = 0;
let acme = 0;
let banked = 0;
const BTC = 1;
const LTC = 2;

/** A Monday at least a week ahead (the clock only moves forward), 00:00 UTC. */
const base = (() => {
  const d = new Date(new Date().toISOString().slice(0, 10));
  d.setUTCDate(d.getUTCDate() + 7);
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d;
})();
const at = (days: number, time: string) =>
  new Date(base.getTime() + days * 86_400_000 + Date.parse(`1970-01-01T${time}Z`));
const dayOf = (days: number) => at(days, '00:00').toISOString().slice(0, 10);
/** Moves the clock (forward only) and signs admin in again, as a session would at that time. */
const moveTo = async (when: Date) => {
  t.clock.set(when);
  admin = (await signIn(t.app, 'admin')).token;
};

beforeAll(async () => {
  t = await createTestApp({ jwtTtlSeconds: 36_000 });
  t.clock.set(at(0, '07:00'));
  const { db } = t.database;
  await seedCatalog(db, t.clock.now());
  northwind = await insertMerchant(db, 'Northwind Coffee');
  acme = await insertMerchant(db, 'Acme Tools');
  banked = await insertMerchant(db, 'Banked Shop');
  await db
    .update(merchants)
    .set({ details: { PayoutTo: 'bc1qnorthwindwallet' } })
    .where(eq(merchants.id, northwind));
  await db.update(merchants).set({ disablePayout: true }).where(eq(merchants.id, acme));
  await db
    .update(merchants)
    .set({ payoutSchema: 'eur-bank', details: { IBAN: 'NL91ABNA0417164300', PayoutExcludes: [BTC] } })
    .where(eq(merchants.id, banked));
  admin = (await signIn(t.app, 'admin')).token;
  support = (await signIn(t.app, 'support')).token;
  secure = await signInWithTotp(t, 'secure');
});
afterAll(() => t.close());

const schedule = (over: object = {}) => ({
  MerchantID: northwind,
  Kind: 'payout',
  AltCoinID: BTC,
  Frequency: 'weekly',
  Time: '09:00',
  Weekday: 1,
  Timezone: 'UTC',
  Threshold: '0.01',
  StartsOn: dayOf(0),
  ...over,
});
const save = (payload: object, token = admin) => adminPost(t.app, token, 'SaveTransactionSchedule', payload);
const saved = async (over: object = {}): Promise<TransactionScheduleRow> => {
  const response = await save(schedule(over));
  expect(response.statusCode, response.body).toBe(200);
  return ADMIN_CALLS.SaveTransactionSchedule.data.parse(response.json().data);
};
const runNow = async (id: number, proof: object = { Password: TEST_PASSWORD }, token = admin) =>
  adminPost(t.app, token, 'RunTransactionScheduleNow', { ID: id, ...proof });
const ran = async (id: number): Promise<TransactionTaskDetail> => {
  const response = await runNow(id);
  expect(response.statusCode, response.body).toBe(200);
  return ADMIN_CALLS.RunTransactionScheduleNow.data.parse(response.json().data);
};
const tasks = async (query: Record<string, string>) => {
  const response = await adminGet(t.app, admin, 'ListTransactionTasks', query);
  expect(response.statusCode, response.body).toBe(200);
  return ADMIN_CALLS.ListTransactionTasks.data.parse(response.json().data);
};
const runner = () =>
  createTransactionScheduleService({
    db: t.database.db,
    now: t.clock.now,
    rail: createSandboxPayoutRail(),
    fourEyesEur: '1000',
  });
const fund = (merchantId: number, amount: string, altCoinId = BTC) =>
  insertTransaction(t.database.db, { merchantId, altCoinId, status: 'paid', amount });

describe('transaction scheduling: access', () => {
  it('every call is refused to staff without admin-commander, and to no one signed in', async () => {
    for (const [call, query] of [
      ['ListTransactionSchedules', {}],
      ['TransactionScheduleHistory', { ID: '1' }],
      ['ListTransactionTasks', {}],
      ['TransactionTaskDetail', { ID: '1' }],
    ] as const) {
      expect((await adminGet(t.app, support, call, query)).statusCode, call).toBe(403);
    }
    for (const [call, payload] of [
      ['SaveTransactionSchedule', schedule()],
      ['PauseTransactionSchedule', { ID: 1, Reason: 'x' }],
      ['ResumeTransactionSchedule', { ID: 1 }],
      ['SkipNextTransactionSchedule', { ID: 1, Skip: true }],
      ['RunTransactionScheduleNow', { ID: 1 }],
      ['RetryTransactionTask', { ID: 1, Reason: 'x' }],
    ] as const) {
      expect((await adminPost(t.app, support, call, payload)).statusCode, call).toBe(403);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin?Call=ListTransactionTasks' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('transaction scheduling: saving', () => {
  it('refuses with the brief texts: DisablePayout, a fiat-excluded coin, a threshold under the minimum payout', async () => {
    const disabled = await save(schedule({ MerchantID: acme }));
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json().message).toBe('Payouts are disabled for this merchant (DisablePayout)');
    const excluded = await save(schedule({ MerchantID: banked }));
    expect(excluded.statusCode).toBe(409);
    expect(excluded.json().message).toBe("Bitcoin is excluded from this merchant's fiat payouts");
    const small = await save(schedule({ Threshold: '0.0001' }));
    expect(small.statusCode).toBe(400);
    expect(small.json().message).toBe("Threshold must be at least the coin's minimum payout 0.00050000 BTC");
    // The same LTC threshold passes on a coin the bank merchant does not exclude, at its own minimum.
    expect((await save(schedule({ MerchantID: banked, AltCoinID: LTC, Threshold: '0.01' }))).statusCode).toBe(
      200,
    );
  });

  it('refuses bad input field by field, kinds with no executor and an unknown merchant', async () => {
    const cases: Array<[object, number, string]> = [
      [{ Kind: 'conversion' }, 400, M.kindNotBuilt],
      [{ Threshold: 'abc' }, 400, 'The threshold must be an amount above 0 with at most 8 decimals'],
      [{ Threshold: '0.123456789' }, 400, 'The threshold must be an amount above 0 with at most 8 decimals'],
      [{ Time: '25:00' }, 400, 'Type the time as HH:MM, e.g. 09:00'],
      [{ Weekday: '' }, 400, 'Choose a weekday'],
      [{ Frequency: 'cron', Cron: '* * *' }, 400, 'Not a valid schedule: expected 5 or 6 fields'],
      [{ Frequency: 'cron', Cron: '* * * * * *' }, 400, 'Runs more often than once a minute are not allowed'],
      [{ Timezone: 'Mars/Olympus' }, 400, 'Not a valid time zone: Mars/Olympus'],
      [{ EndsOn: dayOf(-1) }, 400, M.endsBeforeStart],
      [{ MerchantID: 9999 }, 404, 'No merchant found with ID 9999'],
    ];
    for (const [over, status, message] of cases) {
      const response = await save(schedule(over));
      expect(response.statusCode, JSON.stringify(over)).toBe(status);
      expect(response.json().message, JSON.stringify(over)).toBe(message);
    }
  });

  it('saves a schedule with its rule in words and next run, and each edit as a new version with history and audit', async () => {
    const first = await saved();
    expect(first).toMatchObject({
      Version: 1,
      ShopTitle: 'Northwind Coffee',
      Rule: 'When balance ≥ 0.01000000 BTC, Mondays 09:00',
      DestinationShown: 'bc1qnorthwindwallet',
      Status: 'active',
      NextRunAt: at(0, '09:00').toISOString(),
    });
    const edited = await saved({
      ID: first.ID,
      Version: 1,
      Threshold: '0.02',
      Comment: 'merchant asked for more',
    });
    expect(edited).toMatchObject({ ID: first.ID, Version: 2, Threshold: '0.02000000' });
    const stale = await save(schedule({ ID: first.ID, Version: 1 }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(M.changed(1, 2));
    const history = await adminGet(t.app, admin, 'TransactionScheduleHistory', { ID: String(first.ID) });
    const versions = ADMIN_CALLS.TransactionScheduleHistory.data.parse(history.json().data);
    expect(versions.map((v) => [v.Version, v.Author, v.Comment, v.Values.Threshold])).toEqual([
      [2, 'admin', 'merchant asked for more', '0.02000000'],
      [1, 'admin', '', '0.01000000'],
    ]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'transaction-schedule'), eq(auditLog.entityId, String(first.ID))));
    expect(audit.map((a) => a.action)).toEqual(['transaction-schedule.create', 'transaction-schedule.edit']);
    const list = await adminGet(t.app, admin, 'ListTransactionSchedules', { merchantId: String(northwind) });
    const answer = ADMIN_CALLS.ListTransactionSchedules.data.parse(list.json().data);
    expect(answer.StepUpWith).toBe('password');
    expect(answer.records.map((r) => r.ID)).toContain(first.ID);
  });

  it('pauses with a reason, resumes from the next slot and sets skip next, each audited', async () => {
    const s = await saved({ Threshold: '0.05' });
    const noReason = await adminPost(t.app, admin, 'PauseTransactionSchedule', { ID: s.ID, Reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const paused = await adminPost(t.app, admin, 'PauseTransactionSchedule', {
      ID: s.ID,
      Reason: 'merchant on holiday',
    });
    expect(paused.json().data).toMatchObject({ Status: 'paused', StatusReason: 'merchant on holiday' });
    const resumed = await adminPost(t.app, admin, 'ResumeTransactionSchedule', { ID: s.ID });
    expect(resumed.json().data).toMatchObject({ Status: 'active', StatusReason: null });
    expect((await adminPost(t.app, admin, 'ResumeTransactionSchedule', { ID: s.ID })).json().message).toBe(
      M.notPaused,
    );
    const skip = await adminPost(t.app, admin, 'SkipNextTransactionSchedule', { ID: s.ID, Skip: true });
    expect(skip.json().data.SkipNext).toBe(true);
    await adminPost(t.app, admin, 'SkipNextTransactionSchedule', { ID: s.ID, Skip: false });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'transaction-schedule'), eq(auditLog.entityId, String(s.ID))));
    expect(audit.map((a) => a.action)).toEqual([
      'transaction-schedule.create',
      'transaction-schedule.pause',
      'transaction-schedule.resume',
      'transaction-schedule.skip-next',
      'transaction-schedule.skip-next',
    ]);
  });
});

describe('transaction scheduling: run now, the Tasks Audit and retry', () => {
  it('run now needs the step-up, skips with the why, then pays through the payouts module', async () => {
    const merchant = await insertMerchant(t.database.db, 'Run Now Shop');
    await t.database.db
      .update(merchants)
      .set({ details: { PayoutTo: 'bc1qrunnow' } })
      .where(eq(merchants.id, merchant));
    const s = await saved({ MerchantID: merchant, ApprovalAboveEur: '500' });
    const wrong = await runNow(s.ID, { Password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(M.wrongPassword);
    expect((await runNow(s.ID, {})).json().message).toBe(M.passwordMissing);

    await fund(merchant, '0.004');
    const skipped = await ran(s.ID);
    expect(skipped).toMatchObject({
      Status: 'skipped',
      Trigger: 'manual',
      Actor: 'admin',
      Decision: 'Skipped: balance 0.00400000 BTC below threshold 0.01000000 BTC',
      PayoutRef: null,
    });
    expect(skipped.Inputs).toMatchObject({ Balance: '0.00400000 BTC', RuleVersion: 1 });

    // 0.004 + 0.002 = 0.006 BTC is 540 EUR at 90,000: above the schedule's 500 EUR, so a second approval.
    await fund(merchant, '0.008');
    const paid = await ran(s.ID);
    expect(paid.Status).toBe('pending_approval');
    expect(paid.Amount).toBe('0.01200000');
    expect(paid.PayoutRef).toMatch(/^P\d{9}$/);
    expect(paid.Decision).toBe(
      `Payout ${paid.PayoutRef} of 0.01200000 BTC (1080.00 EUR) to bc1qrunnow awaits a second approval: above 500.00 EUR`,
    );
    const [payout] = await t.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.id, paid.PayoutID ?? 0));
    expect(payout).toMatchObject({
      state: 'awaiting-approval',
      amount: '0.01200000',
      destination: 'bc1qrunnow',
    });

    // The payout counts against the balance: the next run finds nothing left.
    expect((await ran(s.ID)).Decision).toBe('Skipped: balance 0.00000000 BTC below threshold 0.01000000 BTC');

    const retry = await adminPost(t.app, admin, 'RetryTransactionTask', {
      ID: paid.ID,
      Reason: 'merchant says unpaid',
      Password: TEST_PASSWORD,
    });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toBe(
      `This task already produced payout ${paid.PayoutRef}; a retry is not allowed`,
    );

    const list = await tasks({ merchantId: String(merchant) });
    expect(list.Merchant).toEqual({ ID: merchant, ShopTitle: 'Run Now Shop' });
    expect(list.records.map((r) => r.Status)).toEqual(['skipped', 'pending_approval', 'skipped']);
  });

  it('an account with an authenticator confirms with its code, once', async () => {
    const s = await saved({ Threshold: '5' });
    const missing = await runNow(s.ID, {}, secure);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(M.codeMissing);
    const code = await nextTotpCode(t);
    expect((await runNow(s.ID, { Code: code }, secure)).statusCode).toBe(200);
    const again = await runNow(s.ID, { Code: code }, secure);
    expect(again.statusCode).toBe(409);
  });

  it('retries a skipped task once, as a new retry task; a second retry is refused', async () => {
    const s = await saved({ Threshold: '7' });
    const first = await ran(s.ID);
    expect(first.Status).toBe('skipped');
    const noReason = await adminPost(t.app, admin, 'RetryTransactionTask', {
      ID: first.ID,
      Password: TEST_PASSWORD,
    });
    expect(noReason.statusCode).toBe(400);
    const retried = await adminPost(t.app, admin, 'RetryTransactionTask', {
      ID: first.ID,
      Reason: 'balance topped up',
      Password: TEST_PASSWORD,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data).toMatchObject({ Trigger: 'retry', RetryOf: first.ID });
    const again = await adminPost(t.app, admin, 'RetryTransactionTask', {
      ID: first.ID,
      Reason: 'again',
      Password: TEST_PASSWORD,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.retryAgain(retried.json().data.ID));
    const detail = await adminGet(t.app, admin, 'TransactionTaskDetail', { ID: String(first.ID) });
    expect(detail.json().data.RetriedBy).toBe(retried.json().data.ID);
  });

  it('filters by merchant, status, kind and days (last 7 by default), with the SPEC messages and keyset pages', async () => {
    const unknown = await adminGet(t.app, admin, 'ListTransactionTasks', { merchantId: '9999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No merchant found with ID 9999');
    const backwards = await adminGet(t.app, admin, 'ListTransactionTasks', {
      from: '2026-03-02',
      to: '2026-03-01',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(DATE_RANGE_MESSAGES.fromAfterTo);
    const future = await adminGet(t.app, admin, 'ListTransactionTasks', { to: '2099-01-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(DATE_RANGE_MESSAGES.toAfterToday);

    const all = await tasks({});
    expect(all.To).toBe(t.clock.now().toISOString().slice(0, 10));
    expect(Date.parse(all.To) - Date.parse(all.From)).toBe(6 * 86_400_000);
    expect(all.records.length).toBeGreaterThan(3);
    const onlySkipped = await tasks({ status: 'skipped' });
    expect(onlySkipped.records.every((r) => r.Status === 'skipped')).toBe(true);
    expect((await tasks({ kind: 'conversion' })).records).toEqual([]);
    expect((await tasks({ from: '2026-01-01', to: '2026-01-31' })).records).toEqual([]);

    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await tasks({ limit: '2', ...(cursor ? { cursor } : {}) });
      seen.push(...page.records.map((r) => r.ID));
      cursor = page.NextCursor;
    } while (cursor);
    expect(seen).toEqual(all.records.map((r) => r.ID));
    expect(new Set(seen).size).toBe(seen.length);

    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/admin/export?Call=ListTransactionTasks',
      headers: { ...csrf, authorization: `Bearer ${admin}` },
      payload: {
        params: { status: 'pending_approval' },
        columns: [
          { key: 'ID', header: 'Task' },
          { key: 'PayoutRef', header: 'Result' },
        ],
      },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Task,Result');
    expect(lines.length).toBe(1 + (await tasks({ status: 'pending_approval' })).records.length);
    expect(lines[1]).toMatch(/^\d+,P\d{9}$/);
  });
});

describe('transaction scheduling: the runner', () => {
  it('executes a due slot once, however often or by how many it is asked, then waits for the next slot', async () => {
    const merchant = await insertMerchant(t.database.db, 'Runner Shop');
    await t.database.db
      .update(merchants)
      .set({ details: { PayoutTo: 'bc1qrunner' } })
      .where(eq(merchants.id, merchant));
    await fund(merchant, '0.003');
    await moveTo(at(1, '08:00'));
    // Earlier tests' Monday schedules are due now: they run first, once.
    await runner().runDue();
    const s = await saved({ MerchantID: merchant, Frequency: 'daily', Time: '10:00' });
    expect(s.NextRunAt).toBe(at(1, '10:00').toISOString());
    expect(await runner().runDue()).toEqual({ executed: 0, skipped: 0 });

    await moveTo(at(1, '10:00:30'));
    // Two instances asking at once, then again: one task for the slot.
    const results = await Promise.all([runner().runDue(), runner().runDue()]);
    await runner().runDue();
    expect(results.reduce((n, r) => n + r.executed, 0)).toBe(1);
    const made = await t.database.db
      .select()
      .from(transactionTasks)
      .where(eq(transactionTasks.scheduleId, s.ID));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      trigger: 'schedule',
      status: 'skipped',
      actor: 'transaction-scheduler',
      scheduledFor: at(1, '10:00'),
      decision: 'Skipped: balance 0.00300000 BTC below threshold 0.01000000 BTC',
      idempotencyKey: `schedule:${s.ID}:v1:${at(1, '10:00').toISOString()}`,
    });

    // Skip next: the next slot is recorded as skipped, without looking at the balance.
    await fund(merchant, '0.02');
    await adminPost(t.app, admin, 'SkipNextTransactionSchedule', { ID: s.ID, Skip: true });
    await moveTo(at(2, '10:00:10'));
    expect(await runner().runDue()).toEqual({ executed: 0, skipped: 1 });
    // The slot after pays: 0.023 BTC is 2070 EUR, over the platform's 1000 EUR four-eyes amount.
    await moveTo(at(3, '10:00:10'));
    expect(await runner().runDue()).toEqual({ executed: 1, skipped: 0 });
    const list = await tasks({ merchantId: String(merchant) });
    expect(list.records.map((r) => [r.Status, r.Trigger, r.Amount])).toEqual([
      ['pending_approval', 'schedule', '0.02300000'],
      ['skipped', 'schedule', null],
      ['skipped', 'schedule', null],
    ]);
    expect(list.records[1]?.Decision).toBe('Skipped: Skip next was set on this schedule');
    const after = await adminGet(t.app, admin, 'ListTransactionSchedules', { merchantId: String(merchant) });
    expect(after.json().data.records[0]).toMatchObject({
      SkipNext: false,
      NextRunAt: at(4, '10:00').toISOString(),
      LastStatus: 'pending_approval',
    });
  });

  it('a paused schedule is not run; a failing slot marks the schedule error with the reason', async () => {
    const merchant = await insertMerchant(t.database.db, 'No Destination Shop');
    await fund(merchant, '1');
    await moveTo(at(5, '08:00'));
    const s = await saved({ MerchantID: merchant, Frequency: 'daily', Time: '10:00' });
    await adminPost(t.app, admin, 'PauseTransactionSchedule', { ID: s.ID, Reason: 'checking' });
    await moveTo(at(5, '10:00:10'));
    await runner().runDue();
    expect((await tasks({ merchantId: String(merchant) })).records).toEqual([]);
    await adminPost(t.app, admin, 'ResumeTransactionSchedule', { ID: s.ID });
    await moveTo(at(6, '10:00:10'));
    await runner().runDue();
    const [task] = (await tasks({ merchantId: String(merchant) })).records;
    expect(task).toMatchObject({
      Status: 'failed',
      Error: "The merchant's payout schema pays nowhere yet: type where to pay",
    });
    const row = (
      await adminGet(t.app, admin, 'ListTransactionSchedules', { merchantId: String(merchant) })
    ).json().data.records[0];
    expect(row).toMatchObject({
      Status: 'error',
      StatusReason: "The merchant's payout schema pays nowhere yet: type where to pay",
    });
    const empty = await tasks({ merchantId: String(northwind), from: '2026-01-01', to: '2026-01-07' });
    expect(empty.records).toEqual([]);
    expect(M.emptyTasks(empty.Merchant?.ShopTitle ?? '')).toBe(
      'No task ran for Northwind Coffee in this period',
    );
  });

  it("is the job runner's catalogue job transactions.schedules, which runs the due slots", async () => {
    const merchant = await insertMerchant(t.database.db, 'Job Shop');
    // Earlier tests' schedules due on this Monday at 09:00 run first.
    await moveTo(at(7, '09:10'));
    await runner().runDue();
    const s = await saved({ MerchantID: merchant, Frequency: 'daily', Time: '09:30' });
    await moveTo(at(7, '09:30:05'));
    const handlers = createJobHandlers({
      config: t.config,
      db: t.database.db,
      now: t.clock.now,
      coins: createCoins(t.config, t.database.db, t.clock.now),
      payoutRail: createPayoutRail(t.config.payouts.railMode),
      marketing: t.app.marketing,
      fileStorage: createFileStorage(t.config.files),
      databaseKind: t.database.kind,
      mailer: { send: async () => undefined },
    });
    const lines: string[] = [];
    const job = handlers['transactions.schedules'];
    expect(job).toBeDefined();
    const outcome = await job?.({
      signal: new AbortController().signal,
      log: (l) => lines.push(l),
      params: {},
    });
    expect(outcome).toMatchObject({ items: 1, summary: { executed: 1, skipped: 0 } });
    expect(lines).toEqual(['1 schedule slots executed, 0 skipped (Skip next)']);
    const made = await t.database.db
      .select()
      .from(transactionTasks)
      .where(eq(transactionTasks.scheduleId, s.ID));
    expect(made.map((m) => m.trigger)).toEqual(['schedule']);
  });
});
