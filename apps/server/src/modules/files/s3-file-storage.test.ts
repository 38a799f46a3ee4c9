import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { ADMIN_CALLS } from '@bo/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toConfig } from '../../config/config';
import { readEnv } from '../../config/env';
import { auditLog, storedFiles } from '../../db/schema';
import { signInStaff } from '../../test/access-helpers';
import { multipart, SAMPLE_FILES } from '../../test/multipart';
import { type S3Stub, startS3Stub } from '../../test/s3-stub';
import { startServerProcess } from '../../test/server-process';
import { createTestApp, csrf, type TestApp } from '../../test/test-app';
import { createFileStorage } from './file-storage';
import { createFilesService } from './files.service';
import { createS3FileStorage } from './s3-file-storage';

const BUCKET = 'bo-files';
const ACCESS_KEY_ID = 'AKIASTUBTESTKEY';
const SECRET = 'stub-secret-that-must-never-travel-or-be-logged';

let stub: S3Stub;
let t: TestApp;
let localDir = '';
let marketing = { token: '', cookie: '' };

const s3Env = (endpoint: string) => ({
  DATA_DIR: '/tmp/unused',
  APP_SECRET: 'x'.repeat(40),
  S3_ENDPOINT: endpoint,
  S3_BUCKET: BUCKET,
  S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
  S3_SECRET_ACCESS_KEY: SECRET,
  S3_FORCE_PATH_STYLE: 'true',
});

beforeAll(async () => {
  stub = await startS3Stub({ bucket: BUCKET, accessKeyId: ACCESS_KEY_ID });
  // FILES_DIR is still set, so a write that went to local disk instead of the bucket would show there.
  localDir = mkdtempSync(path.join(tmpdir(), 'bo-files-s3-'));
  const files = toConfig(readEnv({ ...s3Env(stub.endpoint), FILES_DIR: localDir })).files;
  t = await createTestApp({ jwtTtlSeconds: 3600, files });
  marketing = await signInStaff(t.app, 'marketing');
});
afterAll(async () => {
  await t.close();
  await stub.close();
  rmSync(localDir, { recursive: true, force: true });
});

