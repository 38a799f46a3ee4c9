import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { inspect } from 'node:util';
import {
  decimalToUnits,
  ETH_DECIMALS,
  type IntegrationMode,
  type ServiceStatusKey,
  type SidebarLinks,
} from '@bo/contract';
import type { Env } from './env';

/**
 * A secret held in the config: only `reveal()` gives its value; printed, inspected or serialised (a logged
 * config or error) it is '[redacted]'.
 */
export interface Secret {
  reveal(): string;
}

export function secretOf(value: string): Secret {
  return {
    reveal: () => value,
    toString: () => '[redacted]',
    toJSON: () => '[redacted]',
    [inspect.custom]: () => '[redacted]',
  } as Secret;
}

/** An S3-compatible file store (ADR 0024): S3_ENDPOINT with its bucket and keys. */
export interface S3StoreConfig {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: Secret;
  /** `endpoint/bucket/key` addresses (MinIO and most self-hosted stores) rather than `bucket.endpoint/key`. */
  forcePathStyle: boolean;
}

/** Settings after defaults that depend on each other are resolved. */
export interface AppConfig {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  demoMode: boolean;
  demo: { seed: number; days: number; txPerDay: number; password: string; totpSecret: string };
  simulator: { enabled: boolean; intervalMs: number };
  productName: string;
  appSecret: string;
  session: { maxAgeMs: number; idleMs: number; cookieSecure: boolean };
  jwtTtlSeconds: number;
  totpMandatory: boolean;
  allowedOrigins: string[];
  loginLimits: { maxAccountFailures: number; maxAddressFailures: number; lockMs: number };
  botCheck: { cost: number; maxCounter: number };
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  publicUrl: string;
  logLevel: Env['LOG_LEVEL'];
  webDistDir: string;
  sidebarLinks: SidebarLinks;
  /** The checkout's invoice address template ({ref}, {security}), or null. */
  invoiceUrlTemplate: string | null;
  /** The platform feed's bearer token; undefined turns the feed off. */
  ingestToken: string | undefined;
  /** The read replica the Sync Status reports on, when it is not DATABASE_URL itself (ADR 0006). */
  readReplicaUrl: string | undefined;
  /** Upstream health addresses of the four status endpoints; a missing one answers NOT CONFIGURED. */
  serviceStatus: { timeoutMs: number; upstreams: Partial<Record<ServiceStatusKey, string>> };
  /** The XRP and Ether pools (ADR 0019): which chain implementation, their limits and wallets. */
  pools: {
    xrpMode: IntegrationMode;
    evmMode: IntegrationMode;
    maxGasPriceWei: bigint;
    keeperThresholdWei: bigint;
    wallets: { xrpHotWallet: string; ethHotWallet: string; ethGasKeeper: string };
  };
  /** Coin Health's probe and AltCoin Stats' daily job (ADR 0017). */
  coins: {
    nodesMode: IntegrationMode;
    probeIntervalMs: number;
    retentionDays: number;
    statsRefreshMs: number;
  };
  /** Payouts (ADR 0016): the four-eyes amount, the rail's implementation and how often its runner steps. */
  payouts: { fourEyesEur: string; railMode: IntegrationMode; runnerIntervalMs: number };
  /**
   * The config screens' integrations (ADR 0028): INTEGRATIONS_MODE, and `<SERVICE>_MODE` per service
   * (e.g. `opennode` ← OPENNODE_MODE); read with integrationModeOf.
   */
  integrations: { mode: IntegrationMode; overrides: Partial<Record<string, IntegrationMode>> };
  /** Uploaded files (ADR 0024): the Files screens' limit, the local directory, or an S3-compatible store. */
  files: {
    maxBytes: number;
    dir: string;
    s3: S3StoreConfig | undefined;
    /** Bytes of files deleted more than this many days ago are purged (FILES_PURGE_AFTER_DAYS). */
    purgeAfterDays: number;
  };
  /** FIU goAML reports (ADR 0022): the XSD file (undefined: the built-in subset) and the entity's defaults. */
  goaml: {
    xsdPath: string | undefined;
    rentityId: string;
    rentityName: string;
    rentityBranch: string;
    country: string;
    currencyCodeLocal: string;
  };
  /** The campaign send's runner (ADR 0023): how often it steps and how many emails a second at most. */
  marketing: { runnerIntervalMs: number; sendPerSecond: number };
  /** The config engine's master key (ADR 0025); undefined: DATA_DIR/keys/config.key in demo mode, else none. */
  configMasterKey: Secret | undefined;
}

