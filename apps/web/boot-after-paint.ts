// The app's scripts are fetched and run after the page's first paint (issue 11). index.html carries the loader
// so a visitor sees something at once, but the build's script tag and its modulepreload links made the browser
// fetch every script of the first screen alongside the stylesheet (on a slow connection they share its
// bandwidth) and, when they arrived quickly, run them before painting: the loader only showed after the whole
// bundle had been evaluated. Now the HTML and the stylesheet paint first; two animation frames later (the first
// one painted) the same modules are preloaded, all at once as before. Then they are evaluated one by one, each in
// a task of its own (a message between them, which no timer clamp delays), and the entry last: evaluated as the
// entry's imports they were one task of 50-80 ms on a traced mobile load, the largest before the first render.
// A tab opened in the background paints nothing (and runs no animation frames): it starts at once.
import type { Plugin } from 'vite';

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

export function bootAfterPaint(): Plugin {
  return {
    name: 'eusulan:boot-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = ENTRY_SCRIPT.exec(html)?.[1];
        if (!entry) throw new Error('boot-after-paint: the entry script tag was not found in index.html');
        const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
        const rest = html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '');
        const boot =
          `const boot = async () => { for (const href of ${JSON.stringify([entry, ...preloads])}) { ` +
          `const link = document.createElement('link'); link.rel = 'modulepreload'; link.crossOrigin = ''; ` +
          `link.href = href; document.head.append(link); } ` +
          `const channel = new MessageChannel(); ` +
          `for (const href of ${JSON.stringify(preloads)}) { try { await import(href); } catch { break; } ` +
          `await new Promise((resolve) => { channel.port1.onmessage = resolve; channel.port2.postMessage(0); }); } ` +
          `import(${JSON.stringify(entry)}); }; ` +
          `if (document.visibilityState === 'hidden') boot(); ` +
          `else requestAnimationFrame(() => requestAnimationFrame(boot));`;
        return rest.replace('</head>', `  <script type="module">${boot}</script>\n  </head>`);
      },
    },
  };
}
