import { z } from 'zod';
import { CONFIG_NAMESPACE_KEYS, CONFIG_STATUSES } from '../../config/namespaces';
import { adminCalls, get, post } from '../define';

const namespace = z.enum(
  CONFIG_NAMESPACE_KEYS,
  `The config must be one of ${CONFIG_NAMESPACE_KEYS.join(', ')}`,
);
const versionNumber = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a version number` })
    .int(`${label} must be a version number`)
    .min(0, `${label} must be a version number`)
    .max(1_000_000, `${label} must be a version number`);
const comment = z.string().trim().max(500, 'The comment must be at most 500 characters').optional();

/**
 * The step-up of a config write: the current authenticator code when the account has TOTP, its password
 * otherwise (brief §0). Which one the caller needs is in GetConfig's StepUpWith.
 */
const stepUpShape = {
  Code: z.string().trim().max(10, 'Type the 6-digit code of your authenticator app').optional(),
  Password: z.string().max(200, 'That password is not right').optional(),
};

/** A secret as a config answers it: never the value, only what identifies it. */
export const configSecretViewSchema = z.object({
  Last4: z.string(),
  Fingerprint: z.string(),
  SetBy: z.string(),
  SetAt: z.string(),
});
export type ConfigSecretView = z.infer<typeof configSecretViewSchema>;

export const configVersionSchema = z.object({
  Version: z.number().int(),
  Status: z.enum(CONFIG_STATUSES),
  /** The namespace's values without secrets. */
  Values: z.record(z.string(), z.unknown()),
  Secrets: z.record(z.string(), configSecretViewSchema.nullable()),
  Author: z.string(),
  Comment: z.string().nullable(),
  Approver: z.string().nullable(),
  DecisionNote: z.string().nullable(),
  CreatedAt: z.string(),
  SubmittedAt: z.string().nullable(),
  DecidedAt: z.string().nullable(),
  ActivatedAt: z.string().nullable(),
});
export type ConfigVersion = z.infer<typeof configVersionSchema>;

/** The mode badge of an integration's config (brief §0): FAKE grey, SANDBOX yellow, LIVE red. */
export const CONFIG_BADGES = ['FAKE', 'SANDBOX', 'LIVE'] as const;

/** One "Test connection" of a version: its one-line result (never a secret), latency and when. */
export const configTestRunSchema = z.object({
  Version: z.number().int(),
  Ok: z.boolean(),
  Message: z.string(),
  LatencyMs: z.number().int(),
  By: z.string(),
  At: z.string(),
});
export type ConfigTestRun = z.infer<typeof configTestRunSchema>;

export const configStateSchema = z.object({
  Namespace: z.enum(CONFIG_NAMESPACE_KEYS),
  Title: z.string(),
  /** The newest version number (0 before the first save): what a write's ExpectedVersion names. */
  Head: z.number().int(),
  /** What the platform runs on: the active version, or null while it runs on the built-in defaults. */
  Active: configVersionSchema.nullable(),
  /** The version awaiting a second administrator, if any. */
  Pending: configVersionSchema.nullable(),
  /** The newest draft not yet submitted, if any. */
  Draft: configVersionSchema.nullable(),
  Defaults: z.record(z.string(), z.unknown()),
  /** How the caller confirms a write: their authenticator code, or their password when they have none. */
  StepUpWith: z.enum(['totp', 'password']),
  /** The deployment's mode for an integration namespace; null for one without a connection (admin). */
  Badge: z.enum(CONFIG_BADGES).nullable(),
  /** The latest Test connection of the version the screen shows (draft, else pending, else active). */
  LastTest: configTestRunSchema.nullable(),
  /** Values the server derives and staff cannot edit, e.g. OpenNode's callbackUrl. */
  Derived: z.record(z.string(), z.string()),
});
export type ConfigState = z.infer<typeof configStateSchema>;

export const configChangeSchema = z.object({
  /** Dotted path, e.g. `confirmations.1.minConfirmations`. */
  Path: z.string(),
  Kind: z.enum(['CREATE', 'REMOVE', 'CHANGE']),
  /** Old and new values as JSON text; a secret reads "changed" and is never shown. */
  Old: z.string().nullable(),
  New: z.string().nullable(),
});
export type ConfigChange = z.infer<typeof configChangeSchema>;

export const configHistoryRowSchema = configVersionSchema.extend({
  /** What changed from the version before it (v1: from the built-in defaults). */
  Changes: z.array(configChangeSchema),
});
export type ConfigHistoryRow = z.infer<typeof configHistoryRowSchema>;

export const saveConfigDraftParamsSchema = z.object({
  Namespace: namespace,
  ExpectedVersion: versionNumber('ExpectedVersion'),
  /** Every non-secret field of the namespace; checked with the namespace's schema. */
  Values: z.record(z.string(), z.unknown(), { error: 'Values must be the config fields' }),
  /** Secret field → new value (Replace) or null (Clear); a secret not named is kept. */
  Secrets: z
    .record(z.string(), z.string().min(1, 'Type the new secret or clear it').max(4096).nullable())
    .optional(),
  Comment: comment,
  ...stepUpShape,
});

/**
 * The config engine (ADR 0025): one versioned, schema-checked settings record per namespace, admin-commander.
 * Writes need a step-up; activation needs a second administrator; secrets are write-only.
 */
export const CONFIG_CALLS = adminCalls({
  /** A namespace's active, pending and draft versions, secrets masked; how the caller confirms writes. */
  GetConfig: get('admin-commander', z.object({ Namespace: namespace }), configStateSchema),
  /**
   * Saves the values as a new draft version (an older unsubmitted draft is superseded). Refused (409) when
   * the config's newest version is no longer ExpectedVersion; needs the step-up.
   */
  SaveConfigDraft: post('admin-commander', saveConfigDraftParamsSchema, configStateSchema),
  /** Puts a draft up for approval by another administrator. */
  SubmitConfig: post(
    'admin-commander',
    z.object({ Namespace: namespace, Version: versionNumber('Version'), Comment: comment }),
    configStateSchema,
  ),
  /** Activates a version awaiting approval (the active one is superseded); not by its author; step-up. */
  ApproveConfig: post(
    'admin-commander',
    z.object({ Namespace: namespace, Version: versionNumber('Version'), ...stepUpShape }),
    configStateSchema,
  ),
  /** Sends a version awaiting approval back, with why. */
  RejectConfig: post(
    'admin-commander',
    z.object({
      Namespace: namespace,
      Version: versionNumber('Version'),
      Reason: z
        .string({ error: 'Say why the change is rejected' })
        .trim()
        .min(3, 'Say why the change is rejected (at least 3 characters)')
        .max(500, 'The reason must be at most 500 characters'),
    }),
    configStateSchema,
  ),
  /**
   * Runs the integration's connection test on a version (default: the newest draft) with its values and
   * secrets, through the same client code as real calls; stores and audits the run. An integration's
   * version is activated only after a green test of it at most 15 minutes old.
   */
  TestConfig: post(
    'admin-commander',
    z.object({ Namespace: namespace, Version: versionNumber('Version').optional() }),
    configTestRunSchema,
  ),
  /** Every version of a namespace, newest first, each with what changed from the one before. */
  ConfigHistory: get(
    'admin-commander',
    z.object({ Namespace: namespace }),
    z.object({ records: z.array(configHistoryRowSchema) }),
  ),
  /**
   * Copies version N (values and secret references) into a new version awaiting approval: a roll back is a
   * change like any other. Refused (409) when the newest version is no longer ExpectedVersion; step-up.
   */
  RestoreConfig: post(
    'admin-commander',
    z.object({
      Namespace: namespace,
      Version: versionNumber('Version'),
      ExpectedVersion: versionNumber('ExpectedVersion'),
      ...stepUpShape,
    }),
    configStateSchema,
  ),
});
