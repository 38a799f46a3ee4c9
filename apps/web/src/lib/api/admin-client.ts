import { type ADMIN_CALLS, type AdminCallName, type DataOf, MESSAGES, type ParamsOf } from '@bo/contract';
import { env } from '../env';
import { useAppStore } from '../session/session.store';
import { ApiError, isJwtError } from './api-error';
import { sendCall } from './http';
import { type CallOptions, loadCallTables, loadedCallTables } from './main-client';

type AdminDef<N extends AdminCallName> = (typeof ADMIN_CALLS)[N];

let inflightMint: Promise<string> | null = null;

/**
 * Mints the admin JWT and the permission list from the signed-in session (the cookie plus the
 * session's ID and APIKey). The token stays in memory only. Concurrent callers share one request.
 */
export const mintToken = (): Promise<string> => {
  if (inflightMint) return inflightMint;
  inflightMint = (async () => {
    const session = useAppStore.getState().session;
    if (!session) throw new ApiError({ httpStatus: 401, statusCode: 401, message: MESSAGES.unauthorized });
    const { ADMIN_CALLS } = await loadCallTables();
    const { data } = await sendCall(
      ADMIN_CALLS.GenerateJWTToken,
      { MerchantID: session.ID, APIKey: session.APIKey },
      { base: env.adminApiBase },
    );
    // A sign-out while minting must not bring the token back.
    if (useAppStore.getState().session?.SessionID === session.SessionID) {
      useAppStore.getState().setToken(data.Token, data.Permissions);
    }
    return data.Token;
  })().finally(() => {
    inflightMint = null;
  });
  return inflightMint;
};

const send = async <N extends AdminCallName>(
  name: N,
  params: ParamsOf<AdminDef<N>>,
  token: string,
  options: CallOptions & { form?: FormData },
) =>
  sendCall((loadedCallTables() ?? (await loadCallTables())).ADMIN_CALLS[name], params, {
    base: env.adminApiBase,
    headers: { Authorization: `Bearer ${token}` },
    ...options,
  });

/**
 * Calls the admin service (SPEC §7.2) with the in-memory bearer token. An expired or malformed
 * token is re-minted from the session once and the call retried; if re-minting fails the error
 * (HTTP 401) goes up to the session-expired flow.
 */
export const adminCall = async <N extends AdminCallName>(
  name: N,
  params: ParamsOf<AdminDef<N>>,
  options: CallOptions = {},
): Promise<DataOf<AdminDef<N>>> => {
  const token = useAppStore.getState().token ?? (await mintToken());
  try {
    return (await send(name, params, token, options)).data;
  } catch (error) {
    if (!isJwtError(error)) throw error;
    const fresh = await mintToken();
    return (await send(name, params, fresh, options)).data;
  }
};

/**
 * Uploads a file through an admin call defined with `upload` (multipart): the params in the query, `file` as
 * the form's `field` part. The token is re-minted once as adminCall does; the form is rebuilt for the retry.
 */
export const adminUpload = async <N extends AdminCallName>(
  name: N,
  params: ParamsOf<AdminDef<N>>,
  upload: { field: string; file: Blob; fileName: string },
): Promise<DataOf<AdminDef<N>>> => {
  const form = () => {
    const data = new FormData();
    data.append(upload.field, upload.file, upload.fileName);
    return data;
  };
  const token = useAppStore.getState().token ?? (await mintToken());
  try {
    return (await send(name, params, token, { form: form() })).data;
  } catch (error) {
    if (!isJwtError(error)) throw error;
    const fresh = await mintToken();
    return (await send(name, params, fresh, { form: form() })).data;
  }
};
