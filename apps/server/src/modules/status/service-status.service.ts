import { isServiceOk, SERVICE_STATUS_TEXTS, type ServiceStatusKey } from '@bo/contract';
import type { FastifyBaseLogger } from 'fastify';

export type ServiceStatusText = (typeof SERVICE_STATUS_TEXTS)[keyof typeof SERVICE_STATUS_TEXTS];

export interface ServiceStatusOptions {
  upstreams: Partial<Record<ServiceStatusKey, string>>;
  timeoutMs: number;
  logger: Pick<FastifyBaseLogger, 'warn'>;
}

// 'OK' is two bytes; anything much longer is not OK, so a chatty or hostile upstream is never read whole.
const MAX_BODY_BYTES = 64;

async function readAtMost(body: ReadableStream<Uint8Array> | null, limit: number): Promise<string | null> {
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) return null;
      chunks.push(value);
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Health of the services behind the dashboard's status buttons (SPEC §7.2). Each configured upstream is
 * asked once per check with a short time limit, and only a 2xx answer of exactly 'OK' is passed on as OK.
 * An unconfigured service answers NOT CONFIGURED: this deployment cannot know its health (ADR 0006).
 */
export function createServiceStatusChecker(options: ServiceStatusOptions) {
  return {
    async check(key: ServiceStatusKey): Promise<ServiceStatusText> {
      const url = options.upstreams[key];
      if (!url) return SERVICE_STATUS_TEXTS.notConfigured;
      try {
        const response = await fetch(url, {
          method: 'GET',
          headers: { accept: 'text/plain' },
          // A redirect is not an answer of the service itself.
          redirect: 'manual',
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        const text = await readAtMost(response.body, MAX_BODY_BYTES);
        if (response.ok && text !== null && isServiceOk(text)) return SERVICE_STATUS_TEXTS.ok;
        options.logger.warn({ service: key, status: response.status }, 'service status check not OK');
        return SERVICE_STATUS_TEXTS.unhealthy;
      } catch (err) {
        const isTimeout = err instanceof DOMException && err.name === 'TimeoutError';
        options.logger.warn({ service: key, err }, 'service status check failed');
        return isTimeout ? SERVICE_STATUS_TEXTS.timeout : SERVICE_STATUS_TEXTS.unreachable;
      }
    },
  };
}

export type ServiceStatusChecker = ReturnType<typeof createServiceStatusChecker>;
