// What every upload route must withstand, whatever it takes: executables and pages under an
// accepted name, one byte over its limit and exactly at it, and a body far over it, cut and never read.

import { statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { MB, PROPOSAL_MESSAGES } from '@eusulan/shared';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGE } from '../src/lib/http-error.ts';
import { zipEntries } from '../src/modules/completed-work/completed-work-shapefile-writer.ts';
import {
  expectRefused,
  type FilePart,
  type HostileOffice,
  MULTIPART_TYPE,
  multipartChunks,
  type Reply,
  refusalTexts,
  snapshot,
} from './hostile-files.ts';
import {
  acceptedFile,
  HTML_PAGE,
  type Kind,
  PNG,
  type UploadRoute,
  upload,
} from './hostile-upload-routes.ts';
import { fixture } from './multipart.ts';

/** The smallest Windows executable `file` and file-type recognise: MZ, a PE signature, an x86-64 header. */
function windowsExecutable() {
  const exe = Buffer.alloc(512);
  exe.write('MZ', 0, 'latin1');
  exe.writeUInt32LE(0x40, 0x3c); // e_lfanew
  exe.write('PE\0\0', 0x40, 'latin1');
  exe.writeUInt16LE(0x8664, 0x44); // machine: x86-64
  exe.writeUInt16LE(0xf0, 0x54); // optional header size
  exe.writeUInt16LE(0x22, 0x56); // an executable image
  exe.writeUInt16LE(0x20b, 0x58); // PE32+
  exe.writeUInt16LE(3, 0x58 + 68); // console subsystem
  return exe;
}

const SVG_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>',
);

