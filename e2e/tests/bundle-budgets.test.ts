// Every route's JavaScript (gzip, everything loaded until the network is idle, its forms opened and the page
// scrolled through) within its budget (login 250 KB, every other route 500 KB), and maps, rich text, xlsx and
// print code only where they are used.
// Needs `npm run build` (the bundle report names the heavy features of each chunk).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { E2E_ADMIN_PASSWORD, launchBrowser, type RunningServer, startServer } from '../lib/harness.ts';
import {
  measureRoutes,
  planVisits,
  type RouteMeasure,
  routeBudgetTable,
  signInEveryRole,
} from '../lib/route-budgets.ts';

let server: RunningServer;
let browser: Browser;
let rows: RouteMeasure[];

before(async () => {
  // The default bot check (altcha), so the login page carries its widget as it does in production.
  server = await startServer();
  browser = await launchBrowser();
  const tokens = await signInEveryRole(server.url, E2E_ADMIN_PASSWORD);
  rows = await measureRoutes(browser, server.url, await planVisits(server.url, tokens), tokens);
  console.log(routeBudgetTable(rows));
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('route JavaScript budgets', () => {
  it('keeps the login route under 250 KB and every other route under 500 KB of gzip JavaScript', () => {
    const over = rows.filter((row) => row.gzipKb >= row.budgetKb);
    assert.deepEqual(
      over.map((row) => `${row.path} as ${row.visitor}: ${row.gzipKb.toFixed(1)} KB of ${row.budgetKb} KB`),
      [],
    );
  });

  it('loads maps, rich text, xlsx and print code only on the routes that use them', () => {
    const strays = rows.filter((row) => row.unexpectedFeatures.length > 0);
    assert.deepEqual(
      strays.map((row) => `${row.path} as ${row.visitor}: ${row.unexpectedFeatures.join(', ')}`),
      [],
    );
  });

  it('finds the heavy code where it belongs (the markers still match the build)', () => {
    const featuresOf = (name: string) =>
      new Set(rows.filter((row) => row.route.name === name).flatMap((row) => row.features));
    assert.ok(featuresOf('maps').has('maps'), '/maps loads Leaflet');
    assert.ok(featuresOf('cetak-data-usulan-survey').has('print'), 'the print page loads the report code');
    assert.ok(featuresOf('report').has('xlsx'), '/report loads the export form');
    assert.ok(featuresOf('data-usulan-survey-form').has('maps'), 'the survey form loads its map editor');
    assert.ok(
      featuresOf('data-usulan-survey-form').has('rich-text'),
      'scrolled through, it loads the rich-text editor',
    );
    assert.ok(
      rows.every((row) => row.scripts.length > 0),
      'every route loaded its scripts',
    );
  });
});
