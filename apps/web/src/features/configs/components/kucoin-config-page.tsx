import { ConfigPage } from './config-page';

/** KuCoin Config (SPEC §2.1 `kucoin-config`, admin-commander): API access to the KuCoin spot account. */
export function KucoinConfigPage() {
  return (
    <ConfigPage
      ns="kucoin"
      description="API access to the KuCoin spot account used for conversions, hedging and bots: key, secret and passphrase, sub-accounts and the permissions the key must (not) have."
    />
  );
}
