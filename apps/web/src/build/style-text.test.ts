import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { styleTextNotMarkup } from '../../style-text.ts';

const DYNAMIC_CSS = createRequire(import.meta.url).resolve('@rc-component/util/es/Dom/dynamicCSS.js');

type Transform = (
  this: { error(message: string): never },
  code: string,
  id: string,
) => { code: string } | null;
const transform = styleTextNotMarkup().transform as Transform;
const context = {
  error(message: string): never {
    throw new Error(message);
  },
};

describe('style text, not markup (issue 11)', () => {
  it('writes antd’s <style> elements with textContent in the installed @rc-component/util', () => {
    const source = readFileSync(DYNAMIC_CSS, 'utf8');
    expect(source).toMatch(/styleNode\.innerHTML = css/);
    const result = transform.call(context, source, DYNAMIC_CSS);
    expect(result?.code).not.toMatch(/(styleNode|existNode)\.innerHTML/);
    expect(result?.code.match(/\.textContent/g)).toHaveLength(3);
  });

  it('fails the build when the module no longer reads as expected, and leaves other modules alone', () => {
    expect(() => transform.call(context, 'export const x = 1;', DYNAMIC_CSS)).toThrow(
      /expected 3 innerHTML uses/,
    );
    expect(transform.call(context, 'node.innerHTML = css;', '/src/other.js')).toBeNull();
  });
});
