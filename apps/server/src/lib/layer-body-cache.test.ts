import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, LayerBodyCache } from './layer-body-cache.ts';

describe('acceptedEncoding', () => {
  it('prefers br, then gzip, and honours q=0 and a server that does not compress', () => {
    expect(acceptedEncoding('gzip, deflate, br', true)).toBe('br');
    expect(acceptedEncoding('gzip;q=1.0, br;q=0', true)).toBe('gzip');
    expect(acceptedEncoding('*', true)).toBe('gzip');
    expect(acceptedEncoding('deflate', true)).toBe('identity');
    expect(acceptedEncoding(undefined, true)).toBe('identity');
    expect(acceptedEncoding('br', false)).toBe('identity');
  });
});

describe('LayerBodyCache', () => {
  const text = JSON.stringify({
    data: Array.from({ length: 2000 }, (_, id) => ({ id, line: 'vx}yLgr~_vEfjIovA' })),
  });

  it('compresses once per key and encoding, shares the making between callers, and decodes back', async () => {
    const bodies = new LayerBodyCache(10 * 1024 * 1024);
    let made = 0;
    const make = async () => {
      made++;
      return text;
    };
    const [first, second] = await Promise.all([bodies.get('v1', 'br', make), bodies.get('v1', 'br', make)]);
    expect(made).toBe(1);
    expect(second).toBe(first);
    expect(first.length).toBeLessThan(text.length / 5);
    expect(brotliDecompressSync(first).toString()).toBe(text);
    expect(gunzipSync(await bodies.get('v1', 'gzip', make)).toString()).toBe(text);
    expect((await bodies.get('v1', 'identity', make)).toString()).toBe(text);
    expect(made).toBe(3);
    await bodies.get('v1', 'br', make);
    expect(made).toBe(3);
  });

  it('answers br at once and keeps a smaller br made in the background for the next callers', async () => {
    // Lines that differ like real ones do: a repeated string would leave a deeper search nothing to find.
    let seed = 7;
    const random = () => {
      seed = (seed * 16_807) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    const lines = JSON.stringify(
      Array.from({ length: 3000 }, (_, id) => ({
        id,
        line: Array.from({ length: 12 }, () => String.fromCharCode(63 + Math.floor(random() * 60))).join(''),
      })),
    );
    const bodies = new LayerBodyCache(10 * 1024 * 1024);
    let made = 0;
    const make = async () => {
      made++;
      return lines;
    };
    const first = await bodies.get('layer', 'br', make);
    await bodies.refined();
    const later = await bodies.get('layer', 'br', make);
    expect(made).toBe(1);
    expect(later.length).toBeLessThan(first.length);
    expect(brotliDecompressSync(later).toString()).toBe(lines);
  });

  it('drops the least recently used bodies beyond its byte budget, and a failed making is not kept', async () => {
    const bodies = new LayerBodyCache(text.length * 2.5);
    let made = 0;
    const make = async () => {
      made++;
      return text;
    };
    await bodies.get('a', 'identity', make);
    await bodies.get('b', 'identity', make);
    await bodies.get('a', 'identity', make); // a is now the most recent
    await bodies.get('c', 'identity', make); // over budget: b goes
    expect(made).toBe(3);
    await bodies.get('a', 'identity', make);
    await bodies.get('c', 'identity', make);
    expect(made).toBe(3);
    await bodies.get('b', 'identity', make);
    expect(made).toBe(4);

    const failing = () => Promise.reject(new Error('database gone'));
    await expect(bodies.get('d', 'br', failing)).rejects.toThrow('database gone');
    expect((await bodies.get('d', 'br', make)).length).toBeGreaterThan(0);
    expect(made).toBe(5);
  });
});
