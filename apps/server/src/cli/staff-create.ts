import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { toConfig } from '../config/config';
import { readEnv } from '../config/env';
import { openDatabase } from '../db/database';
import { roleIdByName } from '../modules/roles/roles.repository';
import { findStaffByLogin } from '../modules/staff/staff.repository';
import { BUILT_IN_ROLES, createStaff, ensureRolesAndPermissions } from '../modules/staff/staff.service';

// Makes a staff account (by default the first administrator) in the configured database.
// Usage: npm run staff:create -- --username alice --email alice@example.com [--name "Alice A"] [--role Administrator]
// The password is read from STAFF_PASSWORD or asked for on the terminal; it is never printed.
const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', default: 'Administrator' },
  },
});

const input = z
  .object({
    username: z
      .string()
      .trim()
      .min(2)
      .max(64)
      .regex(/^[a-z0-9._-]+$/i, 'letters, digits, . _ - only'),
    email: z.string().trim().email(),
    name: z.string().trim().min(1).optional(),
    role: z.enum(BUILT_IN_ROLES.map((r) => r.name) as [string, ...string[]]),
  })
  .parse(values);

const password = process.env.STAFF_PASSWORD ?? (await ask('Password (at least 12 characters): '));
if (password.length < 12) {
  console.error('The password needs at least 12 characters.');
  process.exit(1);
}

const config = toConfig(readEnv());
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await ensureRolesAndPermissions(database.db);
  if (await findStaffByLogin(database.db, input.username)) {
    console.error(`A staff account named ${input.username} already exists.`);
    process.exitCode = 1;
  } else {
    const roleId = await roleIdByName(database.db, input.role);
    if (roleId === undefined) throw new Error(`Role ${input.role} is missing`);
    const account = await createStaff(database.db, {
      username: input.username,
      email: input.email,
      displayName: input.name ?? input.username,
      password,
      roleId,
    });
    console.log(`Created ${account.username} (${input.role}) in the ${database.kind} database.`);
  }
} finally {
  await database.close();
}

async function ask(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  try {
    return (await rl.question(question)).trim();
  } finally {
    rl.close();
  }
}
