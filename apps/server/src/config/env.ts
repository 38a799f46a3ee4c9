import { z } from 'zod';
import { SANDBOX_POOL_WALLETS } from './pool-wallets';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every setting of the server, with its default; README's configuration table mirrors this. */
/** `Label=https://url;Label 2=https://url2` → links; only http(s) addresses are accepted. */
const links = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const out: { label: string; url: string }[] = [];
    for (const part of value
      .split(';')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const at = part.indexOf('=');
      const label = part.slice(0, at).trim();
      const url = part.slice(at + 1).trim();
      if (at <= 0 || !label || !/^https?:\/\/[^\s]+$/.test(url)) {
        ctx.addIssue({ code: 'custom', message: `expected Label=https://address, got "${part}"` });
        return z.NEVER;
      }
      out.push({ label, url });
    }
    return out;
  });

/** An http(s) address, or unset; an empty value counts as unset so a blank line in a .env file is harmless. */
const optionalHttpUrl = z
  .union([z.literal(''), z.url({ protocol: /^https?$/, message: 'expected an http(s) address' })])
  .optional()
  .transform((v) => (v === '' ? undefined : v));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Where the embedded database (PGlite) keeps its files when DATABASE_URL is not set. */
  DATA_DIR: z.string().default('./data'),
  /** A real PostgreSQL server; when set, the embedded database is not used and demo mode is off by default. */
  DATABASE_URL: z.string().url().optional(),
  /** Demo mode seeds demo data and staff accounts; default: on without DATABASE_URL, off with it. */
  DEMO_MODE: bool.optional(),
  DEMO_SEED: z.coerce.number().int().default(20260101),
  /** How many days of transactions the demo seed creates, and how many per day. */
  DEMO_DAYS: z.coerce.number().int().min(1).max(3650).default(120),
  DEMO_TX_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(150),
  DEMO_PASSWORD: z.string().min(8).default('demo-password-2026'),
  /** Base32 TOTP secret of the demo account `secure`. */
  DEMO_TOTP_SECRET: z.string().default('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'),
  SIMULATOR: bool.optional(),
  SIMULATOR_INTERVAL_MS: z.coerce.number().int().min(100).default(4000),
  PRODUCT_NAME: z.string().min(1).default('Ledgerline'),
  /** Secret for signing admin JWTs and bot-check challenges; generated per start when unset (tokens then die on restart). */
  APP_SECRET: z.string().min(32).optional(),
  SESSION_DAYS: z.coerce.number().min(0.001).default(7),
  SESSION_IDLE_MINUTES: z.coerce.number().min(1).default(60),
  JWT_TTL_SECONDS: z.coerce.number().int().min(30).default(600),
  TOTP_MANDATORY: bool.default(false),
  /** Whether cookies carry the Secure flag; on by default in production behind HTTPS. */
  COOKIE_SECURE: bool.optional(),
  /** Origins allowed to send state-changing requests, besides the server's own. Comma-separated. */
  ALLOWED_ORIGINS: z.string().default(''),
  LOGIN_MAX_FAILURES_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_ADDRESS: z.coerce.number().int().min(1).default(20),
  LOGIN_LOCK_MINUTES: z.coerce.number().min(0.1).default(15),
  /** Proof-of-work cost of the bot check (PBKDF2 iterations per attempt); small keeps login quick. */
  BOT_CHECK_COST: z.coerce.number().int().min(1).default(5000),
  BOT_CHECK_MAX_COUNTER: z.coerce.number().int().min(10).default(400),
  /** SMTP server for password-reset mail; without it mail is written to MAIL_OUTBOX_DIR as .eml files. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Back-office <no-reply@backoffice.local>'),
  MAIL_OUTBOX_DIR: z.string().optional(),
  /** Public base URL used in e-mailed links; defaults to http://HOST:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  /** External links of the sidebar's Tools and Tomcat Servers groups (SPEC §2.4), shown to admin-commander. */
  TOOLS_LINKS: links,
  TOMCAT_SERVER_LINKS: links,
  /**
   * A PostgreSQL read replica whose lag the dashboard's Sync Status reports (ADR 0006). Unset: the server
   * reports on DATABASE_URL itself (a standby, or a primary's attached standbys, or no replica at all).
   */
  READ_REPLICA_URL: z.string().url().optional(),
  /**
   * Health addresses of the services behind the dashboard's status buttons (SPEC §7.2); each must answer
   * exactly OK when healthy. Unset: the button says NOT CONFIGURED, never a made-up OK.
   */
  STATUS_URL_ARTEMIS: optionalHttpUrl,
  STATUS_URL_KC: optionalHttpUrl,
  STATUS_URL_KC_SOCKETS: optionalHttpUrl,
  STATUS_URL_KC_BROKER: optionalHttpUrl,
  /** How long a status check waits for a service before answering TIMEOUT. */
  STATUS_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
  /** Tests only: a PostgreSQL server on which each test file creates (and drops) its own database. */
  /** The merchant checkout's invoice address, with {ref} and {security}; unset hides 'copy invoice link'. */
  INVOICE_URL_TEMPLATE: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'INVOICE_URL_TEMPLATE must be an http(s) address')
    .optional(),
  /** Bearer token of the platform feed (POST /api/ingest/…); the feed is off when unset. */
  INGEST_TOKEN: z.string().min(32, 'INGEST_TOKEN must be at least 32 characters').optional(),
  TEST_DATABASE_URL: z.string().url().optional(),
  /**
   * Whether external services are the local sandboxes (`fake`, default) or the real ones: a deployment
   * setting, so demo data can never reach a real service. XRPL_MODE and EVM_MODE override it per chain.
   */
  INTEGRATIONS_MODE: z.enum(['fake', 'real']).default('fake'),
  /**
   * The key config secrets are encrypted under (ADR 0025): 32 bytes as 64 hex digits or base64. Unset in
   * demo mode: one is generated into DATA_DIR/keys/config.key; unset otherwise: storing a secret is refused.
   */
  CONFIG_MASTER_KEY: z
    .string()
    .refine(
      (v) => /^[0-9a-fA-F]{64}$/.test(v.trim()) || Buffer.from(v.trim(), 'base64').length === 32,
      'CONFIG_MASTER_KEY must be 32 bytes, as 64 hex digits or as base64',
    )
    .optional(),
  XRPL_MODE: z.enum(['fake', 'real']).optional(),
  /**
   * Per-integration overrides of INTEGRATIONS_MODE for the config screens' services (ADR 0028): each is the
   * service's name in capitals with `_MODE`; `fake` mounts its in-process fake under /fake/<service>.
   */
  OPENNODE_MODE: z.enum(['fake', 'real']).optional(),
  INTERNAL_EXCHANGE_MODE: z.enum(['fake', 'real']).optional(),
  KUCOIN_MODE: z.enum(['fake', 'real']).optional(),
  KUCOIN_BROKER_MODE: z.enum(['fake', 'real']).optional(),
  AIRWALLEX_MODE: z.enum(['fake', 'real']).optional(),
  COINPRESS_MODE: z.enum(['fake', 'real']).optional(),
  EVM_MODE: z.enum(['fake', 'real']).optional(),
  /** Sweeps of the Ether pool wait while the gas price is above this (gwei). */
  ETH_MAX_GAS_GWEI: z.coerce.number().positive().max(100_000).default(60),
  /** The gas keeper is shown low below this much ETH. */
  ETH_GAS_KEEPER_MIN_ETH: z
    .string()
    .regex(/^\d+(\.\d{1,18})?$/, 'ETH_GAS_KEEPER_MIN_ETH must be an amount of ETH, e.g. 0.25')
    .default('0.25'),
  /** The pools' wallets: where sweeps go, and where gas top-ups come from. */
  POOL_XRP_HOT_WALLET: z
    .string()
    .regex(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/)
    .default(SANDBOX_POOL_WALLETS.xrpHotWallet),
  POOL_ETH_HOT_WALLET: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .default(SANDBOX_POOL_WALLETS.ethHotWallet),
  POOL_ETH_GAS_KEEPER: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .default(SANDBOX_POOL_WALLETS.ethGasKeeper),
  /** The coins' nodes Coin Health probes (ADR 0017): the sandbox (`fake`) unless set; `real` is refused. */
  NODES_MODE: z.enum(['fake', 'real']).optional(),
  /** How often the probe reads every coin's node and hot wallet (a sample per coin each time). */
  COIN_HEALTH_PROBE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /** How many days of probe samples are kept. */
  COIN_HEALTH_RETENTION_DAYS: z.coerce.number().int().min(1).max(366).default(30),
  /** How often AltCoin Stats' live row of today is recomputed (the closed days once, after midnight). */
  COIN_STATS_REFRESH_MS: z.coerce.number().int().min(1000).max(3_600_000).default(300_000),
  /** Payouts worth more than this many EUR wait for a second staff member's approval (four-eyes, ADR 0016). */
  PAYOUT_FOUR_EYES_EUR: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'PAYOUT_FOUR_EYES_EUR must be an amount in EUR, e.g. 1000')
    .default('1000'),
  /** The payout rail (bank, PayPal, chains) behind sending; overrides INTEGRATIONS_MODE for it. */
  PAYOUT_RAIL_MODE: z.enum(['fake', 'real']).optional(),
  /** How often approved payouts are sent and sent ones checked (ms); 0 stops the runner. */
  PAYOUT_RUNNER_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(2000),
  /** The largest file the Files screens accept (bytes); the editor's images stay at 5 MB (ADR 0024). */
  FILES_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  /** Where uploaded files are kept; DATA_DIR/files by default. */
  FILES_DIR: z.string().optional(),
  /**
   * An S3-compatible store for the files instead of FILES_DIR (ADR 0024): set S3_ENDPOINT (AWS, MinIO, R2,
   * Ceph…) with the bucket and the keys; any one of them missing stops the server, naming it.
   */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, message: 'S3_ENDPOINT must be an http(s) address' }).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  /** The signing region; stores that ignore regions (MinIO) take the default. */
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name: MinIO and most self-hosted stores. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Bytes of files deleted more than this many days ago are removed from the store, and their rows with them. */
  FILES_PURGE_AFTER_DAYS: z.coerce.number().int().min(1).max(36_500).default(30),
  /**
   * The FIU's goAML XSD (ADR 0022). Unset: the built-in structural subset, which must be replaced by the FIU's
   * own file before filing. Read once at start; a missing or unreadable file stops the server.
   */
  GOAML_XSD_PATH: z.string().optional(),
  /** The reporting entity's defaults on a new goAML report: the FIU's id for us, our name, branch, country. */
  GOAML_RENTITY_ID: z.string().max(40).default(''),
  GOAML_RENTITY_NAME: z.string().max(255).optional(),
  GOAML_RENTITY_BRANCH: z.string().max(255).default(''),
  GOAML_COUNTRY: z.string().max(20).default(''),
  /** goAML's currency_code_local: the currency of every amount_local (transactions' EUR values). */
  GOAML_CURRENCY_CODE_LOCAL: z
    .string()
    .regex(/^[A-Z]{3}$/, 'GOAML_CURRENCY_CODE_LOCAL must be an ISO 4217 code, e.g. EUR')
    .default('EUR'),
  /** How often the campaign send's runner sends queued recipients (ms); 0 stops the runner (ADR 0023). */
  MARKETING_RUNNER_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(1000),
  /** The campaign send's rate limit: emails per second, whatever SMTP or the outbox could take. */
  MARKETING_SEND_PER_SECOND: z.coerce.number().int().min(1).max(1000).default(10),
});

/** The S3 settings an S3_ENDPOINT needs; without them the store could not be used, so the start stops. */
const S3_NEEDS = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

const checkedEnvSchema = envSchema.superRefine((env, ctx) => {
  if (env.S3_ENDPOINT) {
    for (const name of S3_NEEDS)
      if (!env[name])
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `${name} is required when S3_ENDPOINT is set`,
        });
    return;
  }
  // Bucket or keys without the endpoint: someone meant S3, and files would quietly go to local disk instead.
  const given = S3_NEEDS.find((name) => env[name]);
  if (given)
    ctx.addIssue({
      code: 'custom',
      path: ['S3_ENDPOINT'],
      message: `S3_ENDPOINT is required when ${given} is set (unset ${given} to keep files under FILES_DIR)`,
    });
});

export type Env = z.infer<typeof checkedEnvSchema>;

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = checkedEnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return parsed.data;
}
