import { ConfigPage } from './config-page';

/** CoinPress Config (SPEC §2.1 `coinpress-config`, admin-commander): the WordPress sites running the plugin. */
export function CoinpressConfigPage() {
  return (
    <ConfigPage
      ns="coinpress"
      description="How the platform serves WordPress sites running the CoinPress plugin: the minimum plugin version, callback retries and one row per site."
    />
  );
}
