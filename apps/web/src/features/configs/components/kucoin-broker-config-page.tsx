import { ConfigPage } from './config-page';

/** KuCoin Broker Config (SPEC §2.1 `kucoin-broker-config`, admin-commander): the broker program's access. */
export function KucoinBrokerConfigPage() {
  return (
    <ConfigPage
      ns="kucoin-broker"
      description="The KuCoin broker program: the partner signing key and master key that create sub-accounts and their keys for merchants, and the rebate currency."
    />
  );
}
