import { ADMIN_CONFIG_DEFAULTS, type AdminConfig, adminConfigSchema } from '@bo/contract';
import type { DbOrTx } from '../../db/database';
import { latestInStatus } from './config.repository';

/**
 * What the running platform reads from Admin Config (ADR 0025): the active version's values, else the
 * defaults it ran on before any version. Each read asks the database which version is active (one indexed
 * row), so an approval on one instance reaches every instance at its next read; the parsed values are kept
 * per version, so a read costs no validation.
 */
export function createConfigReader(db: DbOrTx) {
  let cached: { version: number; values: AdminConfig } | null = null;
  return {
    async admin(): Promise<AdminConfig> {
      const active = await latestInStatus(db, 'admin', 'active');
      if (!active) return ADMIN_CONFIG_DEFAULTS;
      if (cached?.version !== active.version) {
        // A stored version passed this schema when it was saved; defaults fill fields added since.
        const parsed = adminConfigSchema.safeParse({
          ...ADMIN_CONFIG_DEFAULTS,
          ...(active.values as Record<string, unknown>),
        });
        cached = {
          version: active.version,
          values: parsed.success ? (parsed.data as AdminConfig) : ADMIN_CONFIG_DEFAULTS,
        };
      }
      return cached.values;
    },
  };
}

export type ConfigReader = ReturnType<typeof createConfigReader>;
