// Unit, component and API tests: all projects on the embedded database, then — when TEST_DATABASE_URL
// names a PostgreSQL server — the server's database tests once more against it.
import { spawnSync } from 'node:child_process';

const run = (args, env) =>
  spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit', env }).status ?? 1;

const { TEST_DATABASE_URL, ...embedded } = process.env;
let status = run([], embedded);
if (status === 0 && TEST_DATABASE_URL) {
  console.log('\nServer tests again on PostgreSQL (TEST_DATABASE_URL)\n');
  status = run(['--project', 'server'], process.env);
}
process.exit(status);
