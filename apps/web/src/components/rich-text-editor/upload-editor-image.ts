import {
  CSRF_HEADER,
  IMAGE_FILE_MESSAGE,
  MAIN_CALLS,
  MAIN_SERVICE_PREFIX,
  validateImageFile,
} from '@bo/contract';
import { z } from 'zod';

/**
 * SPEC §7.1's image upload (`POST /MarketAPI?POSBLOB`, multipart `file123` and `Price=1`), answering the
 * image's URL, checked with the contract's `MarketImageUpload` answer (ADR 0024). Sent by hand rather than
 * through the main client because the editor needs the refusal's own message, not a toast.
 */
export const POSBLOB_URL = `${MAIN_SERVICE_PREFIX}/MarketAPI?POSBLOB`;

const answerSchema = z.object({
  status_code: z.number(),
  message: z.string(),
  data: z.unknown(),
});

export class ImageUploadError extends Error {}

/** Uploads a picked image; a non-image is refused here, before sending, with SPEC §5's message. */
export async function uploadEditorImage(file: File): Promise<string> {
  const refused = validateImageFile(file);
  if (refused) throw new ImageUploadError(refused);
  const body = new FormData();
  body.append('file123', file);
  body.append('Price', '1');
  const response = await fetch(POSBLOB_URL, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { [CSRF_HEADER.name]: CSRF_HEADER.value },
    body,
  });
  const parsed = answerSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new ImageUploadError('The image could not be uploaded; try again');
  const url = MAIN_CALLS.MarketImageUpload.data.safeParse(parsed.data.data);
  if (!response.ok || !url.success) throw new ImageUploadError(parsed.data.message || IMAGE_FILE_MESSAGE);
  return url.data;
}
