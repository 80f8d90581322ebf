import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';

// Screens and shells load lazily; the first import of a shell (antd menus) can take over a second in a test.
configure({ asyncUtilTimeout: 5000 });

// Most files share one module graph and one document per worker (vite.config.ts, project 'shared'): each
// starts from an empty page and storage, and what a test rendered or stubbed goes when it ends.
beforeAll(() => {
  document.body.innerHTML = '';
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
