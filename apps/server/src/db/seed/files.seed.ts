import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { FileStore } from '@bo/contract';
import { eq, sql } from 'drizzle-orm';
import { type FileStorage, sha256Of } from '../../modules/files/file-storage';
import type { Db } from '../database';
import { auditLog, staff, storedFiles } from '../schema';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer): number => {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer): Buffer => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
};

/**
 * A banner-like PNG made here (a diagonal blend of two colours with stripes), so the demo's Files screens
 * show real thumbnails without shipping image files.
 */
export function demoPng(
  width: number,
  height: number,
  from: [number, number, number],
  to: [number, number, number],
) {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      const stripe = (x + y) % 48 < 6 ? 0.85 : 1;
      for (let i = 0; i < 3; i++)
        row[1 + x * 3 + i] = Math.round(((from[i] ?? 0) * (1 - t) + (to[i] ?? 0) * t) * stripe);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF with a line of text. */
export function demoPdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) body += `${String(o).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

type Demo = { store: FileStore; name: string; daysAgo: number } & (
  | { png: [number, number, [number, number, number], [number, number, number]] }
  | { pdf: string }
);

const DEMO_FILES: Demo[] = [
  {
    store: 'market',
    name: 'spring-sale-banner.png',
    daysAgo: 1,
    png: [640, 240, [34, 139, 230], [121, 80, 242]],
  },
  { store: 'market', name: 'checkout-hero.png', daysAgo: 3, png: [480, 320, [18, 184, 134], [34, 139, 230]] },
  { store: 'market', name: 'Terms of service 2026.pdf', daysAgo: 6, pdf: 'Terms of service 2026' },
  { store: 'market', name: 'bitcoin-promo.png', daysAgo: 9, png: [400, 400, [247, 147, 26], [250, 82, 82]] },
  {
    store: 'market',
    name: 'newsletter-header.png',
    daysAgo: 14,
    png: [600, 160, [64, 192, 87], [21, 170, 191]],
  },
  { store: 'pos', name: 'pos-idle-screen.png', daysAgo: 2, png: [480, 800, [25, 113, 194], [12, 166, 120]] },
  { store: 'pos', name: 'receipt-logo.png', daysAgo: 5, png: [256, 128, [73, 80, 87], [134, 142, 150]] },
  { store: 'pos', name: 'POS price list.pdf', daysAgo: 8, pdf: 'POS price list' },
];

/**
 * The demo's Market and POS files, uploaded by the marketing account, on a data folder that has none and never
 * had any (a delete in the demo is not undone at the next start).
 */
export async function seedDemoFiles(db: Db, storage: FileStorage, now: Date): Promise<number> {
  const [had] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(eq(auditLog.entity, 'file'));
  const [has] = await db.select({ n: sql<number>`count(*)::int` }).from(storedFiles);
  if ((had?.n ?? 0) > 0 || (has?.n ?? 0) > 0) return 0;
  const [uploader] = await db.select({ id: staff.id }).from(staff).where(eq(staff.username, 'marketing'));
  for (const demo of DEMO_FILES) {
    const bytes = 'png' in demo ? demoPng(...demo.png) : demoPdf(demo.pdf);
    const ext = 'png' in demo ? 'png' : 'pdf';
    const id = randomBytes(16).toString('hex');
    const mime = ext === 'png' ? 'image/png' : 'application/pdf';
    await storage.put({ store: demo.store, id, ext }, bytes, mime);
    await db.insert(storedFiles).values({
      id,
      store: demo.store,
      originalName: demo.name,
      mime,
      ext,
      size: bytes.length,
      sha256: sha256Of(bytes),
      uploadedByStaffId: uploader?.id ?? null,
      uploadedAt: new Date(now.getTime() - demo.daysAgo * 86_400_000 - 3_600_000 * (demo.name.length % 7)),
    });
  }
  return DEMO_FILES.length;
}