export function toConfig(env: Env): AppConfig {
  const demoMode = env.DEMO_MODE ?? !env.DATABASE_URL;
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    demoMode,
    demo: {
      seed: env.DEMO_SEED,
      days: env.DEMO_DAYS,
      txPerDay: env.DEMO_TX_PER_DAY,
      password: env.DEMO_PASSWORD,
      totpSecret: env.DEMO_TOTP_SECRET,
    },
    simulator: { enabled: env.SIMULATOR ?? demoMode, intervalMs: env.SIMULATOR_INTERVAL_MS },
    productName: env.PRODUCT_NAME,
    // A per-start secret is safe (sessions live in the database); only short-lived JWTs are lost on restart.
    appSecret: env.APP_SECRET ?? randomBytes(32).toString('hex'),
    session: {
      maxAgeMs: env.SESSION_DAYS * 86_400_000,
      idleMs: env.SESSION_IDLE_MINUTES * 60_000,
      // Browsers drop Secure cookies over plain http, so it follows the scheme staff reach us by.
      cookieSecure: env.COOKIE_SECURE ?? publicUrl.startsWith('https://'),
    },
    jwtTtlSeconds: env.JWT_TTL_SECONDS,
    totpMandatory: env.TOTP_MANDATORY,
    allowedOrigins: env.ALLOWED_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    loginLimits: {
      maxAccountFailures: env.LOGIN_MAX_FAILURES_ACCOUNT,
      maxAddressFailures: env.LOGIN_MAX_FAILURES_ADDRESS,
      lockMs: env.LOGIN_LOCK_MINUTES * 60_000,
    },
    botCheck: { cost: env.BOT_CHECK_COST, maxCounter: env.BOT_CHECK_MAX_COUNTER },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      outboxDir: path.resolve(env.MAIL_OUTBOX_DIR ?? path.join(dataDir, 'outbox')),
    },
    publicUrl,
    ingestToken: env.INGEST_TOKEN,
    invoiceUrlTemplate: env.INVOICE_URL_TEMPLATE ?? null,
    logLevel: env.LOG_LEVEL,
    sidebarLinks: { tools: env.TOOLS_LINKS, 'tomcat-servers': env.TOMCAT_SERVER_LINKS },
    readReplicaUrl: env.READ_REPLICA_URL,
    serviceStatus: {
      timeoutMs: env.STATUS_TIMEOUT_MS,
      upstreams: {
        artemis: env.STATUS_URL_ARTEMIS,
        kc: env.STATUS_URL_KC,
        'kc-sockets': env.STATUS_URL_KC_SOCKETS,
        'kc-broker': env.STATUS_URL_KC_BROKER,
      },
    },
    pools: {
      xrpMode: env.XRPL_MODE ?? env.INTEGRATIONS_MODE,
      evmMode: env.EVM_MODE ?? env.INTEGRATIONS_MODE,
      maxGasPriceWei: BigInt(Math.round(env.ETH_MAX_GAS_GWEI * 1e9)),
      keeperThresholdWei: decimalToUnits(env.ETH_GAS_KEEPER_MIN_ETH, ETH_DECIMALS),
      wallets: {
        xrpHotWallet: env.POOL_XRP_HOT_WALLET,
        ethHotWallet: env.POOL_ETH_HOT_WALLET.toLowerCase(),
        ethGasKeeper: env.POOL_ETH_GAS_KEEPER.toLowerCase(),
      },
    },
    coins: {
      nodesMode: env.NODES_MODE ?? env.INTEGRATIONS_MODE,
      probeIntervalMs: env.COIN_HEALTH_PROBE_MS,
      retentionDays: env.COIN_HEALTH_RETENTION_DAYS,
      statsRefreshMs: env.COIN_STATS_REFRESH_MS,
    },
    integrations: {
      mode: env.INTEGRATIONS_MODE,
      overrides: {
        opennode: env.OPENNODE_MODE,
        'internal-exchange': env.INTERNAL_EXCHANGE_MODE,
        kucoin: env.KUCOIN_MODE,
        'kucoin-broker': env.KUCOIN_BROKER_MODE,
        airwallex: env.AIRWALLEX_MODE,
        coinpress: env.COINPRESS_MODE,
      },
    },
    payouts: {
      fourEyesEur: env.PAYOUT_FOUR_EYES_EUR,
      railMode: env.PAYOUT_RAIL_MODE ?? env.INTEGRATIONS_MODE,
      runnerIntervalMs: env.PAYOUT_RUNNER_INTERVAL_MS,
    },
    files: {
      maxBytes: env.FILES_MAX_BYTES,
      dir: path.resolve(env.FILES_DIR ?? path.join(dataDir, 'files')),
      // readEnv has checked that an endpoint comes with its bucket and keys.
      s3:
        env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
          ? {
              endpoint: env.S3_ENDPOINT,
              bucket: env.S3_BUCKET,
              region: env.S3_REGION,
              accessKeyId: env.S3_ACCESS_KEY_ID,
              secretAccessKey: secretOf(env.S3_SECRET_ACCESS_KEY),
              forcePathStyle: env.S3_FORCE_PATH_STYLE,
            }
          : undefined,
      purgeAfterDays: env.FILES_PURGE_AFTER_DAYS,
    },
    goaml: {
      xsdPath: env.GOAML_XSD_PATH ? path.resolve(env.GOAML_XSD_PATH) : undefined,
      rentityId: env.GOAML_RENTITY_ID,
      rentityName: env.GOAML_RENTITY_NAME ?? env.PRODUCT_NAME,
      rentityBranch: env.GOAML_RENTITY_BRANCH,
      country: env.GOAML_COUNTRY,
      currencyCodeLocal: env.GOAML_CURRENCY_CODE_LOCAL,
    },
    marketing: {
      runnerIntervalMs: env.MARKETING_RUNNER_INTERVAL_MS,
      sendPerSecond: env.MARKETING_SEND_PER_SECOND,
    },
    configMasterKey: env.CONFIG_MASTER_KEY ? secretOf(env.CONFIG_MASTER_KEY) : undefined,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? new URL('../../../web/dist', import.meta.url).pathname),
  };
}

/** An integration's mode: its `<SERVICE>_MODE` when set, else INTEGRATIONS_MODE (brief §0). */
export const integrationModeOf = (
  integrations: AppConfig['integrations'],
  service: string,
): IntegrationMode => integrations.overrides[service] ?? integrations.mode;
