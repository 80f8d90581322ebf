import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, expect, vi } from 'vitest';
import { setProfile } from '../features/auth/profile-store.ts';
import { queryClient } from '../lib/query-client.ts';

// Screens, shells and the signed-in frame load lazily (route lazy); on a busy 2-core machine the first
// import of a shell (antd menus) or a screen can take over 5 s. A findBy or waitFor may wait for it almost as
// long as the test itself may run (testTimeout, vite.config.ts), and still fails first, with the page it saw.
const FIND_TIMEOUT_MS = 12_000;
configure({ asyncUtilTimeout: FIND_TIMEOUT_MS });

// The signed-in frame and the shells (antd's menus) are imported before a file's first test, within a budget of
// their own (once per module graph): on a busy machine that first import can take most of a test's 15 s.
const WARM_UP_MS = 60_000;
beforeAll(async () => {
  await Promise.all([import('../app/signed-in-frame.tsx'), import('../app/layouts/AppShell.tsx')]);
}, WARM_UP_MS);

// Most files share one module graph and one document per worker (vite.config.ts, project 'shared'), so what
// one test leaves behind is reset here, after every test of every file: no test file resets anything itself.
beforeAll(() => {
  document.body.innerHTML = '';
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  setProfile(null);
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Why an element would not be seen: the first of it and its ancestors that hides it, or null. */
function hiddenBy(element: Element): string | null {
  if (!element.isConnected) return 'it is not in the document';
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (node.hasAttribute('hidden')) return `<${node.tagName.toLowerCase()} hidden>`;
    const style = getComputedStyle(node);
    if (style.display === 'none')
      return `display: none on <${node.tagName.toLowerCase()} class="${node.className}">`;
    if (style.visibility === 'hidden' || style.visibility === 'collapse') {
      return `visibility: ${style.visibility} on <${node.tagName.toLowerCase()} class="${node.className}">`;
    }
  }
  return null;
}

// jest-dom's toBeVisible, for what happy-dom can answer: in the document, and neither the element nor an
// ancestor hidden (the hidden attribute, display: none, visibility: hidden), e.g. a closed dialog or an
// inactive tab's pane that antd keeps mounted. (A getBy… query throws when nothing matches, so an assertion
// on its result must say more than that it exists.)
expect.extend({
  toBeVisible(received: unknown) {
    if (!(received instanceof Element)) {
      return { pass: false, message: () => `expected an element, received ${String(received)}` };
    }
    const reason = hiddenBy(received);
    return {
      pass: reason === null,
      message: () =>
        reason === null
          ? `expected "${received.textContent}" to be hidden, but it is visible`
          : `expected "${received.textContent}" to be visible, but ${reason}`,
    };
  },
});

declare module 'vitest' {
  interface Assertion<T> {
    toBeVisible(): T;
  }
}
