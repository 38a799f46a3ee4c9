import type { FastifyInstance } from 'fastify';
import {
  endpointsOf,
  fetchTransport,
  type HttpTransport,
  type IntegrationBadge,
  type IntegrationDef,
  type IntegrationMode,
  injectTransport,
  prefixedTransport,
} from './integration';

export interface IntegrationRuntime {
  /** The integration behind a config namespace, or undefined (admin, automation: nothing to connect to). */
  defOf(ns: string): IntegrationDef | undefined;
  modeOf(service: string): IntegrationMode;
  badgeOf(ns: string, values: Readonly<Record<string, unknown>>): IntegrationBadge | null;
  /** How the def's client reaches its service for these values; null when real mode has no address for it. */
  transportFor(def: IntegrationDef, values: Readonly<Record<string, unknown>>): HttpTransport | null;
}

/**
 * The integrations of the config screens as this deployment runs them (ADR 0028): each service's mode
 * (INTEGRATIONS_MODE, `<SERVICE>_MODE`), its fake mounted under `/fake/<service>` in fake mode only, and the
 * transport its client uses: in-process inject on the fake, or fetch with a 10 s timeout on the real one.
 */
export async function createIntegrationRuntime(
  app: FastifyInstance,
  deps: { defs: readonly IntegrationDef[]; modeOf: (service: string) => IntegrationMode; now: () => Date },
): Promise<IntegrationRuntime> {
  for (const def of deps.defs)
    if (deps.modeOf(def.service) === 'fake')
      await app.register(def.fake, { prefix: `/fake/${def.service}`, now: deps.now });
  const byNs = new Map(deps.defs.map((d) => [d.ns, d]));
  return {
    defOf: (ns) => byNs.get(ns),
    modeOf: deps.modeOf,
    badgeOf(ns, values) {
      const def = byNs.get(ns);
      return def ? def.badge(values, deps.modeOf(def.service)) : null;
    },
    transportFor(def, values) {
      const endpoints = endpointsOf(def);
      if (deps.modeOf(def.service) === 'fake') {
        const http = injectTransport(app, def.service);
        const prefix = endpoints?.fakePrefix?.(values);
        return prefix ? prefixedTransport(http, prefix) : http;
      }
      return endpoints ? fetchTransport(endpoints.baseUrl(values)) : null;
    },
  };
}
