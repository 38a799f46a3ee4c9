import { JOB_LOG_MAX_BYTES } from '@bo/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { jobRuns, jobs } from '../../db/schema';
import { createClock } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { cappedLog, createJobRunner, syncJobCatalogue } from './job-runner';
import type { JobHandlers } from './jobs.catalogue';

let database: Database;
// 2026-06-01 10:00:30 UTC (12:00:30 in Amsterdam): half a minute before the next every-minute slot.
const clock = createClock(new Date('2026-06-01T10:00:30Z'));
const quiet = { warn: () => undefined };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const KEY = 'test.job';
beforeEach(async () => {
  clock.set(new Date('2026-06-01T10:00:30Z'));
  await database.db.delete(jobs);
  await syncJobCatalogue(
    database.db,
    [{ key: KEY, title: 'Test job', cron: '* * * * *', movesMoney: false, timeoutS: 60 }],
    clock.now(),
  );
});

const runs = () => database.db.select().from(jobRuns).where(eq(jobRuns.jobKey, KEY)).orderBy(asc(jobRuns.id));
const setJob = (values: Partial<typeof jobs.$inferInsert>) =>
  database.db.update(jobs).set(values).where(eq(jobs.key, KEY));
const runnerWith = (handlers: JobHandlers, heartbeatMs = 1_000) =>
  createJobRunner({ db: database.db, now: clock.now, instance: 'test-1', handlers, log: quiet, heartbeatMs });

describe('the job runner (fake clock)', () => {
  it('runs a slot once when it is due, however often it ticks, and logs what the handler said', async () => {
    let calls = 0;
    const runner = runnerWith({
      [KEY]: async (ctx) => {
        calls += 1;
        ctx.log('did the thing');
        return { items: 3 };
      },
    });
    await runner.tick();
    expect(await runs()).toEqual([]); // 10:00:30: the 10:01 slot is not due yet
    clock.set(new Date('2026-06-01T10:01:00Z'));
    await runner.tick();
    await runner.tick();
    await runner.idle();
    clock.advance(20_000);
    await runner.tick();
    await runner.idle();
    const done = await runs();
    expect(calls).toBe(1);
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({
      trigger: 'schedule',
      status: 'succeeded',
      itemsProcessed: 3,
      scheduledFor: new Date('2026-06-01T10:01:00Z'),
      claimedBy: 'test-1',
    });
    expect(done[0]?.log).toContain('did the thing');
    const [job] = await database.db.select().from(jobs).where(eq(jobs.key, KEY));
    expect(job?.nextRunAt).toEqual(new Date('2026-06-01T10:02:00Z'));
  });

  it('skips a slot whose starting deadline passed (missed), and runs the next one', async () => {
    await setJob({ startingDeadlineS: 30 });
    const runner = runnerWith({ [KEY]: async () => ({}) });
    clock.set(new Date('2026-06-01T10:01:45Z'));
    await runner.tick();
    await runner.idle();
    expect((await runs()).map((r) => [r.status, r.error])).toEqual([
      ['skipped', 'Missed: the starting deadline passed'],
    ]);
  });

  it('records a failure with its error, and queues a retry when attempts are left', async () => {
    await setJob({ maxAttempts: 2, retryBackoffS: 60 });
    const runner = runnerWith({
      [KEY]: async () => {
        throw new Error('node unreachable');
      },
    });
    clock.set(new Date('2026-06-01T10:01:00Z'));
    await runner.tick();
    await runner.idle();
    const [failed, retry] = await runs();
    expect(failed).toMatchObject({ status: 'failed', error: 'node unreachable', attempt: 1 });
    expect(failed?.log).toContain('node unreachable');
    expect(retry).toMatchObject({
      status: 'queued',
      trigger: 'retry',
      attempt: 2,
      scheduledFor: new Date('2026-06-01T10:02:00Z'),
    });
  });

  it('under Forbid skips a due run while another runs, with the brief’s message', async () => {
    let release: () => void = () => undefined;
    const runner = runnerWith({ [KEY]: () => new Promise((resolve) => (release = () => resolve({}))) });
    clock.set(new Date('2026-06-01T10:01:00Z'));
    await runner.tick();
    clock.set(new Date('2026-06-01T10:02:00Z'));
    await runner.tick();
    release();
    await runner.idle();
    const [first, second] = await runs();
    expect(first?.status).toBe('succeeded');
    expect(second).toMatchObject({
      status: 'skipped',
      error:
        'A run of this job is already in progress (started 10:01 UTC by schedule). Its concurrency policy is Forbid.',
    });
  });

  it('under Replace cancels the running run, whose handler is aborted at its next heartbeat', async () => {
    await setJob({ concurrency: 'replace' });
    let aborted = 0;
    const runner = runnerWith(
      {
        [KEY]: (ctx) =>
          new Promise((resolve) => {
            const t = setTimeout(() => resolve({}), 300);
            ctx.signal.addEventListener('abort', () => {
              aborted += 1;
              clearTimeout(t);
              resolve({});
            });
          }),
      },
      20,
    );
    clock.set(new Date('2026-06-01T10:01:00Z'));
    await runner.tick();
    clock.set(new Date('2026-06-01T10:02:00Z'));
    await runner.tick();
    await runner.idle();
    const [first, second] = await runs();
    expect(first).toMatchObject({ status: 'cancelled', error: `Replaced by run ${second?.id}` });
    expect(second?.status).toBe('succeeded');
    expect(aborted).toBe(1);
  });

  it('times a run out after the job’s timeout and aborts its handler', async () => {
    await setJob({ timeoutS: 1 });
    let sawAbort = false;
    const runner = runnerWith({
      [KEY]: (ctx) =>
        new Promise(() => {
          ctx.signal.addEventListener('abort', () => {
            sawAbort = true;
          });
        }),
    });
    clock.set(new Date('2026-06-01T10:01:00Z'));
    await runner.tick();
    await runner.idle();
    expect((await runs())[0]).toMatchObject({ status: 'timed_out', error: 'Timed out after 1 s' });
    expect(sawAbort).toBe(true);
  });

  it('fails a run whose job has no handler on this instance, saying so', async () => {
    const runner = runnerWith({});
    clock.set(new Date('2026-06-01T10:01:00Z'));
    await runner.tick();
    await runner.idle();
    expect((await runs())[0]).toMatchObject({
      status: 'failed',
      error: 'No handler "test.job" on this server instance',
    });
  });

  it('does not enqueue a paused job', async () => {
    await setJob({ enabled: false });
    const runner = runnerWith({ [KEY]: async () => ({}) });
    clock.set(new Date('2026-06-01T10:05:00Z'));
    await runner.tick();
    expect(await runs()).toEqual([]);
  });
});

describe('the run log', () => {
  it('keeps at most 64 kB and says where it was cut', () => {
    const log = cappedLog();
    for (let i = 0; i < 5_000; i++) log.add(`line ${i} ${'é'.repeat(20)}`);
    expect(Buffer.byteLength(log.text())).toBeLessThanOrEqual(JOB_LOG_MAX_BYTES);
    expect(log.text()).toContain('line 0 ');
    expect(log.text().endsWith('… log cut at 64 kB\n')).toBe(true);
  });
});
