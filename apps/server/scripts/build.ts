// npm run build -w @eusulan/server: the production bundle npm start runs (dist/main.js), so the server
// starts without tsx, whose loader costs ~40 MB in the server and again in every parsing thread.
// Own code and @eusulan/shared are bundled; packages from node_modules stay imports, resolved at run time.
// Files the server reads (migrations, templates, reference data) stay in src/ (server-files.ts).
import { copyFile, mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { SERVER_DIR } from '../src/server-files.ts';

const DIST = path.join(SERVER_DIR, 'dist');

/**
 * Modules that run in a worker thread (lib/worker-task.ts) get bundles of their own, flat in dist/, where
 * runInWorker looks for them by the file name of their source.
 */
const WORKER_MODULES = [
  'src/modules/proposal/proposal-import-cells.ts',
  'src/modules/completed-work/completed-work-layer.ts',
];

/** Bare imports stay imports, except the workspace's own packages, which are TypeScript sources. */
const keepPackagesExternal: Plugin = {
  name: 'keep-packages-external',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@eusulan/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer() {
  const startedAt = performance.now();
  await rm(DIST, { recursive: true, force: true });
  await mkdir(DIST, { recursive: true });
  await build({
    absWorkingDir: SERVER_DIR,
    entryPoints: [
      { in: 'src/main.ts', out: 'main' },
      ...WORKER_MODULES.map((file) => ({ in: file, out: path.basename(file, '.ts') })),
    ],
    outdir: DIST,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // No shared chunks: every bundle must sit in dist/ itself, since server-files.ts and the worker
    // modules' URLs are resolved from the bundle's own location. The thread bundles are small.
    plugins: [keepPackagesExternal],
    logLevel: 'warning',
  });
  // The thread entry is plain JavaScript; runInWorker finds it beside the bundle.
  await copyFile(path.join(SERVER_DIR, 'src/lib/worker-entry.mjs'), path.join(DIST, 'worker-entry.mjs'));
  return performance.now() - startedAt;
}

/** The newest modification time of the files under `folder` (0 when it does not exist). */
async function newestChange(folder: string): Promise<number> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  let newest = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, (await stat(path.join(entry.parentPath, entry.name))).mtimeMs);
  }
  return newest;
}

/**
 * Builds the bundle when it is missing or older than a source of the server or the shared package: what the
 * e2e harness and the benches call before starting the production server, so they never run stale code.
 */
export async function ensureServerBuild() {
  const built = await stat(path.join(DIST, 'main.js')).then(
    (info) => info.mtimeMs,
    () => 0,
  );
  const sources = Math.max(
    await newestChange(path.join(SERVER_DIR, 'src')),
    await newestChange(path.join(SERVER_DIR, '../../packages/shared/src')),
  );
  if (built && built >= sources) return false;
  await buildServer();
  return true;
}

/** The production server's entry point. */
export const SERVER_BUNDLE = path.join(DIST, 'main.js');

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(SERVER_DIR, 'scripts/build.ts')) {
  const elapsed = await buildServer();
  console.log(`server bundle in ${path.relative(process.cwd(), DIST) || DIST} (${Math.round(elapsed)} ms)`);
}
