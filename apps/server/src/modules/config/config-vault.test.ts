import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createConfigVault, fingerprintOf, parseMasterKey } from './config-vault';

const HEX_KEY = 'a'.repeat(64);

describe('the config vault', () => {
  it('seals a secret so the stored text holds neither it nor its end, and opens it again', () => {
    const vault = createConfigVault({ masterKey: HEX_KEY, demoMode: false, dataDir: '/nonexistent' });
    const secret = 'sk_live_0123456789abcdef';
    const sealed = vault.seal(secret);
    expect(sealed.last4).toBe('cdef');
    expect(sealed.fingerprint).toBe(fingerprintOf(secret));
    expect(JSON.stringify(sealed.ciphertext)).not.toContain('0123456789');
    expect(vault.open(sealed)).toBe(secret);
    // A fresh IV each time: the same secret never seals to the same text.
    expect(vault.seal(secret).ciphertext).not.toBe(sealed.ciphertext);
  });

  it('refuses a tampered ciphertext (GCM tag) and a secret sealed under another key', () => {
    const vault = createConfigVault({ masterKey: HEX_KEY, demoMode: false, dataDir: '/nonexistent' });
    const sealed = vault.seal('a-webhook-secret');
    const body = Buffer.from(sealed.ciphertext, 'base64');
    body[0] = (body[0] ?? 0) ^ 1;
    expect(() => vault.open({ ...sealed, ciphertext: body.toString('base64') })).toThrow();
    const other = createConfigVault({ masterKey: 'b'.repeat(64), demoMode: false, dataDir: '/nonexistent' });
    expect(() => other.open(sealed)).toThrow('the secret was sealed with another master key');
  });

  it('in demo mode makes one key file (0600) and reads the same key after a restart', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vault-'));
    const first = createConfigVault({ masterKey: undefined, demoMode: true, dataDir });
    const sealed = first.seal('kept-across-restarts');
    const file = path.join(dataDir, 'keys', 'config.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(parseMasterKey(readFileSync(file, 'utf8'))).toHaveLength(32);
    const restarted = createConfigVault({ masterKey: undefined, demoMode: true, dataDir });
    expect(restarted.open(sealed)).toBe('kept-across-restarts');
  });

  it('outside demo mode without CONFIG_MASTER_KEY has no key: storing a secret is refused', () => {
    const vault = createConfigVault({ masterKey: undefined, demoMode: false, dataDir: '/nonexistent' });
    expect(vault.canSeal).toBe(false);
    expect(() => vault.seal('x')).toThrow('no config master key');
  });

  it('takes the key as 64 hex digits or base64 and refuses any other length', () => {
    expect(parseMasterKey(HEX_KEY)).toHaveLength(32);
    expect(parseMasterKey(Buffer.alloc(32, 7).toString('base64'))).toHaveLength(32);
    expect(() => parseMasterKey('short')).toThrow('CONFIG_MASTER_KEY must be 32 bytes');
  });
});
