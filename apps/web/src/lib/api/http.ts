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
  /**
   * A multipart upload's body (a call defined with `upload`): the file goes as this form and the params in
   * the query, as the server reads them.
   */
  form?: FormData;
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

const buildUrl = (route: CallRoute, base: string, query: Record<string, unknown>): string => {
  const path = route.path === '/' ? '' : route.path;
  const qs = toQueryString({ ...(route.call ? { Call: route.call } : {}), ...query });
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

/** Where a call goes: its method, path under the service prefix and `Call` name (a CallDef has them all). */
export type CallRoute = Pick<CallDef, 'method' | 'path' | 'call'>;

/** What a call answered before its data is checked against the contract. */
export interface RawAnswer {
  data: unknown;
  message: string;
  statusCode: number;
  httpStatus: number;
}

/**
 * Speaks the envelope protocol: sends already-validated params to a route and returns the answer's data
 * unchecked. Every failure becomes an {@link ApiError}. Needs no schema, so the session check of the login
 * page can be made before the contract's schemas are loaded (ADR 0012); everything else uses sendCall.
 */
export async function exchange(
  route: CallRoute,
  payload: Record<string, unknown>,
  options: SendOptions,
): Promise<RawAnswer> {
  const isGet = route.method === 'GET';
  const form = options.form;
  const url = buildUrl(route, options.base, isGet || form ? payload : {});

  let response: Response;
  try {
    response = await fetch(url, {
      method: route.method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        // CSRF guard: the server refuses state-changing calls without this header.
        [CSRF_HEADER.name]: CSRF_HEADER.value,
        // A form sets its own multipart Content-Type, boundary included.
        ...(isGet || form ? {} : { 'Content-Type': 'application/json' }),
        ...options.headers,
      },
      ...(isGet ? {} : { body: form ?? JSON.stringify(payload) }),
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
  return { data, message, statusCode, httpStatus: response.status };
}

/** Checks an answer's data against the call's schema; an answer the contract does not allow is a server error. */
export function checkAnswer<C extends CallDef>(def: C, answer: RawAnswer): CallResult<DataOf<C>> {
  const parsedData = def.data.safeParse(answer.data);
  if (!parsedData.success) {
    console.error(`Unexpected answer to ${def.call ?? def.path}`, parsedData.error.issues);
    throw new ApiError({
      httpStatus: answer.httpStatus,
      statusCode: 500,
      message: MESSAGES.serverError,
      data: answer.data,
    });
  }
  return { data: parsedData.data as DataOf<C>, message: answer.message, statusCode: answer.statusCode };
}

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
  return checkAnswer(def, await exchange(def, payload, options));
}
