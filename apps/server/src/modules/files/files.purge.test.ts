import { existsSync, mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN_CALLS } from '@bo/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, storedFiles } from '../../db/schema';
import { signInStaff } from '../../test/access-helpers';
import { multipart, SAMPLE_FILES } from '../../test/multipart';
import { createTestApp, csrf, type TestApp } from '../../test/test-app';
import { createLocalFileStorage } from './file-storage';
import { startFilesPurge } from './files.jobs';
import { createFilesService } from './files.service';

const DAY_MS = 86_400_000;
let t: TestApp;
let dir = '';
let marketing = { token: '', cookie: '' };

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'bo-files-purge-'));
  t = await createTestApp({
    jwtTtlSeconds: 3600,
    files: { maxBytes: 64 * 1024, dir, s3: undefined, purgeAfterDays: 30 },
  });
  marketing = await signInStaff(t.app, 'marketing');
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A file uploaded through UploadFile and, when `deletedDaysAgo` is given, deleted through DeleteFile that long ago. */
async function fileOf(name: string, deletedDaysAgo?: number) {
  const body = multipart([
    { name: 'file', filename: name, contentType: 'image/png', bytes: SAMPLE_FILES.png },
  ]);
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/admin?Call=UploadFile&Store=market',
    headers: { ...csrf, authorization: `Bearer ${marketing.token}`, ...body.headers },
    payload: body.payload,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const row = ADMIN_CALLS.UploadFile.data.parse(uploaded.json().data);
  if (deletedDaysAgo !== undefined) {
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/admin?Call=DeleteFile',
      headers: { ...csrf, authorization: `Bearer ${marketing.token}` },
      payload: { Store: 'market', ID: row.ID },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await t.database.db
      .update(storedFiles)
      .set({ deletedAt: new Date(Date.now() - deletedDaysAgo * DAY_MS) })
      .where(eq(storedFiles.id, row.ID));
  }
  return { id: row.ID, file: path.join(dir, 'market', `${row.ID}.png`) };
}
const rowOf = async (id: string) =>
  (await t.database.db.select().from(storedFiles).where(eq(storedFiles.id, id)))[0];
const auditOf = (id: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'file'), eq(auditLog.entityId, id)));
const service = () =>
  createFilesService({
    db: t.database.db,
    now: () => new Date(),
    storage: createLocalFileStorage(dir),
    maxBytes: 64 * 1024,
  });

describe('purge of deleted files', () => {
  it('removes the bytes and row of a file deleted over FILES_PURGE_AFTER_DAYS ago, audited with its details', async () => {
    const old = await fileOf('old.png', 31);
    const recent = await fileOf('recent.png', 29);
    const live = await fileOf('live.png');
    expect(existsSync(old.file)).toBe(true);

    const run = await service().purgeDeleted(30, 100);
    expect(run).toEqual({ purged: 1, more: false });
    expect(existsSync(old.file)).toBe(false);
    expect(await rowOf(old.id)).toBeUndefined();
    const audit = await auditOf(old.id);
    expect(audit.map((a) => a.action).sort()).toEqual(['delete', 'purge', 'upload']);
    const purge = audit.find((a) => a.action === 'purge');
    expect(purge).toMatchObject({ actorUsername: 'files-purge', actorStaffId: null });
    expect(purge?.before).toMatchObject({
      store: 'market',
      name: 'old.png',
      type: 'image/png',
      deletedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    // Deleted too recently, or not deleted: bytes and row stay.
    for (const kept of [recent, live]) {
      expect(existsSync(kept.file)).toBe(true);
      expect(await rowOf(kept.id)).toBeDefined();
    }
    // Live files still serve; the purged one is as unknown as any other id.
    const liveRow = await rowOf(live.id);
    expect((await t.app.inject({ method: 'GET', url: `/media/market/${liveRow?.id}.png` })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'GET', url: `/media/market/${old.id}.png` })).statusCode).toBe(404);
  });

  it('finishes a purge whose bytes were already removed, and a second run purges and audits nothing more', async () => {
    const interrupted = await fileOf('interrupted.png', 40);
    // As if a run had removed the bytes and stopped before the row.
    unlinkSync(interrupted.file);
    expect((await service().purgeDeleted(30, 100)).purged).toBe(1);
    expect(await rowOf(interrupted.id)).toBeUndefined();
    expect((await service().purgeDeleted(30, 100)).purged).toBe(0);
    expect((await auditOf(interrupted.id)).filter((a) => a.action === 'purge')).toHaveLength(1);
  });

  it('the job purges a backlog in batches at start and stops cleanly', async () => {
    const backlog = await Promise.all(['a.png', 'b.png', 'c.png'].map((name) => fileOf(name, 45)));
    const logged: unknown[] = [];
    const purge = startFilesPurge(
      t.config,
      t.database.db,
      createLocalFileStorage(dir),
      {
        info: (obj) => logged.push(obj),
        error: (obj) => logged.push(obj),
      },
      { batch: 2 },
    );
    await vi.waitFor(() => expect(logged).toHaveLength(1), { timeout: 20_000 });
    await purge.stop();
    for (const file of backlog) {
      expect(existsSync(file.file)).toBe(false);
      expect(await rowOf(file.id)).toBeUndefined();
    }
    expect(logged).toEqual([{ job: 'files.purge', purged: 3 }]);
  });
});
