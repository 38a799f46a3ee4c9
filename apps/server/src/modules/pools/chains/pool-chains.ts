import type { AppConfig } from '../../../config/config';
import type { Db } from '../../../db/database';
import type { EvmChainAdapter, XrpLedgerAdapter } from './chains';
import { createEvmSandbox, type EvmSandboxControls, SANDBOX_SEED } from './evm-sandbox';
import { createXrpSandbox, type XrpSandboxControls } from './xrp-sandbox';

export interface PoolChains {
  xrp: XrpLedgerAdapter;
  evm: EvmChainAdapter;
  /** The sandboxes' own controls (deposits, test prices); null when a chain is real. */
  sandbox: { xrp: XrpSandboxControls; evm: EvmSandboxControls } | null;
}

/**
 * The chains the pools talk to, chosen by INTEGRATIONS_MODE (XRPL_MODE, EVM_MODE). Only the sandboxes are
 * built: `real` refuses to start rather than run the screens against nothing (ADR 0019).
 */
export function createPoolChains(config: Pick<AppConfig, 'pools'>, db: Db, now: () => Date): PoolChains {
  if (config.pools.xrpMode === 'real')
    throw new Error(
      'XRPL_MODE (or INTEGRATIONS_MODE) is real, but no XRP Ledger client is built yet: only the sandbox exists. Start with INTEGRATIONS_MODE=fake.',
    );
  if (config.pools.evmMode === 'real')
    throw new Error(
      'EVM_MODE (or INTEGRATIONS_MODE) is real, but no Ethereum client is built yet: only the sandbox exists. Start with INTEGRATIONS_MODE=fake.',
    );
  const xrp = createXrpSandbox(db, now, SANDBOX_SEED);
  const evm = createEvmSandbox(db, now, SANDBOX_SEED);
  return { xrp, evm, sandbox: { xrp, evm } };
}
