import { FILE_ID_PATTERN } from '@bo/contract';
import { describe, expect, it } from 'vitest';
import { demoPdf, demoPng } from '../../db/seed/files.seed';
import { asciiFileName, displayNameOf } from './file-name.rule';
import { sniffFileType } from './file-sniff';
import { newFileId, pathOfKey } from './file-storage';

describe('displayNameOf', () => {
  it('keeps the last segment only, without controls or direction overrides, bounded', () => {
    expect(displayNameOf('../../etc/passwd')).toBe('passwd');
    expect(displayNameOf('C:\\Users\\me\\photo.jpg')).toBe('photo.jpg');
    expect(displayNameOf('invoice\u202Egpj.exe')).toBe('invoicegpj.exe');
    expect(displayNameOf('a\u0000b\tc.png')).toBe('abc.png');
    expect(displayNameOf('  spaced   name .pdf ')).toBe('spaced name .pdf');
    expect(displayNameOf('..')).toBe('file');
    expect(displayNameOf(undefined)).toBe('file');
    expect(Array.from(displayNameOf(`${'é'.repeat(300)}.png`))).toHaveLength(200);
  });

  it('gives a quoted-header-safe ASCII name', () => {
    expect(asciiFileName('Tarife "2026"; x.pdf')).toBe('Tarife _2026__ x.pdf');
  });
});

describe('the file store keys', () => {
  it('are random ids under the store folder, and nothing else is ever a path', () => {
    const id = newFileId();
    expect(id).toMatch(FILE_ID_PATTERN);
    expect(pathOfKey('/srv/files', { store: 'pos', id, ext: 'png' })).toBe(`/srv/files/pos/${id}.png`);
    expect(() => pathOfKey('/srv/files', { store: 'pos', id: '../x', ext: 'png' })).toThrow();
    expect(() => pathOfKey('/srv/files', { store: '..' as 'pos', id, ext: 'png' })).toThrow();
    expect(() => pathOfKey('/srv/files', { store: 'pos', id, ext: 'p/g' as 'png' })).toThrow();
  });
});

describe('the demo files', () => {
  it('are what their rows say they are', async () => {
    expect(await sniffFileType(demoPng(40, 20, [0, 0, 0], [255, 255, 255]))).toEqual({
      ext: 'png',
      mime: 'image/png',
    });
    expect(await sniffFileType(demoPdf('Price list'))).toEqual({ ext: 'pdf', mime: 'application/pdf' });
  });
});
