import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN_CALLS, FILE_MESSAGES, IMAGE_FILE_MESSAGE, MAIN_CALLS } from '@bo/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toConfig } from '../../config/config';
import { readEnv } from '../../config/env';
import { auditLog, storedFiles } from '../../db/schema';
import { signInStaff } from '../../test/access-helpers';
import { type MultipartPart, multipart, pngOfSize, SAMPLE_FILES } from '../../test/multipart';
import { adminGet, createTestApp, csrf, type TestApp } from '../../test/test-app';

const MAX_BYTES = 64 * 1024;
let t: TestApp;
let dir = '';
let marketing = { token: '', cookie: '' };
let support = { token: '', cookie: '' };

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'bo-files-'));
  t = await createTestApp({
    jwtTtlSeconds: 3600,
    files: { maxBytes: MAX_BYTES, dir, s3: undefined, purgeAfterDays: 30 },
  });
  marketing = await signInStaff(t.app, 'marketing');
  support = await signInStaff(t.app, 'support');
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const upload = (
  store: string,
  parts: MultipartPart[],
  options: { token?: string; headers?: Record<string, string> } = {},
) => {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin?${new URLSearchParams({ Call: 'UploadFile', Store: store })}`,
    headers: {
      ...csrf,
      authorization: `Bearer ${options.token ?? marketing.token}`,
      ...body.headers,
      ...options.headers,
    },
    payload: body.payload,
  });
};
const file = (filename: string, bytes: Buffer, contentType = 'image/png'): MultipartPart => ({
  name: 'file',
  filename,
  contentType,
  bytes,
});
const uploaded = async (store: string, filename: string, bytes: Buffer, contentType?: string) => {
  const response = await upload(store, [file(filename, bytes, contentType)]);
  expect(response.statusCode, response.body).toBe(200);
  return ADMIN_CALLS.UploadFile.data.parse(response.json().data);
};
const list = async (query: Record<string, string>) => {
  const response = await adminGet(t.app, marketing.token, 'ListFiles', query);
  expect(response.statusCode, response.body).toBe(200);
  return ADMIN_CALLS.ListFiles.data.parse(response.json().data);
};
const remove = (params: object, token = marketing.token) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin?Call=DeleteFile',
    headers: { ...csrf, authorization: `Bearer ${token}` },
    payload: params,
  });
const rowCount = async () => (await t.database.db.select().from(storedFiles)).length;
/** Every file under the store's root, relative to it. */
const filesOnDisk = (): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));

describe('UploadFile', () => {
  it('keeps a PNG under a random id with its sniffed type, its hash and who uploaded it, audited', async () => {
    const row = await uploaded('market', 'Summer banner.png', SAMPLE_FILES.png);
    expect(row).toMatchObject({
      Store: 'market',
      Name: 'Summer banner.png',
      Type: 'image/png',
      Ext: 'png',
      Size: SAMPLE_FILES.png.length,
      Sha256: createHash('sha256').update(SAMPLE_FILES.png).digest('hex'),
      UploadedBy: 'marketing',
      Url: `/media/market/${row.ID}.png`,
    });
    expect(row.ID).toMatch(/^[0-9a-f]{32}$/);
    expect(readFileSync(path.join(dir, 'market', `${row.ID}.png`))).toEqual(SAMPLE_FILES.png);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'file'), eq(auditLog.entityId, row.ID)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'upload', actorUsername: 'marketing' });
    expect(audit[0]?.after).toMatchObject({ store: 'market', name: 'Summer banner.png', type: 'image/png' });
  });

  it('takes a PDF, and a JPEG declared as something else, by their content', async () => {
    expect((await uploaded('pos', 'price list.pdf', SAMPLE_FILES.pdf, 'application/pdf')).Type).toBe(
      'application/pdf',
    );
    const jpeg = await uploaded('pos', 'photo.bin', SAMPLE_FILES.jpg, 'application/octet-stream');
    expect(jpeg).toMatchObject({ Type: 'image/jpeg', Ext: 'jpg', Name: 'photo.bin' });
  });

  it('refuses HTML named .png and declared image/png, and SVG, keeping nothing', async () => {
    const rows = await rowCount();
    const disk = filesOnDisk().length;
    for (const [name, bytes] of [
      ['innocent.png', SAMPLE_FILES.html],
      ['logo.svg', SAMPLE_FILES.svg],
    ] as const) {
      const response = await upload('market', [file(name, bytes, 'image/png')]);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(FILE_MESSAGES.type);
    }
    expect(await rowCount()).toBe(rows);
    expect(filesOnDisk()).toHaveLength(disk);
  });

  it('refuses a file over FILES_MAX_BYTES with the limit in the message, keeping nothing', async () => {
    const rows = await rowCount();
    const response = await upload('market', [file('huge.png', pngOfSize(MAX_BYTES + 1))]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The file must be at most 64 KB');
    expect(await rowCount()).toBe(rows);
    // Exactly the limit is still fine.
    expect((await uploaded('market', 'edge.png', pngOfSize(MAX_BYTES))).Size).toBe(MAX_BYTES);
  });

  it('never lets a name with ../ or a path choose where the bytes go; the name is kept for display only', async () => {
    const before = new Set(filesOnDisk());
    const row = await uploaded('market', '../../../etc/passwd.png', SAMPLE_FILES.png);
    expect(row.Name).toBe('passwd.png');
    const windows = await uploaded('market', '..\\..\\boot.ini\u0000.png', SAMPLE_FILES.png);
    expect(windows.Name).toBe('boot.ini.png');
    const added = filesOnDisk().filter((f) => !before.has(f));
    expect(added.sort()).toEqual([`market/${row.ID}.png`, `market/${windows.ID}.png`].sort());
    expect(existsSync(path.join(dir, '..', 'etc'))).toBe(false);
  });

  it('refuses a missing file, an empty file, a second file and a JSON body with a clear message', async () => {
    const cases = [
      await upload('market', [{ name: 'note', value: 'no file here' }]),
      await upload('market', [file('empty.png', Buffer.alloc(0))]),
      await upload('market', [{ name: 'other', filename: 'x.png', bytes: SAMPLE_FILES.png }]),
      await t.app.inject({
        method: 'POST',
        url: '/api/admin?Call=UploadFile&Store=market',
        headers: { ...csrf, authorization: `Bearer ${marketing.token}` },
        payload: { Store: 'market' },
      }),
    ];
    for (const response of cases) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe(FILE_MESSAGES.missing);
    }
    const two = await upload('market', [file('a.png', SAMPLE_FILES.png), file('b.png', SAMPLE_FILES.png)]);
    expect(two.statusCode).toBe(400);
  });

  it('refuses a store that is not market or pos (the editor store is POSBLOB only)', async () => {
    for (const store of ['editor', '../market', '']) {
      const response = await upload(store, [file('a.png', SAMPLE_FILES.png)]);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('The store must be one of market, pos');
    }
  });

  it('is refused without marketing-commander, without a token and without the CSRF header', async () => {
    const rows = await rowCount();
    expect(
      (await upload('market', [file('a.png', SAMPLE_FILES.png)], { token: support.token })).statusCode,
    ).toBe(403);
    expect((await upload('market', [file('a.png', SAMPLE_FILES.png)], { token: 'nope' })).statusCode).toBe(
      401,
    );
    const body = multipart([file('a.png', SAMPLE_FILES.png)]);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/admin?Call=UploadFile&Store=market',
      headers: { authorization: `Bearer ${marketing.token}`, ...body.headers },
      payload: body.payload,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(await rowCount()).toBe(rows);
  });
});

describe('multipart on other calls', () => {
  it('is refused (415) for every admin call not defined as an upload, so none runs on its query instead', async () => {
    const body = multipart([file('a.png', SAMPLE_FILES.png)]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin?Call=DeleteFile&Store=market&ID=${'a'.repeat(32)}`,
      headers: { ...csrf, authorization: `Bearer ${marketing.token}`, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('DeleteFile does not take multipart/form-data');
  });
});

