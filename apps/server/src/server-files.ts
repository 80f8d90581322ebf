import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The server runs from its TypeScript sources under tsx (development, tests, the command-line tools) or
// from its production bundle (dist/, what npm start runs; scripts/build.ts). Both sit one folder below
// apps/server, so paths taken from this module's own URL hold in either; a module's own import.meta.url
// would not, since bundled modules all share the bundle's.

/** apps/server/ */
export const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url));
export const REPO_ROOT = path.resolve(SERVER_DIR, '../..');

/** True in the production bundle. */
export const RUNS_BUNDLED = import.meta.url.endsWith('.js');

/** A file kept beside the sources (migrations, templates, reference data): read from src/ in both modes. */
export const sourceFile = (relative: string) => path.join(SERVER_DIR, 'src', relative);
