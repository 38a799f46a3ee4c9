import { z } from 'zod';

/**
 * What a SlaveStatus answer describes (ADR 0006):
 * - `primary`: no replica is involved; every read comes from the primary, so there is no lag to report.
 * - `standby`: the database the server reads from is itself a streaming standby.
 * - `read-replica`: the read replica named in the server's configuration, asked directly.
 * - `replicas`: the primary's view of the standbys attached to it, the furthest behind one counting.
 */
export const syncSourceSchema = z.enum(['primary', 'standby', 'read-replica', 'replicas']);
export type SyncSource = z.infer<typeof syncSourceSchema>;

/**
 * The four service status endpoints of SPEC §7.2, served by our server under the main service prefix
 * (they use the session cookie). They answer plain text, not the envelope: exactly `OK` when the service
 * is healthy (see `isServiceOk`), otherwise one of SERVICE_STATUS_TEXTS.
 */
export const SERVICE_STATUS_ENDPOINTS = [
  { key: 'artemis', label: 'Artemis', service: 'market-data service', path: '/status/artemis' },
  { key: 'kc', label: 'KC', service: 'exchange', path: '/status/kc' },
  { key: 'kc-sockets', label: 'KC Sockets', service: 'exchange sockets service', path: '/status/kc-sockets' },
  { key: 'kc-broker', label: 'KC Broker', service: 'exchange broker', path: '/status/kc-broker' },
] as const;

export type ServiceStatusEndpoint = (typeof SERVICE_STATUS_ENDPOINTS)[number];
export type ServiceStatusKey = ServiceStatusEndpoint['key'];

/** The texts a status endpoint answers; only `OK` means healthy. */
export const SERVICE_STATUS_TEXTS = {
  ok: 'OK',
  /** This deployment has no address for the service, so its health is unknown. */
  notConfigured: 'NOT CONFIGURED',
  /** The service did not answer within the server's time limit. */
  timeout: 'TIMEOUT',
  /** The service could not be reached at all. */
  unreachable: 'UNREACHABLE',
  /** The service answered, but not with exactly OK. */
  unhealthy: 'UNHEALTHY',
} as const;
