import { ConfigPage } from './config-page';

/** Trading Config (SPEC §2.1 `trading-config`, admin-commander): venues, pairs and the circuit breaker. */
export function TradingConfigPage() {
  return (
    <ConfigPage
      ns="trading"
      description="How the platform trades to convert and hedge: venues, pairs with their sizes and markups, and the circuit breaker."
    />
  );
}
