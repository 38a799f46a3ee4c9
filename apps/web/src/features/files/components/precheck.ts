import { FILE_MESSAGES, FILE_TYPES, FILES_DEFAULT_MAX_BYTES } from '@bo/contract';

const ACCEPTED = new Set<string>(Object.values(FILE_TYPES));

/**
 * Checks a picked file before sending it, with the server's messages: its size against the server's limit
 * (from the list's meta, the default until it has loaded) and the type the browser says it has. Only a
 * courtesy: the server sniffs the content and has the last word.
 */
export function precheckFile(
  file: { size: number; type: string },
  maxBytes = FILES_DEFAULT_MAX_BYTES,
): string | null {
  if (file.size === 0) return FILE_MESSAGES.empty;
  if (file.size > maxBytes) return FILE_MESSAGES.tooLarge(maxBytes);
  if (!ACCEPTED.has(file.type.toLowerCase())) return FILE_MESSAGES.type;
  return null;
}
