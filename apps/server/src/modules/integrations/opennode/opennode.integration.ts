import type { IntegrationDef, IntegrationEndpoints } from '../integration';
import { createOpenNodeClient, OPENNODE_BASE_URLS, OpenNodeError } from './opennode.client';
import { openNodeFake } from './opennode.fake';

const envOf = (values: Readonly<Record<string, unknown>>) => (values.environment === 'live' ? 'live' : 'dev');

/** Why a key was refused, in the screen's words; OpenNode's 401 means the key is not one of this environment. */
const refusal = (error: unknown, env: string, which: string): string => {
  if (error instanceof OpenNodeError) {
    if (error.status === 401)
      return `OpenNode refused the ${which} (401). Check that it belongs to the ${env} environment.`;
    return `OpenNode answered ${error.status} to the ${which}: ${error.message.slice(0, 120)}`;
  }
  if (error instanceof Error && error.name === 'TimeoutError') return 'OpenNode did not answer within 10 s';
  return 'OpenNode could not be reached';
};

/**
 * OpenNode (brief B "open-node-config"): Test connection is an authenticated read with the invoice key (and,
 * when withdrawals are on, one with the withdrawal key). The fake serves dev and live under `/dev`, `/live`.
 */
export const openNodeIntegration: IntegrationDef & IntegrationEndpoints = {
  service: 'opennode',
  ns: 'opennode',
  fake: openNodeFake,
  baseUrl: (values) => OPENNODE_BASE_URLS[envOf(values)],
  fakePrefix: (values) => `/${envOf(values)}`,
  badge: (values, mode) => (mode === 'fake' ? 'FAKE' : envOf(values) === 'live' ? 'LIVE' : 'SANDBOX'),
  async test({ values, secrets }, http) {
    const env = envOf(values);
    const invoiceKey = secrets.invoiceApiKey;
    if (!invoiceKey) return { ok: false, message: 'Set the invoice API key first' };
    try {
      await createOpenNodeClient(http, invoiceKey).listCharges();
    } catch (error) {
      // The key's own words: "the key" for the invoice key keeps the brief's message.
      return { ok: false, message: refusal(error, env, 'key') };
    }
    const parts = ['Key valid', `env ${env}`, 'permission Invoice'];
    if (values.withdrawalsEnabled === true) {
      const withdrawalKey = secrets.withdrawalApiKey;
      if (!withdrawalKey)
        return { ok: false, message: 'Withdrawals need a key with the Withdrawals permission' };
      try {
        await createOpenNodeClient(http, withdrawalKey).balance();
      } catch (error) {
        return { ok: false, message: refusal(error, env, 'withdrawal key') };
      }
      parts.push('withdrawal key valid');
    }
    return { ok: true, message: parts.join(' · ') };
  },
};
