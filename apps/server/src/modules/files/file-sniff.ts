import { FILE_TYPES, type FileExt } from '@bo/contract';
import { fileTypeFromBuffer } from 'file-type';

/**
 * What a file is, told by its bytes alone (file-type's magic numbers): never by its name or the type the
 * browser declared, which the uploader controls. Null for anything outside FILE_TYPES — HTML, SVG, scripts,
 * archives — and for text, which has no signature.
 */
export async function sniffFileType(bytes: Buffer): Promise<{ ext: FileExt; mime: string } | null> {
  const found = await fileTypeFromBuffer(bytes);
  if (!found) return null;
  const ext = found.ext as string;
  if (!Object.hasOwn(FILE_TYPES, ext)) return null;
  const mime = FILE_TYPES[ext as FileExt];
  // Both must agree: file-type names some containers (e.g. an animated PNG) with another mime.
  return found.mime === mime ? { ext: ext as FileExt, mime } : null;
}
