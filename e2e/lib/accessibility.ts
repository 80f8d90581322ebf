import assert from 'node:assert/strict';
import type { TProposalRow } from '@eusulan/shared';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { apiGet, settle } from './flows.ts';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: the office's target. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The impacts that fail a screen; minor and moderate findings are left to review by people. */
const BLOCKING = ['serious', 'critical'];

/**
 * Nodes axe flags that WCAG itself exempts, each as a rule and the selector of what it may flag there.
 * Keep it this narrow: a whole rule or a whole component never goes here.
 */
const EXEMPT: { rule: string; selector: string }[] = [
  // The value of a disabled select (the export page's Rayon, fixed for an internal consultant): WCAG 1.4.3
  // exempts inactive controls, and antd greys them so they read as not to be changed.
  { rule: 'color-contrast', selector: '.ant-select-disabled .ant-select-selection-item' },
];

interface AxeNode {
  target: unknown[];
  html: string;
  failureSummary?: string;
}

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: AxeNode[];
}

/** A node's target as one selector string (shadow DOM and frames give nested arrays). */
const selectorOf = (node: AxeNode) => node.target.map((part) => [part].flat().join(' >> ')).join(' | ');

/**
 * Runs axe-core in the page on the whole document (or on `scope`, a selector) and returns its serious and
 * critical WCAG A/AA violations, one readable block per rule: the rule, its help text, and each node's
 * selector with what axe says to fix. Empty when there is nothing to fix.
 *
 * The script is evaluated through the DevTools protocol, not added as a <script> tag: the app's
 * Content-Security-Policy refuses inline scripts, and the harness fails a suite on any refusal.
 */
