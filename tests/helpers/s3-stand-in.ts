import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small S3 server for the deploy tests: exactly the calls the `aws` CLI makes for the deploy
 * (ListObjectsV2 and ListObjects, PutObject, GetObject, HeadObject, DeleteObject, DeleteObjects),
 * path-style, on loopback. Why not an existing one (docs/decisions.md, Publishing): s3rver, the
 * npm registry's, lists keys in another order than S3 (`aws s3 sync --delete` walks both sides
 * in S3's order and then deletes a page it has just uploaded), Debian 12 has no moto, and MinIO
 * is in neither. What matters here is what S3 does and this server does the same: keys listed
 * in UTF-8 byte order, pages of at most `pageSize` keys with continuation tokens, a Content-MD5
 * that does not match refused, metadata stored and served back. Signatures are not checked.
 * Anything else answers 501 NotImplemented, so a CLI that starts using another call fails loudly.
 */
export interface StoredObject {
  body: Buffer;
  contentType: string;
  cacheControl?: string;
  lastModified: Date;
  etag: string;
}

export interface S3Request {
  method: string;
  operation: string;
  bucket: string;
  key?: string;
}

export interface S3StandIn {
  endpoint: string;
  /** Every request, in the order they arrived. */
  requests: S3Request[];
  createBucket(name: string): void;
  objects(bucket: string): Map<string, StoredObject>;
  /** The next PutObject of this key stores other bytes than it was sent, of the same size (a disk fault): only reading it back shows it. */
  corruptNextPut(bucket: string, key: string): void;
  /** Called with each request before it is answered: a test kills the client part-way from here, or has it refused ('deny': 403 AccessDenied). */
  onRequest?: (request: S3Request) => 'deny' | undefined;
  close(): Promise<void>;
}

