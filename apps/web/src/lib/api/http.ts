import type { CallDef, DataOf, ParamsOf } from '@bo/contract';
import { CSRF_HEADER, MESSAGES } from '@bo/contract';
import { ApiError } from './api-error';

/** What a successful call yields: the validated data plus the envelope's message. */
export interface CallResult<D> {
  data: D;
  message: string;
  statusCode: number;
}

export interface SendOptions {
  /** Service prefix, e.g. /api/main. */
  base: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

type Primitive = string | number | boolean;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Flat params as a query string; arrays repeat their key, empty values are left out. */
export const toQueryString = (params: Record<string, unknown>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null) continue;
      if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') {
        search.append(key, String(item as Primitive));
      } else {
        search.append(key, JSON.stringify(item));
      }
    }
  }
  return search.toString();
};

const buildUrl = (def: CallDef, base: string, query: Record<string, unknown>): string => {
  const path = def.path === '/' ? '' : def.path;
  const qs = toQueryString({ ...(def.call ? { Call: def.call } : {}), ...query });
  return `${base}${path}${qs ? `?${qs}` : ''}`;
};

const readEnvelope = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

/**
 * Sends one call of the contract: validates params with the call's schema, speaks the envelope
 * protocol and validates the answer's data. Every failure becomes an {@link ApiError}.
 */
export async function sendCall<C extends CallDef>(
  def: C,
  params: ParamsOf<C>,
  options: SendOptions,
): Promise<CallResult<DataOf<C>>> {
  const parsedParams = def.params.safeParse(params ?? {});
  if (!parsedParams.success) {
    const issue = parsedParams.error.issues[0];
    throw new ApiError({
      httpStatus: 400,
      statusCode: 400,
      message: issue?.message ?? MESSAGES.badRequest,
      data: {
        issues: parsedParams.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      },
    });
  }
  const payload = isRecord(parsedParams.data) ? parsedParams.data : {};
  const isGet = def.method === 'GET';
  const url = buildUrl(def, options.base, isGet ? payload : {});

  let response: Response;
  try {
    response = await fetch(url, {
      method: def.method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        // CSRF guard: the server refuses state-changing calls without this header.
        [CSRF_HEADER.name]: CSRF_HEADER.value,
        ...(isGet ? {} : { 'Content-Type': 'application/json' }),
        ...options.headers,
      },
      ...(isGet ? {} : { body: JSON.stringify(payload) }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({
      httpStatus: 0,
      statusCode: 0,
      message: 'The server cannot be reached; check your connection',
    });
  }

  const envelope = await readEnvelope(response);
  const statusCode =
    isRecord(envelope) && typeof envelope.status_code === 'number' ? envelope.status_code : response.status;
  const message =
    isRecord(envelope) && typeof envelope.message === 'string'
      ? envelope.message
      : response.ok
        ? ''
        : response.status === 429
          ? MESSAGES.tooManyRequests
          : MESSAGES.serverError;
  // An envelope without data means null, which is what the contract's data-less calls expect.
  const data = isRecord(envelope) ? (envelope.data ?? null) : null;

  if (!response.ok || !isRecord(envelope) || statusCode !== 200) {
    throw new ApiError({
      httpStatus: response.status,
      statusCode,
      message: message || MESSAGES.serverError,
      data,
    });
  }

  const parsedData = def.data.safeParse(data);
  if (!parsedData.success) {
    console.error(`Unexpected answer to ${def.call ?? def.path}`, parsedData.error.issues);
    throw new ApiError({ httpStatus: response.status, statusCode: 500, message: MESSAGES.serverError, data });
  }
  return { data: parsedData.data as DataOf<C>, message, statusCode };
}
