import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';

export type BodyEncoding = 'br' | 'gzip' | 'identity';

/** Responses are compressed by the server only in production (elsewhere a proxy or nobody needs it). */
export const compressesResponses = (config: Pick<AppConfig, 'NODE_ENV'>) => config.NODE_ENV === 'production';

/** The best encoding the client accepts: br, then gzip, else none (an entry with q=0 is a refusal). */
export function acceptedEncoding(header: string | string[] | undefined, compress: boolean): BodyEncoding {
  if (!compress || !header) return 'identity';
  const accepted = new Set<string>();
  for (const entry of String(header).split(',')) {
    const [name = '', ...parameters] = entry.trim().toLowerCase().split(';');
    const refused = parameters.some((parameter) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(parameter));
    if (!refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Brotli at `quality`, in text mode, off the event loop (zlib's thread pool). */
const brotliAt = (buffer: Buffer, quality: number) =>
  brotli(buffer, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
    },
  });

/**
 * The first answer's brotli quality: on the 16 MB completed-work layer quality 3 takes a third of quality
 * 4's time, so the first caller waits least.
 */
const FAST_BROTLI = 3;
/**
 * The quality a cached br body is then made again at, in the background: 12% fewer bytes than quality 3 on
 * encoded polylines (which keeps both map layers under 10 MB), at about seven times its time, which no one
 * waits for.
 */
const REFINED_BROTLI = 5;

function encode(buffer: Buffer, encoding: BodyEncoding): Promise<Buffer> {
  if (encoding === 'br') return brotliAt(buffer, FAST_BROTLI);
  if (encoding === 'gzip') return gzipAsync(buffer, { level: 6 });
  return Promise.resolve(buffer);
}

/**
 * A cache of large answers that only change with a version (the dashboard's map layers), ready to send per
 * version and encoding, newest used last out, up to a byte budget. Callers asking for the same key while it
 * is being made share the one making. Only a speed-up: a miss rebuilds the body from the database, so
 * instances need not share it.
 */
export class LayerBodyCache {
  private readonly entries = new Map<string, { body: Promise<Buffer>; bytes: number }>();
  private bytes = 0;
  private readonly refining = new Set<Promise<void>>();

  constructor(private readonly maxBytes: number) {}

  get(key: string, encoding: BodyEncoding, make: () => Promise<string>): Promise<Buffer> {
    const cacheKey = `${encoding}|${key}`;
    const found = this.entries.get(cacheKey);
    if (found) {
      this.entries.delete(cacheKey);
      this.entries.set(cacheKey, found);
      return found.body;
    }
    let plain: Buffer | undefined;
    const entry = {
      body: make().then((text) => {
        plain = Buffer.from(text);
        return encode(plain, encoding);
      }),
      bytes: 0,
    };
    this.entries.set(cacheKey, entry);
    entry.body.then(
      (body) => {
        if (this.entries.get(cacheKey) !== entry) return;
        entry.bytes = body.length;
        this.bytes += body.length;
        this.evict();
        if (encoding === 'br' && plain) this.refine(cacheKey, entry, plain);
      },
      () => {
        if (this.entries.get(cacheKey) === entry) this.entries.delete(cacheKey);
      },
    );
    return entry.body;
  }

  /** Resolves once every background recompression started so far has finished (tests, benches). */
  async refined(): Promise<void> {
    await Promise.all(this.refining);
  }

  /** Makes a cached br body again at REFINED_BROTLI and keeps the smaller one, if the entry is still cached. */
  private refine(cacheKey: string, entry: { body: Promise<Buffer>; bytes: number }, plain: Buffer) {
    const work = brotliAt(plain, REFINED_BROTLI).then(
      (refined) => {
        if (this.entries.get(cacheKey) !== entry || refined.length >= entry.bytes) return;
        this.bytes += refined.length - entry.bytes;
        entry.bytes = refined.length;
        entry.body = Promise.resolve(refined);
      },
      // Only an improvement: the quality-3 body stays.
      () => undefined,
    );
    this.refining.add(work);
    void work.finally(() => this.refining.delete(work));
  }

  private evict() {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes || this.entries.size <= 1) break;
      this.entries.delete(key);
      this.bytes -= entry.bytes;
    }
  }
}

/**
 * Sends a JSON body from the cache in the client's best encoding; the response compressor leaves a body
 * that already has a Content-Encoding alone.
 */
export async function sendCachedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { cache: LayerBodyCache; key: string; compress: boolean; make: () => Promise<string> },
) {
  const encoding = acceptedEncoding(request.headers['accept-encoding'], options.compress);
  const body = await options.cache.get(options.key, encoding, options.make);
  reply.header('Content-Type', 'application/json; charset=utf-8').header('Vary', 'Accept-Encoding');
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply.send(body);
}

/** A weak ETag of what an answer depends on (its data's version, the filter asked for). */
export const weakEtag = (...parts: unknown[]) =>
  `W/"${createHash('sha1').update(JSON.stringify(parts)).digest('base64url').slice(0, 27)}"`;

/**
 * Answers 304 when the browser's copy is current; otherwise sets the validators. The data is the user's
 * (private) and must be revalidated each time (no-cache), which costs one cheap version query.
 */
export function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('ETag', etag).header('Cache-Control', 'private, no-cache');
  const sent = request.headers['if-none-match'];
  if (!sent) return false;
  return sent.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*');
}