describe('GET /media/<store>/<id>.<ext>', () => {
  it('serves an image without a session, with its sniffed type, inline, nosniff and a sandboxing CSP', async () => {
    const row = await uploaded('market', 'pixel.png', SAMPLE_FILES.png);
    const response = await t.app.inject({ method: 'GET', url: row.Url });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(SAMPLE_FILES.png);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBe(`inline; filename="${row.ID}.png"`);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('sandbox');
  });

  it('serves anything else as a download under its display name', async () => {
    const row = await uploaded('pos', 'Tarife 2026.pdf', SAMPLE_FILES.pdf, 'application/pdf');
    const response = await t.app.inject({ method: 'GET', url: row.Url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Tarife 2026.pdf"/);
  });

  it('answers 404 for an unknown id, a wrong extension or store, and an address that is not an id', async () => {
    const row = await uploaded('market', 'a.png', SAMPLE_FILES.png);
    for (const url of [
      `/media/market/${'0'.repeat(32)}.png`,
      `/media/market/${row.ID}.jpg`,
      `/media/pos/${row.ID}.png`,
      `/media/market/${row.ID}`,
      '/media/market/..%2f..%2fetc%2fpasswd',
      `/media/secret/${row.ID}.png`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe('ListFiles', () => {
  it('lists one store’s live files, filtered by name and kind, sorted and paged, with the upload limit', async () => {
    const a = await uploaded('pos', 'zebra-list.pdf', SAMPLE_FILES.pdf, 'application/pdf');
    const b = await uploaded('pos', 'apple-list.gif', SAMPLE_FILES.gif, 'image/gif');
    const named = await list({ Store: 'pos', keyword: '-LIST', sort: 'Name', order: 'asc' });
    expect(named.records.map((r) => r.ID)).toEqual([b.ID, a.ID]);
    expect(named.meta).toMatchObject({ total: 2, maxBytes: MAX_BYTES });
    expect((await list({ Store: 'pos', keyword: '-list', kind: 'pdf' })).records.map((r) => r.ID)).toEqual([
      a.ID,
    ]);
    expect((await list({ Store: 'pos', keyword: '-list', kind: 'image' })).records.map((r) => r.ID)).toEqual([
      b.ID,
    ]);
    // A keyword's % and _ are text, not patterns.
    expect((await list({ Store: 'pos', keyword: '%' })).meta.total).toBe(0);
    const paged = await list({ Store: 'pos', limit: '1', page: '2', sort: 'UploadedOn', order: 'desc' });
    expect(paged.records).toHaveLength(1);
    expect(paged.meta).toMatchObject({ page: 2, limit: 1, offset: 1 });
    // The market store does not see the POS store's files.
    expect((await list({ Store: 'market', keyword: '-list' })).meta.total).toBe(0);
  });

  it('refuses bad params by name and callers without marketing-commander', async () => {
    for (const [query, message] of [
      [{ Store: 'nope' }, 'The store must be one of market, pos'],
      [{}, 'The store must be one of market, pos'],
      [{ Store: 'market', kind: 'exe' }, 'The type must be one of image, pdf'],
      [{ Store: 'market', sort: 'Sha256' }, 'Sort by one of UploadedOn, Name, Size, Type'],
      [{ Store: 'market', keyword: 'x'.repeat(101) }, 'The keyword must be at most 100 characters'],
    ] as const) {
      const response = await adminGet(t.app, marketing.token, 'ListFiles', query);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await adminGet(t.app, support.token, 'ListFiles', { Store: 'market' })).statusCode).toBe(403);
  });
});

describe('DeleteFile', () => {
  it('soft-deletes a file: audited, gone from the list and its address, a second delete is 404', async () => {
    const row = await uploaded('market', 'old-banner.webp', pngOfSize(100));
    const response = await remove({ Store: 'market', ID: row.ID });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.ID).toBe(row.ID);
    expect((await t.app.inject({ method: 'GET', url: row.Url })).statusCode).toBe(404);
    expect((await list({ Store: 'market', keyword: 'old-banner' })).meta.total).toBe(0);
    const [kept] = await t.database.db.select().from(storedFiles).where(eq(storedFiles.id, row.ID));
    expect(kept?.deletedAt).not.toBeNull();
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'file'), eq(auditLog.entityId, row.ID), eq(auditLog.action, 'delete')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.before).toMatchObject({ name: 'old-banner.webp' });
    const again = await remove({ Store: 'market', ID: row.ID });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(FILE_MESSAGES.notFound);
  });

  it('refuses a file of another store, a bad id, and callers without marketing-commander', async () => {
    const row = await uploaded('market', 'keep.png', SAMPLE_FILES.png);
    expect((await remove({ Store: 'pos', ID: row.ID })).statusCode).toBe(404);
    const bad = await remove({ Store: 'market', ID: '../../x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The file id must be 32 hexadecimal digits');
    expect((await remove({ Store: 'market', ID: row.ID }, support.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: row.Url })).statusCode).toBe(200);
  });
});

describe('POSBLOB (POST /api/main/MarketAPI?POSBLOB)', () => {
  const posblob = (parts: MultipartPart[], cookie = marketing.cookie, query = 'POSBLOB') => {
    const body = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: `/api/main/MarketAPI?${query}`,
      headers: { ...csrf, cookie, ...body.headers },
      payload: body.payload,
    });
  };
  const image = (bytes: Buffer, filename = 'pic.png'): MultipartPart => ({
    name: 'file123',
    filename,
    contentType: 'image/png',
    bytes,
  });
  const price: MultipartPart = { name: 'Price', value: '1' };

  it('stores the editor’s image and answers its public address, which serves it', async () => {
    for (const query of ['POSBLOB', 'Call=POSBLOB']) {
      const response = await posblob([price, image(SAMPLE_FILES.png)], marketing.cookie, query);
      expect(response.statusCode, response.body).toBe(200);
      const envelope = response.json();
      expect(envelope).toMatchObject({ status_code: 200, message: 'success' });
      const url = MAIN_CALLS.MarketImageUpload.data.parse(envelope.data);
      expect(url).toMatch(/^\/media\/editor\/[0-9a-f]{32}\.png$/);
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload).toEqual(SAMPLE_FILES.png);
    }
    // The Price field may come after the file, as some browsers order them.
    expect((await posblob([image(SAMPLE_FILES.gif, 'a.gif'), price])).statusCode).toBe(200);
  });

  it('refuses a PDF, HTML named .png, SVG, a missing file, a wrong Price and an image over 5 MB with SPEC’s message', async () => {
    const rows = await rowCount();
    const cases: MultipartPart[][] = [
      [price, image(SAMPLE_FILES.pdf, 'doc.pdf')],
      [price, image(SAMPLE_FILES.html, 'innocent.png')],
      [price, image(SAMPLE_FILES.svg, 'logo.svg')],
      [price],
      [{ name: 'Price', value: '2' }, image(SAMPLE_FILES.png)],
      [image(SAMPLE_FILES.png)],
      [price, image(pngOfSize(5 * 1024 * 1024 + 1))],
    ];
    for (const parts of cases) {
      const response = await posblob(parts);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ status_code: 400, message: IMAGE_FILE_MESSAGE });
    }
    expect(await rowCount()).toBe(rows);
  });

  it('needs a session with marketing-commander and the CSRF header', async () => {
    expect((await posblob([price, image(SAMPLE_FILES.png)], support.cookie)).statusCode).toBe(403);
    expect((await posblob([price, image(SAMPLE_FILES.png)], '')).statusCode).toBe(401);
    const body = multipart([price, image(SAMPLE_FILES.png)]);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/main/MarketAPI?POSBLOB',
      headers: { cookie: marketing.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe('file store configuration', () => {
  it('keeps files under DATA_DIR/files unless told otherwise, and purges deleted ones after 30 days', () => {
    const local = toConfig(readEnv({ DATA_DIR: '/srv/bo', APP_SECRET: 'x'.repeat(40) }));
    expect(local.files).toEqual({
      maxBytes: 10 * 1024 * 1024,
      dir: '/srv/bo/files',
      s3: undefined,
      purgeAfterDays: 30,
    });
  });

  it('refuses to start with S3_ENDPOINT but no bucket or credentials, instead of writing to local disk', () => {
    expect(() =>
      readEnv({
        DATA_DIR: '/tmp/unused',
        APP_SECRET: 'x'.repeat(40),
        S3_ENDPOINT: 'https://s3.example.test',
      }),
    ).toThrow(/S3_BUCKET: S3_BUCKET is required when S3_ENDPOINT is set/);
  });
});
