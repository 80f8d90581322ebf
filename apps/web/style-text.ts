// antd's CSS-in-JS writes each component's styles into a <style> element with `innerHTML = css`
// (@rc-component/util's dynamicCSS). For a <style> the markup parser only copies the text, but it still runs:
// a signed-in first screen inserts some 120 of them in one commit, and Chromium parses each as an HTML fragment
// (49 ms of ParseHTML in a traced mobile load, issue 11). `textContent` gives the element the same text
// without the parser. The build fails if the module no longer reads as expected, so an upgrade cannot drop this
// silently.
import type { Plugin } from 'vite';

const DYNAMIC_CSS = /[\\/]@rc-component[\\/]util[\\/]es[\\/]Dom[\\/]dynamicCSS\.js$/;
const STYLE_MARKUP = /\b(styleNode|existNode)\.innerHTML\b/g;
/** injectCSS sets it once, updateCSS compares and sets it: three uses. */
const EXPECTED_USES = 3;

export function styleTextNotMarkup(): Plugin {
  return {
    name: 'eusulan:style-text-not-markup',
    apply: 'build',
    transform(code, id) {
      if (!DYNAMIC_CSS.test(id)) return null;
      const uses = code.match(STYLE_MARKUP)?.length ?? 0;
      if (uses !== EXPECTED_USES) {
        this.error(`style-text: expected ${EXPECTED_USES} innerHTML uses in ${id}, found ${uses}`);
      }
      return { code: code.replace(STYLE_MARKUP, '$1.textContent'), map: null };
    },
  };
}
