import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { AppConfig } from '../config.ts';

/** Google's documented sources for reCAPTCHA v2 under a CSP (only when it is the configured bot check). */
const RECAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/**
 * Powerful features, all off but two for the app's own pages (never for a frame or another site):
 * geolocation, which a field survey on a phone may come to use, and fullscreen, which a survey video's
 * player offers. Photos and videos are taken through a file input, which opens the camera with no
 * permission at all. Only names Chromium knows: an unknown one is a console error on every page.
 */
const PERMISSIONS_POLICY = [
  'geolocation=(self)',
  'fullscreen=(self)',
  'camera=()',
  'microphone=()',
  'display-capture=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'idle-detection=()',
  'publickey-credentials-get=()',
  'xr-spatial-tracking=()',
].join(', ');

/** The `'sha256-…'` source of each inline script of a page, so the policy lets exactly those run. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = '']) => !/\bsrc\s*=/i.test(attributes))
    .map(([, , body = '']) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
}

/**
 * The CSP source of a configured http(s) address: its scheme and host, with a tile template's `{s}`
 * subdomain as `*.`; null for a path on this server ('self' covers it). A host the policy syntax cannot
 * say (a placeholder elsewhere) widens to its scheme, so a working map is never blocked.
 */
export function sourceOf(address: string): string | null {
  const match = /^(https?:)\/\/([^/?#]+)/i.exec(address.trim());
  if (!match) return null;
  const [, scheme = 'https:', host = ''] = match;
  const wildcarded = host.replace(/^\{s\}\./, '*.');
  return /^(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(wildcarded)
    ? `${scheme.toLowerCase()}//${wildcarded.toLowerCase()}`
    : scheme.toLowerCase();
}

/**
 * The app's Content-Security-Policy: scripts only from this server and any inline script of the built page
 * (by hash; the build currently has none); styles may be inline because antd writes its CSS-in-JS into
 * <style> elements; images also from the map's tile host, the report's logo host and blob:/data: (photo
 * previews, Leaflet's icons); the altcha proof of work runs in a worker made from a blob:. Nothing may frame
 * the app.
 */
export function contentSecurityPolicy(config: AppConfig, scriptHashes: string[]) {
  const isRecaptcha = config.CAPTCHA_PROVIDER === 'recaptcha';
  const imageHosts = [config.MAP_TILE_URL, config.REPORT_LOGO_URL ?? '']
    .map(sourceOf)
    .filter((source): source is string => source !== null);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, ...(isRecaptcha ? RECAPTCHA_SCRIPTS : [])],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...new Set(imageHosts)],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'media-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': isRecaptcha ? RECAPTCHA_FRAMES : ["'none'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** Sets the hardening headers on one answer. */
export type HardenAnswer = (request: FastifyRequest, reply: FastifyReply) => void;

/**
 * Helmet's headers with the app's CSP, and the Permissions-Policy, for any answer. A function rather than
 * hooks alone: Fastify refuses a URL it cannot route before any hook runs (app.ts, frameworkErrors), and that
 * answer must carry them too. HSTS is left to the TLS proxy (docs/deploy.md), the one part that knows the
 * site is served over https.
 *
 * @param indexHtml the built index.html the server sends, whose inline scripts (none today) the policy
 *   allows by hash; null without a build.
 */
export function securityHeaders(config: AppConfig, indexHtml: string | null): HardenAnswer {
  const applyHelmet = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(config, indexHtml ? inlineScriptHashes(indexHtml) : []),
    },
    // Cross-origin requests carry only the origin: never a media link's ?token=, and tile services that ask
    // for a Referer (OpenStreetMap's policy) still get one.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: false,
  });
  return (request, reply) => {
    // Helmet's middleware is synchronous: every header is set when it returns.
    applyHelmet(request.raw, reply.raw, () => {});
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
  };
}

/**
 * Browser hardening on every answer (API, the web app, media, errors, 404s), and `Cache-Control: no-store`
 * on whatever did not choose its own caching, so no answer full of personal data stays in a browser's or a
 * proxy's cache.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: { harden: HardenAnswer }) => {
  app.addHook('onRequest', async (request, reply) => {
    options.harden(request, reply);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
});
