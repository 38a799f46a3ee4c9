import type { Db } from '../../db/database';
import { airwallexIntegration } from './airwallex/airwallex.integration';
import type { IntegrationDef } from './integration';
import { createInternalExchangeIntegration } from './internal-exchange/internal-exchange.integration';
import { kucoinIntegration } from './kucoin/kucoin.integration';
import { kucoinBrokerIntegration } from './kucoin-broker/kucoin-broker.integration';
import { openNodeIntegration } from './opennode/opennode.integration';

/**
 * Every external service behind a config screen (ADR 0028), one per line: its fake, its connection test
 * and its badge. A namespace without an entry has no Test connection and no mode badge.
 */
export function createIntegrations(deps: { db: Db }): IntegrationDef[] {
  return [
    openNodeIntegration,
    createInternalExchangeIntegration(deps.db),
    kucoinIntegration,
    kucoinBrokerIntegration,
    airwallexIntegration,
  ];
}