async function docxFile() {
  const docx = new JSZip();
  docx.file(
    '[Content_Types].xml',
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  docx.file(
    'word/document.xml',
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
  );
  return docx.generateAsync({ type: 'nodebuffer' });
}

/** Content that is not what its name says, per kind of route: executables and pages everywhere, plus the near misses. */
async function spoofsFor(office: HostileOffice, kind: Kind): Promise<{ label: string; content: Buffer }[]> {
  const everywhere = [
    { label: 'a Linux executable (ELF)', content: fixture('program.png').content },
    { label: 'a Windows executable (PE)', content: windowsExecutable() },
    { label: 'an HTML page with a script', content: HTML_PAGE },
  ];
  const nearMisses: Record<Kind, { label: string; content: Buffer }[]> = {
    document: [{ label: 'an SVG with a script', content: SVG_SCRIPT }],
    image: [{ label: 'a PDF (a document, not a photo)', content: fixture('surat-usulan.pdf').content }],
    video: [{ label: 'a PNG (a photo, not a video)', content: PNG }],
    xlsx: [
      {
        label: 'a zip that is no workbook',
        content: await zipEntries([{ name: 'data.csv', content: 'a,b\n' }]),
      },
      { label: 'a Word document', content: await docxFile() },
    ],
    zip: [{ label: 'a workbook (a zip inside, but no zip)', content: office.goodWorkbook }],
  };
  return [...everywhere, ...nearMisses[kind]];
}

const SPOOF_NAMES: Record<Kind, string[]> = {
  document: ['foto.jpg', 'gambar.png', 'surat.pdf'],
  image: ['foto.jpg', 'foto.png'],
  video: ['rekaman.mp4'],
  xlsx: ['usulan.xlsx'],
  zip: ['pekerjaan.zip'],
};

/** How every upload route refuses a file at the door (type, size): 422 with the file field's text. */
const AT_THE_DOOR = { status: 422, message: VALIDATION_MESSAGE };

/**
 * The tests every upload route gets, for the given routes of the file's office: spoofed content refused at
 * the door, one byte over the limit refused, exactly the limit taken, a body far over it cut.
 */
export function describeUploadLimits(office: HostileOffice, routes: UploadRoute[]) {
  describe.each(routes)('$name', (route) => {
    it('refuses executables and pages named as an accepted type, writing nothing', async () => {
      const target = await route.target();
      const before = await snapshot(office);
      for (const spoof of await spoofsFor(office, route.kind)) {
        for (const name of SPOOF_NAMES[route.kind]) {
          const response = await upload(office, route, target, { name, content: spoof.content });
          expect(response.statusCode, `${spoof.label} as ${name}`).toBe(AT_THE_DOOR.status);
          expect(response.json().status.message).toBe(AT_THE_DOOR.message);
          expect(refusalTexts(response)).toEqual([`${PROPOSAL_MESSAGES.fileType} (${name})`]);
        }
      }
      expect(await snapshot(office)).toEqual(before);
    });

    it('refuses a file one byte over its limit with the spec text, and closes the connection', async () => {
      const target = await route.target();
      const response = await expectRefused(
        office,
        async () => upload(office, route, target, await acceptedFile(office, route.kind, route.limit + 1)),
        { ...AT_THE_DOOR, texts: [PROPOSAL_MESSAGES.fileSize(route.limit / MB)] },
      );
      expect(response.headers.connection).toBe('close');
    });

    it('takes a file of exactly its limit, whole', async () => {
      const response = await upload(
        office,
        route,
        await route.target(),
        await acceptedFile(office, route.kind, route.limit),
      );
      expect(response.statusCode, response.body.slice(0, 500)).toBeLessThan(300);
      if (route.kind === 'xlsx') {
        expect(response.json().data).toEqual({ imported: 1 });
        return;
      }
      const stored = await route.stored!();
      expect(statSync(path.join(office.t.config.DATA_DIR, 'files', stored.storageKey)).size).toBe(
        route.limit,
      );
    });
  });

  describe('a body far over the limit', () => {
    let origin: string;
    beforeAll(async () => {
      origin = await office.t.app.listen({ host: '127.0.0.1', port: 0 });
    });

    /**
     * Streams `bytes` of file to the route over a real socket, at the pace the server reads. Resolves with
     * the answer, how much had been sent when it came, and whether the server let the upload finish.
     */
    function streamUpload(
      route: UploadRoute,
      target: { url: string; fields: Record<string, string | number> },
      file: FilePart,
    ) {
      return new Promise<{
        status: number;
        body: string;
        sentWhenAnswered: number;
        connection?: string;
        finished: boolean;
        /** The server's close reset the connection before its answer could be read (see below). */
        reset: boolean;
      }>((resolve) => {
        let sent = 0;
        let sentWhenAnswered = -1;
        let finished = false;
        const request = http.request(`${origin}${target.url}`, {
          method: 'POST',
          headers: { ...office.headersOf[route.role], 'content-type': MULTIPART_TYPE },
        });
        request.on('response', (response) => {
          sentWhenAnswered = sent;
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            body += chunk;
          });
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              body,
              sentWhenAnswered,
              connection: response.headers.connection,
              finished,
              reset: false,
            }),
          );
        });
        // Writing into a closed connection fails: that is the cut this test expects. When the server closes
        // while bytes are still arriving, its kernel answers them with a reset, which can overtake the answer
        // on a busy machine (seen in CI); the cut itself is then what the client sees.
        request.on('error', () => {
          if (sentWhenAnswered < 0) {
            resolve({ status: 0, body: '', sentWhenAnswered: sent, finished, reset: true });
          }
        });
        const chunks = multipartChunks(target.fields, route.field, file);
        const pump = () => {
          for (let next = chunks.next(); !next.done; next = chunks.next()) {
            if (request.destroyed || sentWhenAnswered >= 0) return;
            sent += next.value.length;
            if (!request.write(next.value)) {
              request.once('drain', pump);
              return;
            }
          }
          finished = true;
          request.end();
        };
        pump();
      });
    }

    const BEYOND = 64 * MB;

    it.each(routes)(
      '$name: answered before the rest is sent, the connection closed, memory flat',
      async (route) => {
        const target = await route.target();
        const file = await acceptedFile(office, route.kind);
        const total = route.limit + BEYOND;
        const before = await snapshot(office);
        const rssBefore = process.memoryUsage().rss;
        const result = await streamUpload(route, target, {
          ...file,
          content: { head: Buffer.isBuffer(file.content) ? file.content : file.content.head, size: total },
        });
        if (!result.reset) {
          expect(result.status, result.body).toBe(422);
          expect(refusalTexts({ json: () => JSON.parse(result.body) } as Reply)).toEqual([
            PROPOSAL_MESSAGES.fileSize(route.limit / MB),
          ]);
          expect(result.connection).toBe('close');
        }
        // Socket buffers on both sides hold a few MB; the server read no further than that past the limit.
        expect(result.sentWhenAnswered).toBeLessThan(route.limit + 16 * MB);
        expect(result.finished).toBe(false);
        expect(process.memoryUsage().rss - rssBefore).toBeLessThan(BEYOND);
        expect(await snapshot(office)).toEqual(before);
      },
    );
  });
}