const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';
const xml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
const unxml = (text: string) =>
  text.replace(/&(#\d+|lt|gt|amp|quot|apos);/g, (_, entity: string) =>
    entity.startsWith('#')
      ? String.fromCharCode(Number(entity.slice(1)))
      : (({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" } as Record<string, string>)[entity] as string),
  );
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

export async function startS3StandIn({ pageSize = 1000 }: { pageSize?: number } = {}): Promise<S3StandIn> {
  const buckets = new Map<string, Map<string, StoredObject>>();
  const corruptions = new Set<string>();
  const requests: S3Request[] = [];

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        handle(request, Buffer.concat(chunks), response);
      } catch (error) {
        send(response, 500, errorXml('InternalError', (error as Error).message));
      }
    });
  });

  function handle(request: IncomingMessage, body: Buffer, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const [bucketName = '', ...rest] = url.pathname.slice(1).split('/');
    const key = rest.length > 0 ? decodeURIComponent(rest.join('/')) : undefined;
    const method = request.method ?? 'GET';
    const objects = buckets.get(decodeURIComponent(bucketName));
    const operation = operationOf(method, url, key, request);
    requests.push({ method, operation, bucket: bucketName, key });
    if (standIn.onRequest?.({ method, operation, bucket: bucketName, key }) === 'deny') return send(response, 403, errorXml('AccessDenied', 'Access Denied'));
    if (!objects) return send(response, 404, errorXml('NoSuchBucket', 'The specified bucket does not exist.'));

    switch (operation) {
      case 'ListObjectsV2':
      case 'ListObjects':
        return send(response, 200, listXml(bucketName, objects, url.searchParams, operation === 'ListObjectsV2'));
      case 'PutObject': {
        const payload = /aws-chunked/.test(String(request.headers['content-encoding'] ?? '')) ? decodeChunked(body) : body;
        const md5 = request.headers['content-md5'];
        if (md5 && createHash('md5').update(payload).digest('base64') !== md5)
          return send(response, 400, errorXml('BadDigest', 'The Content-MD5 you specified did not match what we received.'));
        const stored = corruptions.delete(`${bucketName}/${key}`) ? flipLastByte(payload) : payload;
        const etag = `"${createHash('md5').update(stored).digest('hex')}"`;
        const contentType = String(request.headers['content-type'] ?? 'binary/octet-stream');
        const cacheControl = request.headers['cache-control'];
        objects.set(key as string, { body: stored, contentType, cacheControl, lastModified: new Date(), etag });
        response.setHeader('ETag', etag);
        return send(response, 200, '');
      }
      case 'GetObject':
      case 'HeadObject': {
        const object = objects.get(key as string);
        if (!object) return send(response, 404, operation === 'HeadObject' ? '' : errorXml('NoSuchKey', 'The specified key does not exist.', key));
        response.setHeader('Content-Type', object.contentType);
        if (object.cacheControl) response.setHeader('Cache-Control', object.cacheControl);
        response.setHeader('ETag', object.etag);
        response.setHeader('Last-Modified', object.lastModified.toUTCString());
        response.setHeader('Accept-Ranges', 'bytes');
        const range = /^bytes=(\d+)-(\d*)$/.exec(String(request.headers.range ?? ''));
        if (range) {
          const start = Number(range[1]);
          const end = range[2] ? Math.min(Number(range[2]), object.body.length - 1) : object.body.length - 1;
          response.setHeader('Content-Range', `bytes ${start}-${end}/${object.body.length}`);
          return send(response, 206, object.body.subarray(start, end + 1), operation === 'HeadObject');
        }
        return send(response, 200, object.body, operation === 'HeadObject');
      }
      case 'DeleteObject':
        objects.delete(key as string);
        return send(response, 204, '');
      case 'DeleteObjects': {
        const text = body.toString('utf8');
        const keys = [...text.matchAll(/<Key>([\s\S]*?)<\/Key>/g)].map((match) => unxml(match[1] as string));
        for (const deleted of keys) objects.delete(deleted);
        const quiet = /<Quiet>\s*true\s*<\/Quiet>/i.test(text);
        const deletedXml = quiet ? '' : keys.map((deleted) => `<Deleted><Key>${xml(deleted)}</Key></Deleted>`).join('');
        return send(response, 200, `<?xml version="1.0" encoding="UTF-8"?>\n<DeleteResult xmlns="${XMLNS}">${deletedXml}</DeleteResult>`);
      }
      default:
        return send(response, 501, errorXml('NotImplemented', `the deploy tests' S3 server does not answer ${operation}`));
    }
  }

  function listXml(bucket: string, objects: Map<string, StoredObject>, query: URLSearchParams, v2: boolean): string {
    const prefix = query.get('prefix') ?? '';
    const delimiter = query.get('delimiter') ?? '';
    const maxKeys = Math.min(Number(query.get('max-keys') ?? 1000), pageSize);
    const encode = query.get('encoding-type') === 'url';
    const shown = (text: string) => xml(encode ? encodeURIComponent(text).replace(/%2F/g, '/') : text);
    const token = query.get('continuation-token');
    const after = v2 ? (token ? Buffer.from(token, 'base64url').toString('utf8') : (query.get('start-after') ?? '')) : (query.get('marker') ?? '');
    const contents: string[] = [];
    const prefixes: string[] = [];
    let last = '';
    let truncated = false;
    for (const key of [...objects.keys()].sort(byteOrder)) {
      if (!key.startsWith(prefix) || byteOrder(key, after) <= 0) continue;
      const cut = delimiter ? key.indexOf(delimiter, prefix.length) : -1;
      const commonPrefix = cut === -1 ? undefined : key.slice(0, cut + delimiter.length);
      if (commonPrefix !== undefined && (prefixes.at(-1) === commonPrefix || byteOrder(commonPrefix, after) <= 0)) continue;
      if (contents.length + prefixes.length === maxKeys) {
        truncated = true;
        break;
      }
      if (commonPrefix !== undefined) {
        prefixes.push(commonPrefix);
        // Past every key of this prefix: the next page starts after them.
        last = `${commonPrefix}\u{10FFFF}`;
        continue;
      }
      const object = objects.get(key) as StoredObject;
      contents.push(
        `<Contents><Key>${shown(key)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified><ETag>${xml(object.etag)}</ETag><Size>${object.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
      );
      last = key;
    }
    const paging = v2
      ? `<KeyCount>${contents.length + prefixes.length}</KeyCount>${token ? `<ContinuationToken>${xml(token)}</ContinuationToken>` : ''}${truncated ? `<NextContinuationToken>${Buffer.from(last).toString('base64url')}</NextContinuationToken>` : ''}`
      : `<Marker>${shown(after)}</Marker>${truncated ? `<NextMarker>${shown(last)}</NextMarker>` : ''}`;
    return `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="${XMLNS}"><Name>${xml(bucket)}</Name><Prefix>${shown(prefix)}</Prefix>${delimiter ? `<Delimiter>${shown(delimiter)}</Delimiter>` : ''}<MaxKeys>${maxKeys}</MaxKeys>${encode ? '<EncodingType>url</EncodingType>' : ''}<IsTruncated>${truncated}</IsTruncated>${paging}${contents.join('')}${prefixes.map((common) => `<CommonPrefixes><Prefix>${shown(common)}</Prefix></CommonPrefixes>`).join('')}</ListBucketResult>`;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const standIn: S3StandIn = {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    createBucket: (name) => void buckets.set(name, new Map()),
    objects: (bucket) => buckets.get(bucket) ?? new Map(),
    corruptNextPut: (bucket, key) => void corruptions.add(`${bucket}/${key}`),
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
  return standIn;
}

function operationOf(method: string, url: URL, key: string | undefined, request: IncomingMessage): string {
  const query = url.searchParams;
  const unsupported = ['uploads', 'uploadId', 'acl', 'tagging', 'versions', 'location', 'versioning', 'policy'].find((name) => query.has(name));
  if (unsupported) return `${method} ?${unsupported}`;
  if (key === undefined || key === '') {
    if (method === 'GET') return query.get('list-type') === '2' ? 'ListObjectsV2' : 'ListObjects';
    if (method === 'POST' && query.has('delete')) return 'DeleteObjects';
    return `${method} bucket`;
  }
  if (method === 'PUT') return request.headers['x-amz-copy-source'] ? 'CopyObject' : 'PutObject';
  return ({ GET: 'GetObject', HEAD: 'HeadObject', DELETE: 'DeleteObject' } as Record<string, string>)[method] ?? `${method} object`;
}

/** The payload of an `aws-chunked` body: `<hex size>[;chunk-signature=…]\r\n<bytes>\r\n`… up to a 0-size chunk (trailers after it ignored). */
function decodeChunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    const size = parseInt(body.subarray(at, lineEnd).toString('latin1').split(';')[0] as string, 16);
    if (!Number.isFinite(size) || lineEnd === -1) throw new Error('malformed aws-chunked body');
    if (size === 0) return Buffer.concat(parts);
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

function flipLastByte(bytes: Buffer): Buffer {
  const copy = Buffer.from(bytes);
  copy[copy.length - 1] = (copy[copy.length - 1] as number) ^ 0x01;
  return copy;
}

function errorXml(code: string, message: string, key?: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xml(message)}</Message>${key ? `<Key>${xml(key)}</Key>` : ''}<RequestId>stand-in</RequestId></Error>`;
}

function send(response: ServerResponse, status: number, body: string | Buffer, headOnly = false): void {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  response.statusCode = status;
  if (typeof body === 'string' && body.startsWith('<?xml')) response.setHeader('Content-Type', 'application/xml');
  response.setHeader('Content-Length', bytes.length);
  response.end(headOnly ? undefined : bytes);
}
