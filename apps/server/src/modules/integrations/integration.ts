import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/**
 * What every external service's adapter shares (brief A3, ADR 0019's rule for sandboxes): the real HTTP
 * client code (signing, parsing, error mapping) runs in every mode; only the transport differs. In fake mode
 * the transport is `app.inject` on the in-process fake under `/fake/<service>`, so demo data can never reach a
 * real service and the client's code is exercised end to end; in real mode it is `fetch` against the
 * configured base URL. The mode is a deployment setting (INTEGRATIONS_MODE, `<SERVICE>_MODE`), never a click.
 */

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path and query, e.g. `/api/v1/accounts?type=trade`; the transport adds the base URL or `/fake/<service>`. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type HttpTransport = (request: HttpRequest) => Promise<HttpResponse>;

/** The badge the config screens show (brief §0): FAKE grey, SANDBOX yellow, LIVE red. */
export type IntegrationBadge = 'FAKE' | 'SANDBOX' | 'LIVE';

/** A draft's values as the connection test sees them: plain fields plus the decrypted secrets it needs. */
export interface ConnectionTestInput {
  values: Readonly<Record<string, unknown>>;
  /** Decrypted secrets by field name; a secret not set is absent. Never logged, never returned. */
  secrets: Readonly<Record<string, string>>;
}

/** What "Test connection" shows; the engine measures the latency and stores the run (config_test_runs). */
export interface ConnectionTestResult {
  ok: boolean;
  /** One line for the screen, e.g. "Key valid · env dev · permission Invoice"; never contains a secret. */
  message: string;
}

/** A config's mode as the deployment sets it: INTEGRATIONS_MODE, overridden by `<SERVICE>_MODE`. */
export type IntegrationMode = 'fake' | 'real';

/**
 * One external service: its fake, its connection test and its badge. Each service folder
 * (`modules/integrations/<service>/`) exports one of these; the registry lists them.
 */
export interface IntegrationDef {
  /** `kucoin` → the fake lives under `/fake/kucoin`, the mode comes from KUCOIN_MODE ?? INTEGRATIONS_MODE. */
  service: string;
  /** The config namespace (packages/contract/src/config/namespaces.ts) whose values drive the client. */
  ns: string;
  /** The in-process fake; its routes are relative to `/fake/<service>`, registered in fake mode only. */
  fake: FastifyPluginAsync<{ now: () => Date }>;
  /** The "Test connection" of a draft, through the same client code as real calls. */
  test(input: ConnectionTestInput, http: HttpTransport, now: () => Date): Promise<ConnectionTestResult>;
  /** FAKE in fake mode; in real mode SANDBOX or LIVE by the config's environment field. */
  badge(values: Readonly<Record<string, unknown>>, mode: IntegrationMode): IntegrationBadge;
}

/** The fake-mode transport: the request goes through Fastify's router in-process, never over a network. */
export function injectTransport(app: FastifyInstance, service: string): HttpTransport {
  return async ({ method, path, headers, body }) => {
    const res = await app.inject({ method, url: `/fake/${service}${path}`, headers, payload: body });
    const flat: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) flat[k] = String(v);
    return { status: res.statusCode, headers: flat, body: res.body };
  };
}

/**
 * Where a service's requests go when its address depends on the config (OpenNode dev or live): optional
 * next to an IntegrationDef. Without it a def has no real endpoint yet and its test says so in real mode.
 */
export interface IntegrationEndpoints {
  /** Real mode: the service's base URL for these values, e.g. `https://dev-api.opennode.com`. */
  baseUrl(values: Readonly<Record<string, unknown>>): string;
  /** Fake mode: the path under `/fake/<service>` that stands for that base URL (one fake serves both). */
  fakePrefix?(values: Readonly<Record<string, unknown>>): string;
}

export const endpointsOf = (def: IntegrationDef): IntegrationEndpoints | null =>
  'baseUrl' in def && typeof def.baseUrl === 'function'
    ? (def as IntegrationDef & IntegrationEndpoints)
    : null;

/** The real-mode transport: fetch against the service's base URL, given up after `timeoutMs` (10 s). */
export function fetchTransport(baseUrl: string, timeoutMs = 10_000): HttpTransport {
  return async ({ method, path, headers, body }) => {
    const res = await fetch(`${baseUrl.replace(/\/$/, '')}${path}`, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const flat: Record<string, string> = {};
    res.headers.forEach((v, k) => {
      flat[k] = v;
    });
    return { status: res.status, headers: flat, body: await res.text() };
  };
}

/** A transport whose paths all start with `prefix` (a fake standing for one of several base URLs). */
export const prefixedTransport =
  (http: HttpTransport, prefix: string): HttpTransport =>
  (request) =>
    http({ ...request, path: `${prefix}${request.path}` });
