import type { z } from 'zod';
import { ADMIN_CONFIG_DEFAULTS, adminConfigSchema } from './admin.schema';
import { AIRWALLEX_CONFIG_DEFAULTS, airwallexConfigSchema } from './airwallex.schema';
import { AUTOMATION_CONFIG_DEFAULTS, automationConfigSchema } from './automation.schema';
import { COINPRESS_CONFIG_DEFAULTS, coinpressConfigSchema } from './coinpress.schema';
import { KUCOIN_CONFIG_DEFAULTS, kucoinConfigSchema } from './kucoin.schema';
import { KUCOIN_BROKER_CONFIG_DEFAULTS, kucoinBrokerConfigSchema } from './kucoin-broker.schema';
import { OPENNODE_CONFIG_DEFAULTS, openNodeConfigSchema } from './opennode.schema';
import { TRADING_CONFIG_DEFAULTS, tradingConfigSchema } from './trading.schema';

/** One config namespace: its schema (with field metadata), its title and what it runs on before any version. */
export interface ConfigNamespaceDef {
  title: string;
  /** The screen's route (SPEC §2.1). */
  route: string;
  schema: z.ZodType<Record<string, unknown>>;
  defaults: Record<string, unknown>;
}

/**
 * The namespaces the config engine serves (ADR 0025). A new one is a schema file and a line here; the
 * server's calls, validation and secrets handling and the web's form follow from it.
 */
export const CONFIG_NAMESPACES = {
  admin: {
    title: 'Admin Config',
    route: 'admin-config',
    schema: adminConfigSchema,
    defaults: ADMIN_CONFIG_DEFAULTS,
  },
  kucoin: {
    title: 'KuCoin Config',
    route: 'kucoin-config',
    schema: kucoinConfigSchema,
    defaults: KUCOIN_CONFIG_DEFAULTS,
  },
  'kucoin-broker': {
    title: 'KuCoin Broker Config',
    route: 'kucoin-broker-config',
    schema: kucoinBrokerConfigSchema,
    defaults: KUCOIN_BROKER_CONFIG_DEFAULTS,
  },
  airwallex: {
    title: 'Airwallex Config',
    route: 'airwallex-config',
    schema: airwallexConfigSchema,
    defaults: AIRWALLEX_CONFIG_DEFAULTS,
  },
  coinpress: {
    title: 'CoinPress Config',
    route: 'coinpress-config',
    schema: coinpressConfigSchema,
    defaults: COINPRESS_CONFIG_DEFAULTS,
  },
  automation: {
    title: 'Automation Config',
    route: 'automation-config',
    schema: automationConfigSchema,
    defaults: AUTOMATION_CONFIG_DEFAULTS,
  },
  trading: {
    title: 'Trading Config',
    route: 'trading-config',
    schema: tradingConfigSchema,
    defaults: TRADING_CONFIG_DEFAULTS,
  },
  opennode: {
    title: 'OpenNode Config',
    route: 'open-node-config',
    schema: openNodeConfigSchema,
    defaults: OPENNODE_CONFIG_DEFAULTS,
  },
} as const satisfies Record<string, ConfigNamespaceDef>;

export type ConfigNamespace = keyof typeof CONFIG_NAMESPACES;
export const CONFIG_NAMESPACE_KEYS = Object.keys(CONFIG_NAMESPACES) as [
  ConfigNamespace,
  ...ConfigNamespace[],
];

export const CONFIG_STATUSES = ['draft', 'pending_approval', 'active', 'superseded', 'rejected'] as const;
export type ConfigStatus = (typeof CONFIG_STATUSES)[number];
export const CONFIG_STATUS_LABELS: Record<ConfigStatus, string> = {
  draft: 'Draft',
  pending_approval: 'Awaiting approval',
  active: 'Active',
  superseded: 'Superseded',
  rejected: 'Rejected',
};

export const CONFIG_MESSAGES = {
  changed: (opened: number, now: number) =>
    `This config changed since you opened it (v${opened} → v${now}). Reload to see the changes.`,
  ownApproval:
    'You wrote this version: another administrator must approve it (four-eyes). Ask a colleague to approve it.',
  noVersion: (v: number) => `No version ${v} of this config`,
  notDraft: (v: number) => `v${v} is not a draft any more: only a draft can be submitted`,
  notPending: (v: number) => `v${v} is not awaiting approval`,
  noChange: 'Nothing changed since the latest version: change a field before saving a draft',
  unknownSecret: (field: string) => `${field} is not a secret of this config`,
  noMasterKey:
    'Secrets cannot be stored: the server has no CONFIG_MASTER_KEY (32 bytes, base64 or hex). Ask the operator to set it.',
  stepUpCode: 'Type the 6-digit code of your authenticator app to confirm this change',
  stepUpPassword: 'Type your password to confirm this change',
  wrongPassword: 'That password is not right',
  testFirst: 'Run Test connection on this draft before activating it.',
  noTest: (title: string) => `${title} has no connection to test`,
  nothingToTest: 'Save a draft first: Test connection runs on a saved version',
} as const;
