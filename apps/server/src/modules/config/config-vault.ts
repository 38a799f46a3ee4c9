import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A secret sealed for storage, and what may be shown of it. */
export interface SealedSecret {
  ciphertext: string;
  iv: string;
  keyId: string;
  last4: string;
  fingerprint: string;
}

const KEY_BYTES = 32;

/** Reads CONFIG_MASTER_KEY: 32 bytes as 64 hex digits or as base64; anything else is refused at start. */
export function parseMasterKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (key.length !== KEY_BYTES)
    throw new Error('CONFIG_MASTER_KEY must be 32 bytes, as 64 hex digits or as base64');
  return key;
}

/** The first hex digits of the key's SHA-256: names the key a secret was sealed with, never the key. */
const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 12);

/** SHA-256 of the secret, shortened: lets staff tell two secrets apart without seeing either. */
export const fingerprintOf = (secret: string) =>
  createHash('sha256').update(secret, 'utf8').digest('hex').slice(0, 16);

export interface ConfigVault {
  /** False when no key is at hand (production without CONFIG_MASTER_KEY): storing a secret is refused. */
  readonly canSeal: boolean;
  seal(secret: string): SealedSecret;
  /** For the adapters that use a secret (never for an answer, a log or an audit row). */
  open(sealed: Pick<SealedSecret, 'ciphertext' | 'iv' | 'keyId'>): string;
}

/**
 * Where the master key comes from (ADR 0025): CONFIG_MASTER_KEY; in demo mode without it, a key generated
 * once into DATA_DIR/keys/config.key (0600) so demo secrets survive restarts. Not APP_SECRET, which is random
 * per start by default. Otherwise there is no key: the server starts (a namespace without secrets needs
 * none) and refuses only to store a secret. The key file is made on first use, not at start.
 */
export function createConfigVault(options: {
  masterKey: string | undefined;
  demoMode: boolean;
  dataDir: string;
}): ConfigVault {
  let key: Buffer | null | undefined = options.masterKey ? parseMasterKey(options.masterKey) : undefined;
  const keyFile = path.join(options.dataDir, 'keys', 'config.key');

  const load = (): Buffer | null => {
    if (key !== undefined) return key;
    if (!options.demoMode) {
      key = null;
      return key;
    }
    try {
      key = parseMasterKey(readFileSync(keyFile, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      mkdirSync(path.dirname(keyFile), { recursive: true, mode: 0o700 });
      const fresh = randomBytes(KEY_BYTES).toString('base64');
      try {
        // `wx`: when two instances race, one writes and the other reads what it wrote.
        writeFileSync(keyFile, `${fresh}\n`, { mode: 0o600, flag: 'wx' });
        chmodSync(keyFile, 0o600);
      } catch (raced) {
        if ((raced as NodeJS.ErrnoException).code !== 'EEXIST') throw raced;
      }
      key = parseMasterKey(readFileSync(keyFile, 'utf8'));
    }
    return key;
  };

  return {
    get canSeal() {
      return load() !== null;
    },
    seal(secret) {
      const k = load();
      if (!k) throw new Error('no config master key');
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', k, iv);
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return {
        ciphertext: body.toString('base64'),
        iv: iv.toString('base64'),
        keyId: keyIdOf(k),
        last4: secret.slice(-4),
        fingerprint: fingerprintOf(secret),
      };
    },
    open(sealed) {
      const k = load();
      if (!k) throw new Error('no config master key');
      if (sealed.keyId !== keyIdOf(k)) throw new Error('the secret was sealed with another master key');
      const body = Buffer.from(sealed.ciphertext, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', k, Buffer.from(sealed.iv, 'base64'));
      decipher.setAuthTag(body.subarray(body.length - 16));
      return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
