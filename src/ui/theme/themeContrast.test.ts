import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The colours each theme mode sets in the stylesheet, read as the browser would read them.
const css = readFileSync(path.resolve(import.meta.dirname, 'global.css'), 'utf8');
function modeVariables(mode: 'dark' | 'light'): Record<string, string> {
  const start = css.indexOf(`:root[data-theme-mode='${mode}'] {`);
  const block = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries([...block.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('link colour in every theme mode', () => {
  it('links are styled with the per-mode link colour', () => {
    expect(css).toMatch(/\na \{\n\s+color: var\(--color-link\);/);
  });

  it.each(['dark', 'light'] as const)(
    '%s: links read at 4.5:1 (WCAG AA) on the page and its surfaces',
    (mode) => {
      const vars = modeVariables(mode);
      const link = vars['--color-link'];
      expect(link, '--color-link').toMatch(/^#[0-9a-f]{6}$/i);
      for (const background of ['--color-bg', '--color-surface', '--color-surface-2'])
        expect(contrast(link!, vars[background]!), `${link} on ${background}`).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('computes contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    // The light theme's old link colour (the accent) on white: the 3.9:1 the finding measured.
    expect(contrast('#ad7070', '#ffffff')).toBeCloseTo(3.94, 2);
  });
});
