import { ConfigPage } from './config-page';

/** Airwallex Config (SPEC §2.1 `airwallex-config`, admin-commander): the fiat rails. */
export function AirwallexConfigPage() {
  return (
    <ConfigPage
      ns="airwallex"
      description="Fiat rails: payouts to merchants' banks, FX conversion and balances. Log-in credentials, webhook signing, payout and FX rules."
    />
  );
}
