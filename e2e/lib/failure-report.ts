import { afterEach } from 'node:test';
import type { BrowserContext, Response } from 'playwright-core';

/**
 * What a failed flow's pages showed when it failed: each open page's address, the dialogs and notifications
 * on it, and the API's refusals that came before. A timeout alone says only that something was in the way;
 * a CI log is all there is to read afterwards.
 */
const RECENT_REFUSALS = 12;
const refusalsOf = new WeakMap<BrowserContext, string[]>();
const watched = new Set<BrowserContext>();

/** Remembers the context's latest API answers of 400 and above, for the report. */
export function watchForFailureReport(context: BrowserContext) {
  const refusals: string[] = [];
  refusalsOf.set(context, refusals);
  watched.add(context);
  context.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (response.status() < 400 || !url.pathname.startsWith('/api')) return;
    refusals.push(`${response.status()} ${response.request().method()} ${url.pathname}${url.search}`);
    if (refusals.length > RECENT_REFUSALS) refusals.shift();
  });
  context.on('close', () => watched.delete(context));
}

async function describeContext(context: BrowserContext): Promise<string[]> {
  const lines: string[] = [];
  for (const page of context.pages()) {
    lines.push(`page ${page.url()}`);
    const shown = await page
      .evaluate(() =>
        Array.from(
          document.querySelectorAll('.ant-modal-wrap, .ant-notification-notice, .ant-message-notice'),
        )
          .filter(
            (element) => (element as HTMLElement).offsetParent !== null || element.matches('.ant-modal-wrap'),
          )
          .map((element) => {
            const style = getComputedStyle(element);
            const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 300);
            // A dialog's motion classes (ant-zoom-appear, ant-zoom-leave-active) tell a dialog that never
            // finished closing from one that was never asked to close.
            const motion = Array.from(element.querySelector('.ant-modal')?.classList ?? [])
              .filter((name) => /-(appear|enter|leave)/.test(name))
              .join(' ');
            const state = motion ? `, motion ${motion}` : '';
            return `${element.className.split(' ')[0]} (display ${style.display}${state}): ${text}`;
          }),
      )
      .catch((error: Error) => [`(the page could not be read: ${error.message})`]);
    lines.push(...shown.map((line) => `  ${line}`));
  }
  const refusals = refusalsOf.get(context) ?? [];
  if (refusals.length) lines.push('  API refusals, oldest first:', ...refusals.map((line) => `    ${line}`));
  return lines;
}

/** The hook's context: Node sets `passed` on a test's context (@types/node does not declare it yet). */
interface EndedTest {
  name: string;
  passed?: boolean;
}

/**
 * Registered only inside a test run (node --test sets NODE_TEST_CONTEXT in each file's process): the benches
 * share the harness, and a hook outside a run would make node:test print an empty report after them.
 */
if (process.env.NODE_TEST_CONTEXT) afterEach(reportFailure);

async function reportFailure(ended: unknown) {
  const t = ended as EndedTest;
  if (t.passed !== false || watched.size === 0) return;
  const lines = [`what the browser showed when "${t.name}" failed:`];
  for (const context of watched) lines.push(...(await describeContext(context)));
  console.error(lines.join('\n'));
}
