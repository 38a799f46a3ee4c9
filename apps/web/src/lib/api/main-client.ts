import type { DataOf, MAIN_CALLS, MainCallName, ParamsOf } from '@bo/contract';
import { env } from '../env';
import { type CallResult, sendCall } from './http';

type MainDef<N extends MainCallName> = (typeof MAIN_CALLS)[N];

export interface CallOptions {
  signal?: AbortSignal;
}

const importCallTables = () => import('./call-tables');
type CallTables = Awaited<ReturnType<typeof importCallTables>>;
let callTables: Promise<CallTables> | null = null;
let loadedTables: CallTables | null = null;

/**
 * The contract's call tables, with their schemas and zod, loaded once: by the first call, or ahead of it
 * (signing in starts it, an admin address preloads it). The login page makes no call before someone signs
 * in, so it does without them (ADR 0012).
 */
export const loadCallTables = (): Promise<CallTables> => {
  // A failed load (the connection dropped) is tried again by the next call, not remembered.
  callTables ??= importCallTables().then(
    (tables) => {
      loadedTables = tables;
      return tables;
    },
    (error: unknown) => {
      callTables = null;
      throw error;
    },
  );
  return callTables;
};

/**
 * The call tables once they are in. A call made with them goes out within the same task, without waiting
 * for a promise: a prefetch during a render is sent while the render goes on, not after it.
 */
export const loadedCallTables = (): CallTables | null => loadedTables;

/** Calls the main application service and returns the whole result, message included. */
export const mainCallResult = async <N extends MainCallName>(
  name: N,
  params: ParamsOf<MainDef<N>>,
  options: CallOptions = {},
): Promise<CallResult<DataOf<MainDef<N>>>> => {
  const { MAIN_CALLS } = loadedCallTables() ?? (await loadCallTables());
  return sendCall(MAIN_CALLS[name], params, { base: env.mainApiBase, ...options });
};

/** Calls the main application service (SPEC §7.1) and returns the validated data. */
export const mainCall = async <N extends MainCallName>(
  name: N,
  params: ParamsOf<MainDef<N>>,
  options: CallOptions = {},
): Promise<DataOf<MainDef<N>>> => (await mainCallResult(name, params, options)).data;
