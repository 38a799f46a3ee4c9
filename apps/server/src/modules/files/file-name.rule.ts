/** The longest display name kept. */
export const DISPLAY_NAME_MAX = 200;

/**
 * The uploader's file name as staff will read it: its last path segment only, without control or
 * direction-override characters, trimmed and bounded. It is for display alone — the bytes are stored under
 * a random id — so '../../etc/passwd' becomes 'passwd' and changes nothing on disk.
 */
export function displayNameOf(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // C0/C1 controls, and the bidi overrides that can make 'gpj.exe' read as 'exe.jpg'.
    .replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  const bounded = Array.from(cleaned).slice(0, DISPLAY_NAME_MAX).join('');
  return bounded === '' || bounded === '.' || bounded === '..' ? 'file' : bounded;
}

/** A name safe inside a quoted Content-Disposition filename: ASCII letters, digits and a few marks. */
export const asciiFileName = (name: string): string => name.replace(/[^A-Za-z0-9._ -]/g, '_').slice(0, 100);
