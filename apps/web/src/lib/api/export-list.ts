import { type AdminCallName, CSRF_HEADER, EXPORT_PATH, type ExportColumn, MESSAGES } from '@bo/contract';
import { env } from '../env';
import { useAppStore } from '../session/session.store';
import { mintToken } from './admin-client';
import { ApiError, isJwtError } from './api-error';

const fileNameOf = (response: Response, call: string): string => {
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename="?([^";]+)"?/i.exec(disposition);
  return match?.[1] ?? `${call}.csv`;
};

const refusal = async (response: Response): Promise<ApiError> => {
  const envelope = (await response.json().catch(() => null)) as {
    status_code?: number;
    message?: string;
  } | null;
  return new ApiError({
    httpStatus: response.status,
    statusCode: envelope?.status_code ?? response.status,
    message: envelope?.message || MESSAGES.serverError,
  });
};

const post = (call: AdminCallName, body: string, token: string) =>
  fetch(`${env.adminApiBase}${EXPORT_PATH}?Call=${encodeURIComponent(call)}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      Accept: 'text/csv, application/json',
      'Content-Type': 'application/json',
      Authorization: `Bearer ${token}`,
      [CSRF_HEADER.name]: CSRF_HEADER.value,
    },
    body,
  });

/**
 * Asks the server for a list as CSV (`POST /api/admin/export?Call=X`, issue 14) with the list's params and the
 * columns the screen shows; resolves with the file. A refusal is an {@link ApiError} with the server's message.
 */
export async function fetchExport(
  call: AdminCallName,
  params: Record<string, unknown>,
  columns: ExportColumn[],
): Promise<{ blob: Blob; fileName: string }> {
  const body = JSON.stringify({ params, columns });
  let response = await post(call, body, useAppStore.getState().token ?? (await mintToken()));
  if (!response.ok) {
    const error = await refusal(response);
    if (!isJwtError(error)) throw error;
    response = await post(call, body, await mintToken());
    if (!response.ok) throw await refusal(response);
  }
  return { blob: await response.blob(), fileName: fileNameOf(response, call) };
}

/** Hands a file to the browser as a download. */
export const saveFile = (blob: Blob, fileName: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: some browsers start the download only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};

const getFile = (path: string, query: string, token: string) =>
  fetch(`${env.adminApiBase}${path}?${query}`, {
    method: 'GET',
    credentials: 'same-origin',
    headers: { Accept: 'application/xml, application/json', Authorization: `Bearer ${token}` },
  });

/**
 * A file the admin service answers as an attachment to a GET (a goAML report, ADR 0022), with the bearer
 * token, re-minted once when it expired. A refusal is an {@link ApiError} with the server's message.
 */
export async function fetchAdminFile(
  path: string,
  params: Record<string, string | number>,
  fallbackName: string,
): Promise<{ blob: Blob; fileName: string }> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  let response = await getFile(path, query, useAppStore.getState().token ?? (await mintToken()));
  if (!response.ok) {
    const error = await refusal(response);
    if (!isJwtError(error)) throw error;
    response = await getFile(path, query, await mintToken());
    if (!response.ok) throw await refusal(response);
  }
  return { blob: await response.blob(), fileName: fileNameOf(response, fallbackName) };
}
