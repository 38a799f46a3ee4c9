import { type DataOf, MAIN_CALLS, type MainCallName, type ParamsOf } from '@bo/contract';
import { env } from '../env';
import { type CallResult, sendCall } from './http';

type MainDef<N extends MainCallName> = (typeof MAIN_CALLS)[N];

export interface CallOptions {
  signal?: AbortSignal;
}

/** Calls the main application service and returns the whole result, message included. */
export const mainCallResult = <N extends MainCallName>(
  name: N,
  params: ParamsOf<MainDef<N>>,
  options: CallOptions = {},
): Promise<CallResult<DataOf<MainDef<N>>>> =>
  sendCall(MAIN_CALLS[name], params, { base: env.mainApiBase, ...options });

/** Calls the main application service (SPEC §7.1) and returns the validated data. */
export const mainCall = async <N extends MainCallName>(
  name: N,
  params: ParamsOf<MainDef<N>>,
  options: CallOptions = {},
): Promise<DataOf<MainDef<N>>> => (await mainCallResult(name, params, options)).data;
