import type { FastifyRequest } from 'fastify';

/** One file read from a multipart body, with the text fields sent beside it. */
export interface UploadedPart {
  bytes: Buffer;
  /** The name the browser sent: for display only. */
  filename: string;
  fields: Record<string, string>;
}

/** Why a multipart body was refused; the caller words it for its own users. */
export type UploadProblem = 'missing' | 'too-large' | 'malformed';

export class UploadRefused extends Error {
  constructor(readonly problem: UploadProblem) {
    super(problem);
  }
}

/**
 * Reads the one file of a multipart body (field `field`) into memory, at most `maxBytes`, with up to a few
 * short text fields. Anything else — a body that is not multipart, no such file, a second file, an oversize
 * file, too many or too long fields — is an UploadRefused, so the caller answers 400 and never a 413 or 500.
 */
export async function readUpload(
  request: FastifyRequest,
  options: { field: string; maxBytes: number },
): Promise<UploadedPart> {
  if (!request.isMultipart()) throw new UploadRefused('missing');
  let file: { bytes: Buffer; filename: string } | undefined;
  const fields: Record<string, string> = {};
  try {
    const parts = request.parts({
      limits: { fileSize: options.maxBytes, files: 1, fields: 8, fieldSize: 1024, parts: 9, headerPairs: 50 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        // toBuffer refuses (RequestFileTooLargeError) once the part passes fileSize.
        const bytes = await part.toBuffer();
        if (part.fieldname === options.field) file = { bytes, filename: part.filename };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new UploadRefused('too-large');
    // The multipart plugin's other refusals (limits, a malformed body) all have FST_ codes; anything else
    // (the disk, a bug) is ours and stays a 500.
    if (typeof code === 'string' && code.startsWith('FST_')) throw new UploadRefused('malformed');
    if (error instanceof Error && /multipart|boundary|Unexpected end of form/i.test(error.message))
      throw new UploadRefused('malformed');
    throw error;
  }
  if (!file || file.bytes.length === 0) throw new UploadRefused('missing');
  return { ...file, fields };
}
