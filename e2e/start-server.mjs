// Starts the production server for the journeys on a data folder emptied first, so no run depends on
// what an earlier one left.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

rmSync(process.env.DATA_DIR, { recursive: true, force: true });
const root = path.resolve(import.meta.dirname, '..');
const child = spawn('npx', ['tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
