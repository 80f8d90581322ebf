// Writes format-pekerjaan-selesai.zip, the completed-work import template the server serves at
// GET /api/completed-work/template: `npm run template:completed-work -w @eusulan/server`. The output is
// byte-for-byte reproducible; a test fails when the committed file and the builder disagree.
import { writeFile } from 'node:fs/promises';
import { TEMPLATE_PATH } from '../src/modules/completed-work/completed-work.routes.ts';
import { buildTemplateZip } from '../src/modules/completed-work/completed-work-template.ts';

const zip = await buildTemplateZip();
await writeFile(TEMPLATE_PATH, zip);
console.log(`${TEMPLATE_PATH}: ${zip.length} bytes`);
