import { ADMIN_CALLS } from '@bo/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobRuns, jobs } from '../../db/schema';
import { adminPost, nextTotpCode, signInStaff, signInWithTotp } from '../../test/access-helpers';
import { adminGet, createTestApp, type TestApp } from '../../test/test-app';
import { STEP_UP_MESSAGES } from '../auth/step-up';
import { createCoins } from '../coins/coins.module';
import { createFileStorage } from '../files/file-storage';
import { createPayoutRail } from '../payouts/payout-rail';
import { createJobRunner } from './job-runner';
import { createJobHandlers, JOB_CATALOGUE } from './jobs.catalogue';
import { JOB_MESSAGES } from './jobs.service';

let t: TestApp;
let admin = '';
let secure = '';
let support = '';
let viewer = '';

beforeAll(async () => {
  t = await createTestApp({ jwtTtlSeconds: 36_000 });
  admin = (await signInStaff(t.app, 'admin')).token;
  support = (await signInStaff(t.app, 'support')).token;
  viewer = (await signInStaff(t.app, 'viewer')).token;
  secure = await signInWithTotp(t, 'secure');
});
afterAll(() => t.close());

const get = async (token: string, call: string, query: Record<string, string> = {}) => {
  const response = await adminGet(t.app, token, call, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const schedule = (over: object = {}) => ({
  Key: 'files.purge',
  Cron: '0 * * * *',
  Timezone: 'Europe/Amsterdam',
  Concurrency: 'forbid',
  TimeoutS: 600,
  StartingDeadlineS: 300,
  ...over,
});

describe('Platform Scheduling calls', () => {
  it('lists the catalogue’s jobs with their schedule in words and their next run', async () => {
    const page = ADMIN_CALLS.ListJobs.data.parse(await get(admin, 'ListJobs'));
    expect(page.records.map((j) => j.Key).sort()).toEqual(JOB_CATALOGUE.map((d) => d.key).sort());
    const payouts = page.records.find((j) => j.Key === 'payouts.batch');
    expect(payouts).toMatchObject({
      Cron: '*/15 * * * *',
      ScheduleText: 'Every 15 minutes',
      Timezone: 'Europe/Amsterdam',
      Enabled: true,
      MovesMoney: true,
      Concurrency: 'forbid',
      LastRun: null,
    });
    expect(Date.parse(payouts?.NextRunAt ?? '')).toBeGreaterThan(t.clock.now().getTime());
    const found = ADMIN_CALLS.ListJobs.data.parse(await get(admin, 'ListJobs', { keyword: 'purge' }));
    expect(found.records.map((j) => j.Key)).toEqual(['files.purge']);
  });

  it('refuses staff without admin-commander every call (403)', async () => {
    for (const token of [support, viewer]) {
      expect((await adminGet(t.app, token, 'ListJobs')).statusCode).toBe(403);
      expect((await adminGet(t.app, token, 'ListJobRuns', { Key: 'files.purge' })).statusCode).toBe(403);
      expect((await adminGet(t.app, token, 'JobRunLog', { ID: '1' })).statusCode).toBe(403);
      for (const [call, payload] of [
        ['RunJobNow', { Key: 'files.purge' }],
        ['SetJobEnabled', { Key: 'files.purge', Enabled: false }],
        ['SaveJobSchedule', schedule()],
        ['MarkJobRunFailed', { ID: 1 }],
      ] as const)
        expect((await adminPost(t.app, token, call, payload)).statusCode, call).toBe(403);
    }
  });

  it('runs a job now: one run in its history, with its log; a second Run now meanwhile is refused', async () => {
    const queued = await adminPost(t.app, admin, 'RunJobNow', { Key: 'live-events.prune' });
    expect(queued.statusCode, queued.body).toBe(200);
    expect(queued.json().data).toMatchObject({ Status: 'queued', Trigger: 'manual', TriggeredBy: 'admin' });
    const again = await adminPost(t.app, admin, 'RunJobNow', { Key: 'live-events.prune' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'A run of this job is already in progress (started just now UTC by manual). Its concurrency policy is Forbid.',
    );
    // The real handler (the live journal's prune), claimed by a runner as the server process runs it.
    const runner = createJobRunner({
      db: t.database.db,
      now: t.clock.now,
      instance: 'test',
      log: { warn: () => undefined },
      handlers: createJobHandlers({
        config: t.config,
        db: t.database.db,
        now: t.clock.now,
        coins: createCoins(t.config, t.database.db, t.clock.now),
        payoutRail: createPayoutRail(t.config.payouts.railMode),
        marketing: t.app.marketing,
        fileStorage: createFileStorage(t.config.files),
        databaseKind: t.database.kind,
        mailer: { send: async (mail) => void t.outbox.push(mail) },
      }),
    });
    await runner.tick();
    await runner.idle();
    await runner.tick();
    await runner.idle();
    const runs = ADMIN_CALLS.ListJobRuns.data.parse(
      await get(admin, 'ListJobRuns', { Key: 'live-events.prune' }),
    );
    const manual = runs.records.filter((r) => r.Trigger === 'manual');
    expect(manual).toHaveLength(1);
    expect(manual[0]).toMatchObject({ Status: 'succeeded', TriggeredBy: 'admin', Stuck: false, Error: null });
    const log = ADMIN_CALLS.JobRunLog.data.parse(
      await get(admin, 'JobRunLog', { ID: String(manual[0]?.ID) }),
    );
    expect(log.Log).toContain('live events older than a day removed');
    const listed = ADMIN_CALLS.ListJobs.data.parse(await get(admin, 'ListJobs', { keyword: 'live-events' }));
    expect(listed.records[0]).toMatchObject({ Succeeded7d: 1, Finished7d: 1 });
    expect(listed.records[0]?.LastRun).toMatchObject({ Status: 'succeeded', Trigger: 'manual' });
  });

  it('refuses a bad schedule with the brief’s texts, and saves a good one (audited)', async () => {
    const cases: [object, string][] = [
      [{ Cron: '* * *' }, 'Not a valid schedule: expected 5 or 6 fields'],
      [{ Cron: '61 * * * *' }, 'Not a valid schedule: Invalid value for minute: 61'],
      [{ Cron: '*/10 * * * * *' }, 'Runs more often than once a minute are not allowed'],
      [{ Timezone: 'Mars/Olympus' }, 'Not a valid time zone: Mars/Olympus'],
      [{ Cron: '' }, 'A schedule is required'],
      [{ Concurrency: 'sometimes' }, 'The concurrency policy must be one of forbid, replace, allow'],
      [{ TimeoutS: 0 }, 'The timeout must be at least 1 second'],
      [{ Key: 'no.such.job' }, 'No job with key no.such.job'],
    ];
    for (const [over, message] of cases) {
      const response = await adminPost(t.app, admin, 'SaveJobSchedule', schedule(over));
      expect(response.statusCode, JSON.stringify(over)).toBe(message.startsWith('No job') ? 404 : 400);
      expect(response.json().message).toBe(message);
    }
    const saved = await adminPost(t.app, admin, 'SaveJobSchedule', schedule({ Cron: '15 3 * * *' }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ Cron: '15 3 * * *', ScheduleText: 'Daily at 03:15' });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'job.edit'), eq(auditLog.entityId, 'files.purge')));
    expect(entry?.before).toEqual({ Cron: '0 * * * *' });
    expect(entry?.after).toEqual({ Cron: '15 3 * * *' });
  });

  it('pausing a job that moves money needs a reason and the step-up; resuming does not', async () => {
    const pause = (over: object) =>
      adminPost(t.app, secure, 'SetJobEnabled', { Key: 'payouts.batch', Enabled: false, ...over });
    const noReason = await pause({});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(JOB_MESSAGES.reasonNeeded);
    const noCode = await pause({ Reason: 'Rail maintenance' });
    expect(noCode.json().message).toBe(JOB_MESSAGES.codeNeeded);
    const wrong = await pause({ Reason: 'Rail maintenance', Code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(STEP_UP_MESSAGES.wrongCode);
    // admin has no authenticator: refused (403) whatever the code.
    const noTotp = await adminPost(t.app, admin, 'SetJobEnabled', {
      Key: 'payouts.batch',
      Enabled: false,
      Reason: 'Rail maintenance',
      Code: '123456',
    });
    expect(noTotp.statusCode).toBe(403);
    expect(noTotp.json().message).toBe(JOB_MESSAGES.noTotp);

    const paused = await pause({ Reason: 'Rail maintenance', Code: await nextTotpCode(t) });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().data).toMatchObject({
      Enabled: false,
      PausedReason: 'Rail maintenance',
      NextRunAt: null,
    });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'job.pause'), eq(auditLog.entityId, 'payouts.batch')));
    expect(entry?.after).toEqual({ Enabled: false, Reason: 'Rail maintenance' });
    expect((await pause({ Reason: 'again', Code: await nextTotpCode(t) })).json().message).toBe(
      JOB_MESSAGES.alreadyPaused,
    );

    const resumed = await adminPost(t.app, admin, 'SetJobEnabled', { Key: 'payouts.batch', Enabled: true });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().data).toMatchObject({ Enabled: true, PausedReason: null });
    // A job that moves no money pauses without either.
    const plain = await adminPost(t.app, admin, 'SetJobEnabled', {
      Key: 'coins.health.probe',
      Enabled: false,
    });
    expect(plain.statusCode, plain.body).toBe(200);
  });

  it('shows a run with no heartbeat for more than twice the timeout as stuck, and marks it failed', async () => {
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.key, 'stats.altcoin.daily'));
    const timeoutMs = (job?.timeoutS ?? 0) * 1000;
    const started = t.clock.now();
    const [run] = await t.database.db
      .insert(jobRuns)
      .values({
        jobKey: 'stats.altcoin.daily',
        trigger: 'schedule',
        scheduledFor: started,
        startedAt: started,
        heartbeatAt: started,
        status: 'running',
      })
      .returning({ id: jobRuns.id });
    const id = run?.id ?? 0;
    const early = await adminPost(t.app, admin, 'MarkJobRunFailed', { ID: id });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(JOB_MESSAGES.notStuck);

    t.clock.advance(2 * timeoutMs + 60_000);
    const listed = ADMIN_CALLS.ListJobs.data.parse(await get(admin, 'ListJobs', { keyword: 'altcoin' }));
    expect(listed.records[0]?.LastRun).toMatchObject({ ID: id, Status: 'running', Stuck: true });
    const marked = await adminPost(t.app, admin, 'MarkJobRunFailed', { ID: id });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data).toMatchObject({
      Status: 'failed',
      Stuck: false,
      Error: `Marked failed by admin: stuck, no heartbeat for ${Math.round((2 * timeoutMs + 60_000) / 60_000)} min`,
    });
    expect((await adminPost(t.app, admin, 'MarkJobRunFailed', { ID: 999_999 })).statusCode).toBe(404);
  });

  it('refuses bad ids and keys with their messages', async () => {
    const badLog = await adminGet(t.app, admin, 'JobRunLog', { ID: 'abc' });
    expect(badLog.statusCode).toBe(400);
    const noJob = await adminGet(t.app, admin, 'ListJobRuns', { Key: 'nope' });
    expect(noJob.statusCode).toBe(404);
    expect(noJob.json().message).toBe('No job with key nope');
    const badStatus = await adminGet(t.app, admin, 'ListJobRuns', { Key: 'files.purge', status: 'done' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().message).toBe(
      'The status must be one of queued, running, succeeded, failed, timed_out, cancelled, skipped',
    );
  });
});