const upload = async (store: string, filename: string, bytes: Buffer, contentType: string) => {
  const body = multipart([{ name: 'file', filename, contentType, bytes }]);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/admin?${new URLSearchParams({ Call: 'UploadFile', Store: store })}`,
    headers: { ...csrf, authorization: `Bearer ${marketing.token}`, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return ADMIN_CALLS.UploadFile.data.parse(response.json().data);
};
const remove = (store: string, id: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin?Call=DeleteFile',
    headers: { ...csrf, authorization: `Bearer ${marketing.token}` },
    payload: { Store: store, ID: id },
  });

describe('the S3-compatible file store', () => {
  it('keeps an upload in the bucket under <store>/<id>.<ext> with its sniffed type, nothing on local disk', async () => {
    // Declared as octet-stream: the object's type must be the sniffed one, not the uploader's.
    const row = await upload('market', 'banner.png', SAMPLE_FILES.png, 'application/octet-stream');
    const object = stub.objects.get(`market/${row.ID}.png`);
    expect(object?.bytes).toEqual(SAMPLE_FILES.png);
    expect(object?.contentType).toBe('image/png');
    expect(existsSync(path.join(localDir, 'market'))).toBe(false);
  });

  it('serves GET /media/… from the bucket with the same headers as from disk', async () => {
    const image = await upload('market', 'pixel.png', SAMPLE_FILES.png, 'image/png');
    const shown = await t.app.inject({ method: 'GET', url: image.Url });
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload).toEqual(SAMPLE_FILES.png);
    expect(shown.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(SAMPLE_FILES.png.length),
      'content-disposition': `inline; filename="${image.ID}.png"`,
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'cross-origin',
      'cache-control': 'public, max-age=3600',
    });
    expect(String(shown.headers['content-security-policy'])).toContain('sandbox');

    const pdf = await upload('pos', 'Tarife 2026.pdf', SAMPLE_FILES.pdf, 'application/pdf');
    const downloaded = await t.app.inject({ method: 'GET', url: pdf.Url });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.rawPayload).toEqual(SAMPLE_FILES.pdf);
    expect(downloaded.headers['content-type']).toBe('application/pdf');
    expect(downloaded.headers['content-disposition']).toMatch(/^attachment; filename="Tarife 2026.pdf"/);
  });

  it('answers 404 for a file whose object the bucket does not have', async () => {
    const row = await upload('market', 'lost.png', SAMPLE_FILES.png, 'image/png');
    stub.objects.delete(`market/${row.ID}.png`);
    expect((await t.app.inject({ method: 'GET', url: row.Url })).statusCode).toBe(404);
  });

  it('stops serving a deleted file, and its purge removes the object, the row, and audits it', async () => {
    const row = await upload('pos', 'hero.gif', SAMPLE_FILES.gif, 'image/gif');
    const key = `pos/${row.ID}.gif`;
    expect((await remove('pos', row.ID)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: row.Url })).statusCode).toBe(404);
    // A soft delete keeps the bytes until the purge's days are over.
    expect(stub.objects.has(key)).toBe(true);

    const files = createFilesService({
      db: t.database.db,
      now: () => new Date(t.clock.now().getTime() + 31 * 86_400_000),
      storage: createFileStorage(t.config.files),
      maxBytes: t.config.files.maxBytes,
    });
    expect((await files.purgeDeleted(30, 100)).purged).toBe(1);
    expect(stub.objects.has(key)).toBe(false);
    expect(stub.requests.some((r) => r.method === 'DELETE' && r.path === `/${BUCKET}/${key}`)).toBe(true);
    expect(await t.database.db.select().from(storedFiles).where(eq(storedFiles.id, row.ID))).toEqual([]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'file'), eq(auditLog.entityId, row.ID)));
    expect(audit.map((a) => a.action).sort()).toEqual(['delete', 'purge', 'upload']);
  });

  it('fails loudly, not as a missing file, when the bucket does not exist', async () => {
    const s3 = t.config.files.s3;
    if (!s3) throw new Error('the test app has no S3 store');
    const wrong = createS3FileStorage({ ...s3, bucket: 'no-such-bucket' });
    await expect(wrong.read({ store: 'market', id: 'a'.repeat(32), ext: 'png' })).rejects.toThrow();
    await expect(
      wrong.put({ store: 'market', id: 'a'.repeat(32), ext: 'png' }, SAMPLE_FILES.png, 'image/png'),
    ).rejects.toThrow();
  });

  it('signs every request with the access key id and never sends the secret', () => {
    expect(stub.requests.length).toBeGreaterThan(0);
    for (const request of stub.requests) {
      expect(request.headers.authorization).toContain(`Credential=${ACCESS_KEY_ID}/`);
      expect(JSON.stringify(request.headers)).not.toContain(SECRET);
    }
  });
});

describe('S3 configuration', () => {
  it('keeps the secret key out of anything printed, logged or serialised', () => {
    const config = toConfig(readEnv(s3Env('https://s3.example.test')));
    expect(config.files.s3).toMatchObject({
      endpoint: 'https://s3.example.test',
      bucket: BUCKET,
      region: 'us-east-1',
      accessKeyId: ACCESS_KEY_ID,
      forcePathStyle: true,
    });
    expect(config.files.s3?.secretAccessKey.reveal()).toBe(SECRET);
    // The whole config is not JSON (amounts are bigint); the files part is what would be logged with a store error.
    expect(JSON.stringify(config.files)).not.toContain(SECRET);
    expect(inspect(config, { depth: 10 })).not.toContain(SECRET);
    expect(String(config.files.s3?.secretAccessKey)).toBe('[redacted]');
  });

  it('refuses S3_ENDPOINT without its bucket or keys, naming what is missing', () => {
    const full = s3Env('https://s3.example.test');
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      const { [name]: _missing, ...rest } = full;
      expect(() => readEnv(rest), name).toThrow(`${name}: ${name} is required when S3_ENDPOINT is set`);
    }
  });

  it('refuses a bucket or keys without S3_ENDPOINT, rather than keeping files on local disk unasked', () => {
    const { S3_ENDPOINT: _endpoint, ...rest } = s3Env('https://s3.example.test');
    expect(() => readEnv(rest)).toThrow('S3_ENDPOINT: S3_ENDPOINT is required when S3_BUCKET is set');
  });

  it('a server given S3_ENDPOINT without a bucket or credentials refuses to start, saying why', async () => {
    const start = startServerProcess({
      DATA_DIR: path.join(localDir, 'never-used'),
      S3_ENDPOINT: stub.endpoint,
      S3_SECRET_ACCESS_KEY: SECRET,
    });
    const refused = await start.then(
      () => {
        throw new Error('the server started');
      },
      (error: Error) => error.message,
    );
    expect(refused).toContain('S3_BUCKET: S3_BUCKET is required when S3_ENDPOINT is set');
    expect(refused).toContain('S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID is required when S3_ENDPOINT is set');
    expect(refused).not.toContain(SECRET);
  }, 60_000);
});
