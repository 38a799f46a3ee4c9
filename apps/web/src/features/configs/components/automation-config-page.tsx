import { ConfigPage } from './config-page';

/** Automation Config (SPEC §2.1 `automation-config`, admin-commander): the unattended processes' knobs. */
export function AutomationConfigPage() {
  return (
    <ConfigPage
      ns="automation"
      description="Unattended processes: payout batches, auto-conversion, hot-wallet thresholds and sweeps, expiry."
    />
  );
}
