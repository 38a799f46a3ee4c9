import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One object as the stub keeps it. */
export interface StubObject {
  bytes: Buffer;
  contentType: string | undefined;
}

export interface S3Stub {
  /** `http://127.0.0.1:<port>`: the S3_ENDPOINT to give the server (path-style). */
  endpoint: string;
  /** The bucket's objects by key. */
  objects: Map<string, StubObject>;
  /** Every request seen: method, path and headers, to check signing and that no secret travels. */
  requests: Array<{ method: string; path: string; headers: IncomingMessage['headers'] }>;
  close(): Promise<void>;
}

const xmlError = (res: ServerResponse, status: number, code: string) => {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
  );
};

/**
 * A small S3-compatible server for tests, in process on 127.0.0.1: one bucket, path-style addresses
 * (`/<bucket>/<key>`), PutObject, GetObject, HeadObject and DeleteObject as S3 answers them (404 NoSuchKey,
 * 204 on delete of anything). A request not signed with SigV4 by `accessKeyId` is 403, as S3 would refuse it;
 * a body in a form the stub does not read (aws-chunked) is 501, so the test fails rather than keeping garbage.
 */
export async function startS3Stub(options: { bucket: string; accessKeyId: string }): Promise<S3Stub> {
  const objects = new Map<string, StubObject>();
  const requests: S3Stub['requests'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers });
      const auth = req.headers.authorization ?? '';
      if (!auth.startsWith('AWS4-HMAC-SHA256 ') || !auth.includes(`Credential=${options.accessKeyId}/`))
        return xmlError(res, 403, 'AccessDenied');
      const [, bucket, ...rest] = url.pathname.split('/');
      if (bucket !== options.bucket) return xmlError(res, 404, 'NoSuchBucket');
      const key = decodeURIComponent(rest.join('/'));
      if (!key) return xmlError(res, 501, 'NotImplemented');
      const found = objects.get(key);
      switch (req.method) {
        case 'PUT': {
          if (req.headers['content-encoding']?.includes('aws-chunked'))
            return xmlError(res, 501, 'NotImplemented');
          objects.set(key, { bytes: Buffer.concat(chunks), contentType: req.headers['content-type'] });
          res.writeHead(200, { etag: '"stub"' });
          return res.end();
        }
        case 'GET':
        case 'HEAD': {
          if (!found) {
            if (req.method === 'HEAD') {
              res.writeHead(404);
              return res.end();
            }
            return xmlError(res, 404, 'NoSuchKey');
          }
          res.writeHead(200, {
            'content-type': found.contentType ?? 'binary/octet-stream',
            'content-length': found.bytes.length,
            etag: '"stub"',
            'last-modified': new Date().toUTCString(),
          });
          return res.end(req.method === 'GET' ? found.bytes : undefined);
        }
        case 'DELETE': {
          objects.delete(key);
          res.writeHead(204);
          return res.end();
        }
        default:
          return xmlError(res, 405, 'MethodNotAllowed');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
