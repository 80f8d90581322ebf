import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { apiNotFound } from './errors.ts';

const API_PREFIXES = ['/api/', '/api-web/', '/media/'];
const isApiPath = (url: string) => API_PREFIXES.some((prefix) => url.startsWith(prefix)) || url === '/api';

/** The web build's directory when it holds an index.html, else null (no build: the API alone). */
export function webDistDir(distDir: string | null): string | null {
  return distDir && existsSync(path.join(distDir, 'index.html')) ? distDir : null;
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * unknown non-API GET answered with index.html so the client router can show it (history fallback).
 */
export async function webAppPlugin(app: FastifyInstance, options: { distDir: string | null }) {
  const { distDir } = options;
  if (distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (vite.config.ts): sent as they are, never compressed again.
      preCompressed: true,
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // A missing hashed asset (a tab left open across a deploy) is a 404, not the app's HTML.
    const isAsset = request.url.startsWith('/assets/');
    if (
      !distDir ||
      isAsset ||
      isApiPath(request.url) ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return apiNotFound(reply);
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
