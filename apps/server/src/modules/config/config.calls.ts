import type { CONFIG_CALLS } from '@bo/contract';
import type { Db } from '../../db/database';
import type { AdminHandlerSlice } from '../admin/admin.calls';
import type { IntegrationRuntime } from '../integrations/integration-runtime';
import { createConfigService } from './config.service';
import type { ConfigVault } from './config-vault';

export interface ConfigDeps {
  db: Db;
  now: () => Date;
  configVault: ConfigVault;
  integrations: IntegrationRuntime;
  publicUrl: string;
}

/** The config engine's calls: each a thin step to its service; the staff context is the audited actor. */
export const configHandlers = (deps: ConfigDeps): AdminHandlerSlice<typeof CONFIG_CALLS> => {
  const configs = createConfigService({
    db: deps.db,
    now: deps.now,
    vault: deps.configVault,
    integrations: deps.integrations,
    publicUrl: deps.publicUrl,
  });
  return {
    GetConfig: (params, context) => configs.get(params, context.actor),
    SaveConfigDraft: (params, context) => configs.saveDraft(params, context.actor),
    SubmitConfig: (params, context) => configs.submit(params, context.actor),
    ApproveConfig: (params, context) => configs.approve(params, context.actor),
    RejectConfig: (params, context) => configs.reject(params, context.actor),
    TestConfig: (params, context) => configs.test(params, context.actor),
    ConfigHistory: (params) => configs.history(params),
    RestoreConfig: (params, context) => configs.restore(params, context.actor),
  };
};
