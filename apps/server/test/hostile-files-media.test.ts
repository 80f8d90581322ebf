import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { proposalFiles } from '../src/db/schema/index.ts';
import { entriesUnder, openHostileOffice, type Reply } from './hostile-files.ts';
import { describeUploadLimits } from './hostile-upload-limits.ts';
import {
  acceptedFile,
  expectHarmless,
  HOSTILE_NAMES,
  HTML_PAGE,
  newProposal,
  PNG,
  upload,
  uploadRoutes,
} from './hostile-upload-routes.ts';

/**
 * Hostile files on the routes that store documents, photos and videos (the setting is hostile-files.ts):
 * spoofed content, sizes at and over each limit, hostile names, and the headers stored
 * files are served with: nosniff, a sandboxing CSP and a Content-Disposition no name can break.
 */
const office = openHostileOffice();
const routes = uploadRoutes(office).filter((route) => ['document', 'image', 'video'].includes(route.kind));

describeUploadLimits(office, routes);

// ---------------------------------------------------------------------------------------------------------
// Names: whatever the client calls a file, it is stored under a key of ours and shown by a harmless name

describe.each(routes)('$name: hostile names', (route) => {
  it('stores each under a key of its own inside DATA_DIR/files and shows a harmless name', async () => {
    const file = await acceptedFile(office, route.kind);
    const ext = route.kind === 'video' ? 'mp4' : 'png';
    for (const hostile of HOSTILE_NAMES) {
      const before = entriesUnder(office.t.config.DATA_DIR);
      const response = await upload(office, route, await route.target(), {
        ...file,
        name: hostile.name.replace(/\.png$/, `.${ext}`),
        parameters: hostile.parameters?.replace(/\.png$/, `.${ext}`),
      });
      expect(response.statusCode, `${hostile.label}: ${response.body.slice(0, 300)}`).toBeLessThan(300);
      const stored = await route.stored!();
      expectHarmless(stored.name, ext);
      expect(stored.storageKey).toMatch(new RegExp(`^(proposals|surveys)/\\d+/[0-9a-f-]{36}\\.${ext}$`));
      // One new file (and at most its folders), all under files/; the staging directory as it was.
      const added = entriesUnder(office.t.config.DATA_DIR).filter((entry) => !before.includes(entry));
      expect(added.filter((entry) => !entry.endsWith('/'))).toEqual([path.join('files', stored.storageKey)]);
      expect(added.every((entry) => entry.startsWith('files/'))).toBe(true);
    }
    expect(existsSync(path.join(office.t.config.DATA_DIR, '..', 'etc'))).toBe(false);
  });

  it('keeps readable names as they were written', async () => {
    const file = await acceptedFile(office, route.kind);
    const ext = route.kind === 'video' ? 'mp4' : 'png';
    const response = await upload(office, route, await route.target(), {
      ...file,
      name: `Jalan Raya Darmo – retak ✓.${ext}`,
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(300);
    expect((await route.stored!()).name).toBe(`Jalan Raya Darmo – retak ✓.${ext}`);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Served files: never run as a page, never named so the header breaks

describe('served files', () => {
  const media = (url: string, query = '') =>
    office.t.app.inject({ method: 'GET', url: `${url}${query}`, headers: office.headersOf.admin });

  function expectSafeHeaders(response: Reply, contentType: string, disposition: 'inline' | 'attachment') {
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(contentType);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // A personal document never stays in a cache, the browser's included.
    expect(response.headers['cache-control']).toBe('private, no-store');
    const header = String(response.headers['content-disposition']);
    expect(header).toMatch(
      new RegExp(`^${disposition}; filename="[\\x20-\\x7e]*"; filename\\*=UTF-8''[\\w%.!~*'()-]*$`),
    );
    expect(header).not.toMatch(/[\r\n]/);
    expect(response.headers['set-cookie']).toBeUndefined();
    return header;
  }

  it('serves an upload that is an image to a sniffer but HTML after it as image/png, nosniff, sandboxed', async () => {
    const polyglot = Buffer.concat([PNG, HTML_PAGE]);
    const route = routes[0]!;
    const response = await upload(office, route, await route.target(), {
      name: 'foto.png',
      content: polyglot,
    });
    expect(response.statusCode, response.body).toBe(201);
    const [file] = response.json().data.proposalFiles as { link: string }[];
    const served = await media(file!.link);
    expectSafeHeaders(served, 'image/png', 'inline');
    expect(served.rawPayload.equals(polyglot)).toBe(true);
    expectSafeHeaders(await media(file!.link, '?download=1'), 'image/png', 'attachment');
  });

  it('serves survey photos and videos with the same headers', async () => {
    for (const kind of ['photo', 'video'] as const) {
      const route = routes.find((candidate) => candidate.name === `POST survey/{id}/${kind}`)!;
      const response = await upload(
        office,
        route,
        await route.target(),
        await acceptedFile(office, route.kind),
      );
      expect(response.statusCode, response.body).toBe(201);
      const survey = response.json().data as {
        surveyPhotos: { link: string }[];
        surveyVideos: { link: string }[];
      };
      const link = (kind === 'photo' ? survey.surveyPhotos : survey.surveyVideos)[0]!.link;
      expectSafeHeaders(await media(link), kind === 'photo' ? 'image/png' : 'video/mp4', 'inline');
    }
  });

  /** A stored file with a name and type as any writer of the table might have left them. */
  async function storedFile(name: string, mimeType: string) {
    const proposalId = await newProposal(office, 'verified');
    const storageKey = `proposals/${proposalId}/${randomUUID()}.bin`;
    mkdirSync(path.join(office.t.config.DATA_DIR, 'files', 'proposals', String(proposalId)), {
      recursive: true,
    });
    writeFileSync(path.join(office.t.config.DATA_DIR, 'files', storageKey), HTML_PAGE);
    const [row] = await office.t.db
      .insert(proposalFiles)
      .values({
        proposalId,
        kind: 'proposal',
        name,
        ext: 'bin',
        mimeType,
        size: HTML_PAGE.length,
        storageKey,
      })
      .returning({ id: proposalFiles.id });
    return `/api-web/media/proposal-file/${row!.id}`;
  }

  it.each([
    { label: 'an HTML page', name: 'halaman.html', mimeType: 'text/html' },
    { label: 'an SVG', name: 'gambar.svg', mimeType: 'image/svg+xml' },
    { label: 'XHTML', name: 'halaman.xhtml', mimeType: 'application/xhtml+xml' },
    { label: 'an unknown type', name: 'berkas.bin', mimeType: 'application/octet-stream' },
  ])('offers $label only as a download', async ({ name, mimeType }) => {
    expectSafeHeaders(await media(await storedFile(name, mimeType)), mimeType, 'attachment');
  });

  it.each([
    {
      label: 'a header break and a cookie',
      name: 'foto.png"\r\nSet-Cookie: sesi=curian\r\nX-Evil: 1',
      ascii: 'foto.pngSet-Cookie: sesi=curianX-Evil: 1',
    },
    { label: 'quotes and a backslash', name: 'a"b\\c.png', ascii: 'abc.png' },
    { label: 'a right-to-left override', name: 'foto\u202egnp.exe', ascii: 'fotognp.exe' },
    // The database keeps text as UTF-8: half an emoji comes back as U+FFFD, and must still not break anything.
    { label: 'a lone surrogate', name: 'foto\ud83d.png', ascii: 'foto_.png', shown: 'foto\ufffd.png' },
    {
      label: 'Indonesian text',
      name: 'Jalan Raya Darmo – retak ✓.png',
      ascii: 'Jalan Raya Darmo _ retak _.png',
    },
  ])('names a stored file with $label without breaking the header', async ({ name, ascii, shown }) => {
    const header = expectSafeHeaders(await media(await storedFile(name, 'image/png')), 'image/png', 'inline');
    expect(header).toContain(`filename="${ascii}"`);
    const encoded = /filename\*=UTF-8''(.*)$/.exec(header)![1]!;
    expect(decodeURIComponent(encoded)).toBe((shown ?? name).replace(/[\p{Cc}\p{Cf}"\\]/gu, ''));
  });
});