export async function seriousViolations(page: Page, scope?: string): Promise<string[]> {
  // The pointer rests where the last click was, and what it hovers changes colour: moved off, so each run
  // judges the same colours (the hover colours are the theme's, checked by hand in providers.tsx).
  await page.mouse.move(0, 0);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = (await page.evaluate(
    async ({ context, tags, blocking, exempt }) => {
      const found = await (window as unknown as { axe: typeof axe }).axe.run(context ?? document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return found.violations
        .filter((violation) => blocking.includes(violation.impact ?? ''))
        .map((violation) => ({
          id: violation.id,
          impact: violation.impact,
          help: violation.help,
          nodes: violation.nodes
            .filter((node) => {
              // Only a node of the page itself (not in a frame or shadow root) can be matched here. No named
              // helper in this function: tsx would wrap it in a __name call the page does not have.
              const [target, ...nested] = node.target as unknown[];
              if (nested.length > 0 || typeof target !== 'string') return true;
              const element = document.querySelector(target);
              return !exempt.some(
                (entry) =>
                  entry.rule === violation.id && element?.matches(`${entry.selector}, ${entry.selector} *`),
              );
            })
            .map((node) => ({
              target: node.target as unknown[],
              html: node.html.slice(0, 160),
              failureSummary: node.failureSummary,
            })),
        }))
        .filter((violation) => violation.nodes.length > 0);
    },
    {
      context: scope ?? null,
      tags: WCAG_TAGS,
      blocking: BLOCKING,
      exempt: EXEMPT,
    },
  )) as AxeViolation[];
  return violations.map((violation) =>
    [
      `${violation.id} (${violation.impact}): ${violation.help}`,
      ...violation.nodes.map(
        (node) =>
          `  ${selectorOf(node)}\n    ${node.html}\n    ${(node.failureSummary ?? '').replace(/\n\s*/g, ' / ')}`,
      ),
    ].join('\n'),
  );
}

/** The paths of the pages expectAccessible has checked, for a suite to tell that it missed none. */
export const checkedPaths = new Set<string>();

/** Fails with axe's own words when the page (or `scope`) has a serious or critical violation. */
export async function expectAccessible(page: Page, name: string, scope?: string) {
  checkedPaths.add(new URL(page.url()).pathname);
  const found = await seriousViolations(page, scope);
  assert.equal(found.length, 0, `${name} (${page.url()}):\n${found.join('\n')}`);
}

/**
 * Waits until nothing inside `scope` (a dialog, or 'body' for the whole screen) animates any more: a dialog's
 * zoom, its mask's fade, a table's rows. Unlike settle(), it leaves out the wave around the button last
 * clicked (2 s), which changes no colour axe reads, and the requests (a screen waits for its own content).
 */
export async function settleWithin(page: Page, scope: string) {
  await page.waitForFunction((selector) => {
    const roots = Array.from(document.querySelectorAll(selector));
    return document.getAnimations().every((animation) => {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      if (animation.playState !== 'running' || !target || target.matches('.ant-wave')) return true;
      const isWatched = target.matches('.ant-modal-mask') || roots.some((root) => root.contains(target));
      return !isWatched || !Number.isFinite(Number(animation.effect?.getComputedTiming().endTime));
    });
  }, scope);
}

/**
 * Opens a screen of the signed-in app: inside the app by the router (as a menu link does, without loading
 * the app again), otherwise by loading the address. Waits for its heading, its table's first rows and for
 * the page to settle.
 */
export async function openScreen(page: Page, baseUrl: string, path: string, heading: string | null) {
  const isInApp = page.url().startsWith(baseUrl) && (await page.locator('.shell').count()) > 0;
  if (isInApp) {
    await page.evaluate((address) => {
      history.pushState(null, '', address);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  } else {
    await page.goto(`${baseUrl}${path}`);
  }
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
  if (heading) await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
  const table = page.getByTestId('data-table');
  if ((await table.count()) > 0) {
    await table.first().locator('tbody tr:is(.ant-table-row, .ant-table-placeholder)').first().waitFor();
  }
  await settleWithin(page, 'body');
}

/**
 * Opens a dialog with `open`, waits for it to settle, checks it alone (`scope`: its wrap), and closes it with
 * `close`, also when the check fails, so the next check starts from the screen.
 */
export async function checkDialog(
  page: Page,
  name: string,
  scope: string,
  open: () => Promise<unknown>,
  close: () => Promise<unknown>,
) {
  await open();
  await page.locator(scope).first().waitFor();
  await settleWithin(page, scope);
  try {
    await expectAccessible(page, name, scope);
  } finally {
    await close();
    await page.locator(scope).first().waitFor({ state: 'hidden' });
  }
}

/** The maps dashboard's test hook (DashboardMap): where a canvas-drawn line is on the page. */
interface MapsHook {
  fitTo(kind: 'proposal', id: number): boolean;
  pointOf(kind: 'proposal', id: number): { x: number; y: number } | null;
}

/** Zooms the maps dashboard onto a proposal's line and clicks it, as a person opens its detail there. */
export async function clickProposalLine(page: Page, proposalId: number) {
  const fitted = await page.evaluate(
    (id) => (window as unknown as { __eusulanMaps: MapsHook }).__eusulanMaps.fitTo('proposal', id),
    proposalId,
  );
  assert.ok(fitted, `no line of proposal ${proposalId} on the map`);
  await page.waitForTimeout(300);
  const point = await page.evaluate(
    (id) => (window as unknown as { __eusulanMaps: MapsHook }).__eusulanMaps.pointOf('proposal', id),
    proposalId,
  );
  assert.ok(point, `no point of proposal ${proposalId} on the map`);
  await page.mouse.click(point.x, point.y);
}

// Screens more than one role opens, walked the same way for each.

export const rowsOf = (page: Page) => page.getByTestId('data-table').locator('tbody tr.ant-table-row');

/** From the completed-work list: an import's works (the detail page), then one work's dialog with its maps. */
export async function checkCompletedWork(page: Page) {
  await rowsOf(page).first().getByRole('button', { name: 'Lihat' }).click();
  await page.getByTestId('completed-work-detail-page').waitFor();
  await rowsOf(page).first().waitFor();
  await settleWithin(page, 'body');
  await expectAccessible(page, '/pekerjaan-selesai/detail');
  const modal = '[data-testid="completed-work-modal"]';
  await checkDialog(
    page,
    'a completed work',
    modal,
    async () => {
      await rowsOf(page).first().locator('[data-testid^="work-detail-"]').click();
      await page
        .locator(modal)
        .getByTestId('work-map')
        .locator('.leaflet-overlay-pane path')
        .first()
        .waitFor();
    },
    () => page.locator(modal).getByTestId('work-close').click(),
  );
}

/** The maps dashboard once both layers are drawn. */
export async function openMaps(page: Page, baseUrl: string) {
  await openScreen(page, baseUrl, '/maps', null);
  await page.locator('[data-testid="dashboard-map"][data-ready="true"]').waitFor({ timeout: 20_000 });
  await settleWithin(page, 'body');
}

/** The printable report of a surveyed proposal, as a list's Print button opens it. */
export async function checkPrint(page: Page, baseUrl: string) {
  const list = await apiGet<{ data: TProposalRow[] }>(
    page,
    '/api-web/proposal?isHistory=0&proposalType=taruna&page=1&limit=100',
  );
  const proposal = list.data.find((row) => row.hasSurvey);
  assert.ok(proposal, 'the demo set has a surveyed proposal');
  await page.goto(`${baseUrl}/cetak-data-usulan-survey?id=${proposal.id}`);
  await page.locator('[data-testid="survey-report"][data-ready="true"]').waitFor({ timeout: 20_000 });
  await settle(page);
  await expectAccessible(page, '/cetak-data-usulan-survey');
}
