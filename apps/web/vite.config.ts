/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { BUNDLE_REPORT_DIR, bundleReport } from './bundle-report.ts';

const API_SERVER = 'http://127.0.0.1:3000';

/**
 * Web test files that replace modules (vi.mock, vi.doMock): each gets a module graph of its own (see
 * test.projects). Found by reading the files, so a new file that mocks cannot be left out of the list.
 */
function testsThatMockModules(): string[] {
  const src = fileURLToPath(new URL('./src/', import.meta.url));
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .map((file) => file.replaceAll('\\', '/'))
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) => /\bvi\.(doMock|mock)\(/.test(readFileSync(`${src}${file}`, 'utf8')))
    .map((file) => `src/${file}`);
}
const ISOLATED_TESTS = testsThatMockModules();

export default defineConfig({
  plugins: [
    react(),
    // The bundle report lives beside dist/, so the server never serves it.
    visualizer({
      filename: `${BUNDLE_REPORT_DIR}stats.html`,
      title: 'e-Usulan Jalan: bundle',
      template: 'treemap',
      gzipSize: true,
    }),
    bundleReport(),
    // Each file also as .br (brotli 11) and .gz (level 9), made once here: the server sends them as they
    // are (@fastify/static preCompressed), about 18 % smaller than what it compresses per request.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': API_SERVER,
      '/api-web': API_SERVER,
      '/media': API_SERVER,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // A lazily loaded chunk's imports are fetched as the browser reads it, not announced first by one
    // modulepreload link each: the links lengthen a mobile start-up's module evaluation and first commit
    // (docs/performance.md). index.html's own links stay, and so do the
    // stylesheets a lazy chunk needs.
    modulePreload: {
      resolveDependencies: (_file, deps, context) => (context.hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      treeshake: {
        // antd's rc-components and style helpers declare no sideEffects field, so every module a package's
        // index imports would be kept: the login page's Input would pull the whole form library through one
        // context import. They only define components and functions, so dropping unused ones is safe.
        moduleSideEffects: [
          {
            test: /[\\/]node_modules[\\/](@rc-component|@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color))[\\/]/,
            sideEffects: false,
          },
        ],
      },
      output: {
        // React and the query client change less often than screens; their own chunks stay cached across
        // deploys. antd is left to the bundler so each route loads only the components it uses.
        codeSplitting: {
          // A group takes only the modules it names; shared helpers stay where the bundler puts them, so a
          // group never drags code the login page needs into a chunk it would otherwise not load.
          includeDependenciesRecursively: false,
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            // Menus and dropdowns belong to the signed-in shells; kept apart so the login page never loads them.
            { name: 'menu', test: /node_modules[\\/]@rc-component[\\/](menu|overflow|dropdown)[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // Tests that open a shell and a dialog import the frame, the shell, the screen and the dialog host lazily;
    // on a busy 2-core machine that passes 5 s.
    testTimeout: 15_000,
    projects: [
      // Most files share one module graph per worker, so antd and React are not loaded again for each
      // file. setup.ts resets what a test leaves behind (DOM, storage, query cache,
      // profile, stubbed globals, timers), so no file resets anything itself.
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ISOLATED_TESTS,
          isolate: false,
        },
      },
      // Files that replace modules (vi.mock) get their own: a mock would leak into, or miss, the shared graph.
      { extends: true, test: { name: 'isolated', include: ISOLATED_TESTS } },
    ],
  },
});
