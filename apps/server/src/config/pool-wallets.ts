/**
 * The pools' wallets in fake mode (ADR 0019): sandbox addresses the demo seed funds and the sandbox chains
 * know. A deployment with real chains sets its own (POOL_XRP_HOT_WALLET, POOL_ETH_HOT_WALLET,
 * POOL_ETH_GAS_KEEPER).
 */
export const SANDBOX_POOL_WALLETS = {
  xrpHotWallet: 'rHotWa11etLedger1ineXRPpoo1Sweeps',
  ethHotWallet: '0x4f7e0000000000000000000000000000000a0001',
  ethGasKeeper: '0x4f7e0000000000000000000000000000000a0002',
} as const;
