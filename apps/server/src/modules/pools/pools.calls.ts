import { etherDepositRowSchema, type POOL_CALLS, xrpPaymentRowSchema } from '@bo/contract';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/database';
import type { AdminExportSlice, AdminHandlerSlice } from '../admin/admin.calls';
import type { PoolChains } from './chains/pool-chains';
import { createEtherPoolService } from './ether-pool.service';
import { createXrpPoolService } from './xrp-pool.service';

export interface PoolDeps {
  db: Db;
  now: () => Date;
  chains: PoolChains;
  pools: AppConfig['pools'];
}

/** The XRP and Ether pools' calls: each a thin step to its service; the staff context is the audited actor. */
export const poolHandlers = (deps: PoolDeps): AdminHandlerSlice<typeof POOL_CALLS> => {
  const xrp = createXrpPoolService({ db: deps.db, now: deps.now, xrpl: deps.chains.xrp, pools: deps.pools });
  const ether = createEtherPoolService({
    db: deps.db,
    now: deps.now,
    evm: deps.chains.evm,
    pools: deps.pools,
  });
  return {
    XrpPool: (params) => xrp.list(params),
    AssignXrpPayment: (params, context) => xrp.assign(params, context),
    SweepXrpAccount: (params, context) => xrp.sweep(params, context),
    EtherPool: (params) => ether.list(params),
    SweepEtherAddress: (params, context) => ether.sweep(params, context),
    TopUpEtherGas: (params, context) => ether.topUpGas(params, context),
    MarkEtherDust: (params, context) => ether.markDust(params, context),
    SweepAllEther: (params, context) => ether.sweepAll(params, context),
  };
};

export const poolExports: AdminExportSlice<typeof POOL_CALLS> = {
  XrpPool: { row: xrpPaymentRowSchema, rows: (data) => data.records },
  EtherPool: { row: etherDepositRowSchema, rows: (data) => data.records },
};
