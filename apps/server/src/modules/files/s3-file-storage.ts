import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3StoreConfig } from '../../config/config';
import { type FileStorage, nameOfKey } from './file-storage';

/** A store that does not answer within these is treated as failed, so a request never hangs on it. */
const CONNECT_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Whether the store answered that it has no object under the key. Only NoSuchKey: a missing bucket is a 404
 * too, but a misconfigured store must fail loudly (500, logged), not look like files that were never there.
 */
const isMissing = (error: unknown): boolean =>
  error instanceof S3ServiceException && error.name === 'NoSuchKey';

/**
 * Files in an S3-compatible bucket (ADR 0024): objects named `<store>/<id>.<ext>` as on local disk, each put
 * with its sniffed type. An S3 put is atomic (the object appears whole or not at all), as the local rename is.
 * The secret key reaches only the client's signer; nothing here logs the config.
 */
export function createS3FileStorage(config: S3StoreConfig): FileStorage {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey.reveal() },
    // Checksums only where S3 requires them: the SDK's default (a CRC32 trailer on every put) is refused by
    // several S3-compatible stores, and the row keeps the file's SHA-256 anyway.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
  });
  const bucket = config.bucket;
  return {
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: nameOfKey(key),
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: contentType,
        }),
      );
    },
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: nameOfKey(key) }));
        // In Node the body is the response's IncomingMessage; anything else means a client we do not expect.
        if (!(object.Body instanceof Readable))
          throw new Error('S3 GetObject answered without a body stream');
        if (object.ContentLength === undefined) {
          object.Body.destroy();
          throw new Error('S3 GetObject answered without a length');
        }
        return { stream: object.Body, size: object.ContentLength };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      // S3 answers 204 for a key it does not have, so removing twice is not an error (a purge can run again).
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: nameOfKey(key) }));
    },
  };
}
