/** The editor image upload's message (SPEC §5). */
export const IMAGE_FILE_MESSAGE = 'Please provide a valid image file';

/**
 * Whether a picked file is an image, by its MIME type (SPEC §5). Takes only `{ type }` so a browser `File`
 * fits without the contract depending on DOM types; case is ignored and a bare 'image/' is rejected.
 */
export const isImageFile = (file: { type: string }): boolean => /^image\/[^\s/]+$/i.test(file.type.trim());

/** The image rule as a validator: `null` for an image, the message otherwise. */
export const validateImageFile = (file: { type: string }): string | null =>
  isImageFile(file) ? null : IMAGE_FILE_MESSAGE;
