/// <reference types="node" />
// The build's bundle report: what each chunk weighs gzipped and which heavy features it carries.
// Written next to the app, never into dist/, so the server does not serve it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

export const BUNDLE_REPORT_DIR = fileURLToPath(new URL('./bundle-report/', import.meta.url));

/**
 * Code that only some routes may load (maps, rich text, xlsx and print code load only where used).
 * The web app builds no workbooks itself (the server does); its spreadsheet code is the proposal import dialog
 * and the survey export form with its streamed download.
 */
export const HEAVY_FEATURES = {
  maps: /[\\/]node_modules[\\/](leaflet|react-leaflet|@react-leaflet)[\\/]/,
  'rich-text': /[\\/]node_modules[\\/](@tiptap|prosemirror-[a-z-]+)[\\/]/,
  xlsx: /[\\/]src[\\/](features[\\/]survey-export[\\/]|pages[\\/]proposal[\\/]components[\\/]ImportProposalDialog)/,
  print: /[\\/]src[\\/](features[\\/]survey-print|pages[\\/]print)[\\/]/,
} as const;

export type HeavyFeature = keyof typeof HEAVY_FEATURES;

export interface ChunkReport {
  file: string;
  bytes: number;
  gzipBytes: number;
  isEntry: boolean;
  features: HeavyFeature[];
  /** Rendered bytes per package (node_modules) or source folder, largest first. */
  parts: { name: string; bytes: number }[];
}

/** 'antd', '@tiptap/core', 'src/features/dashboard', ...: what a module counts towards in the summary. */
function partOf(moduleId: string): string {
  const id = moduleId.replaceAll('\\', '/').replace(/\?.*$/, '');
  const inPackage = id.lastIndexOf('/node_modules/');
  if (inPackage >= 0) {
    const [scope, name] = id.slice(inPackage + '/node_modules/'.length).split('/');
    return scope?.startsWith('@') ? `${scope}/${name}` : (scope ?? id);
  }
  const inSource = id.indexOf('/src/');
  if (inSource >= 0)
    return id
      .slice(inSource + 1)
      .split('/')
      .slice(0, 3)
      .join('/');
  const inShared = id.indexOf('/packages/shared/');
  if (inShared >= 0) return '@eusulan/shared';
  return id.startsWith('\0') ? 'bundler helpers' : path.basename(id);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Writes bundle-report/chunks.json (every chunk) and summary.txt (the largest chunks), and prints the summary. */
export function bundleReport({ top = 15 } = {}): Plugin {
  let outDir = 'dist';
  return {
    name: 'eusulan-bundle-report',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const chunks: ChunkReport[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        // The file as written (minified), gzipped as the browser bench does.
        const code = readFileSync(path.join(outDir, output.fileName));
        const parts = new Map<string, number>();
        const features = new Set<HeavyFeature>();
        for (const [id, module] of Object.entries(output.modules)) {
          parts.set(partOf(id), (parts.get(partOf(id)) ?? 0) + module.renderedLength);
          for (const [feature, pattern] of Object.entries(HEAVY_FEATURES)) {
            if (pattern.test(id)) features.add(feature as HeavyFeature);
          }
        }
        chunks.push({
          file: output.fileName,
          bytes: code.length,
          gzipBytes: gzipSync(code).length,
          isEntry: output.isEntry,
          features: [...features].sort(),
          parts: [...parts].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes),
        });
      }
      chunks.sort((a, b) => b.gzipBytes - a.gzipBytes);
      const total = chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
      const lines = [
        `Bundle report: ${chunks.length} JavaScript chunks, ${kb(total)} gzip in all (treemap: bundle-report/stats.html)`,
        `Largest ${Math.min(top, chunks.length)} chunks (gzip | raw | file | biggest parts | heavy features):`,
        ...chunks.slice(0, top).map((chunk) => {
          const mainParts = chunk.parts
            .slice(0, 3)
            .map((part) => part.name)
            .join(', ');
          const flags = [chunk.isEntry ? 'entry' : '', ...chunk.features].filter(Boolean).join(' ');
          return `  ${kb(chunk.gzipBytes).padStart(9)} | ${kb(chunk.bytes).padStart(9)} | ${chunk.file} | ${mainParts}${flags ? ` | ${flags}` : ''}`;
        }),
      ];
      mkdirSync(BUNDLE_REPORT_DIR, { recursive: true });
      writeFileSync(path.join(BUNDLE_REPORT_DIR, 'chunks.json'), `${JSON.stringify(chunks, null, 2)}\n`);
      writeFileSync(path.join(BUNDLE_REPORT_DIR, 'summary.txt'), `${lines.join('\n')}\n`);
      console.log(`\n${lines.join('\n')}\n`);
    },
  };
}
