import { describe, expect, it } from 'vitest';
import { IMAGE_FILE_MESSAGE, isImageFile, validateImageFile } from './image-file.rule';

describe('isImageFile', () => {
  it('accepts image MIME types', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml']) {
      expect(isImageFile({ type }), type).toBe(true);
    }
  });

  it('ignores the case of the MIME type', () => {
    expect(isImageFile({ type: 'IMAGE/PNG' })).toBe(true);
  });

  it('rejects other MIME types', () => {
    for (const type of ['application/pdf', 'text/plain', 'video/mp4', 'application/x-image']) {
      expect(isImageFile({ type }), type).toBe(false);
    }
  });

  it('rejects a missing or incomplete type', () => {
    expect(isImageFile({ type: '' })).toBe(false);
    expect(isImageFile({ type: 'image/' })).toBe(false);
    expect(isImageFile({ type: 'image' })).toBe(false);
  });
});

describe('validateImageFile', () => {
  it('returns null for an image', () => {
    expect(validateImageFile({ type: 'image/png' })).toBeNull();
  });

  it('returns the spec message for anything else', () => {
    expect(validateImageFile({ type: 'application/pdf' })).toBe('Please provide a valid image file');
    expect(IMAGE_FILE_MESSAGE).toBe('Please provide a valid image file');
  });
});
