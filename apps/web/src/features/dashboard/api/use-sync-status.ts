import { CSRF_HEADER, SERVICE_STATUS_POLL_MS, type ServiceStatusEndpoint } from '@bo/contract';
import { useQuery } from '@tanstack/react-query';
import { useAdminQuery } from '../../../lib/api/use-call-query';
import { env } from '../../../lib/env';

/** Replica lag (SPEC §7.2 SlaveStatus), asked only with view-transactions and again every 5 minutes (§9). */
export const useSlaveStatus = (isEnabled: boolean) =>
  useAdminQuery('SlaveStatus', {}, { enabled: isEnabled, refetchInterval: SERVICE_STATUS_POLL_MS });

/** The endpoint's text as it came: only exactly 'OK' means healthy, so nothing here may trim or parse it. */
const fetchServiceStatus = async (path: string, signal: AbortSignal): Promise<string> => {
  const response = await fetch(`${env.mainApiBase}${path}`, {
    credentials: 'same-origin',
    headers: { Accept: 'text/plain', [CSRF_HEADER.name]: CSRF_HEADER.value },
    signal,
  });
  return response.text();
};

/**
 * One service status endpoint (SPEC §7.2), polled every 5 minutes (§9). Plain text, not a call of the
 * contract's envelope, hence its own key under the main service. A failure is shown by the button turning
 * red, so it raises no toast every five minutes.
 */
export const useServiceStatus = (endpoint: ServiceStatusEndpoint) =>
  useQuery({
    queryKey: ['main', 'ServiceStatus', { service: endpoint.key }] as const,
    queryFn: ({ signal }) => fetchServiceStatus(endpoint.path, signal),
    refetchInterval: SERVICE_STATUS_POLL_MS,
    staleTime: 0,
    retry: false,
    meta: { handlesErrors: true },
  });
