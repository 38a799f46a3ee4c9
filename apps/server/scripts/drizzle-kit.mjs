// npm keeps drizzle-orm inside apps/server/node_modules while drizzle-kit is hoisted to the root, where it
// cannot import drizzle-orm; link it beside drizzle-kit for the run, then remove the link.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');
const link = path.join(root, 'node_modules', 'drizzle-orm');
const made = !existsSync(link);
if (made) symlinkSync(path.join(root, 'apps/server/node_modules/drizzle-orm'), link, 'dir');
try {
  const result = spawnSync('npx', ['drizzle-kit', ...process.argv.slice(2)], {
    stdio: 'inherit',
    cwd: path.resolve(import.meta.dirname, '..'),
  });
  process.exitCode = result.status ?? 1;
} finally {
  if (made) rmSync(link);
}
