import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_KEYCAP_THEME, keycapThemeVariables } from './keycapThemeLoader.ts';
import * as palettes from './keycapThemes.ts';

const css = readFileSync(path.resolve(import.meta.dirname, 'global.css'), 'utf8');
const rootBlock = css.slice(css.indexOf(':root {'), css.indexOf('}', css.indexOf(':root {')));
const stylesheetValue = (name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(rootBlock)?.[1]?.trim();

describe('keycap themes', () => {
  it("the stylesheet's keycap colours are the default theme's (no palette table needed for it)", async () => {
    expect(DEFAULT_KEYCAP_THEME).toBe(palettes.DEFAULT_KEYCAP_THEME);
    for (const [name, value] of Object.entries(palettes.themeVariables(DEFAULT_KEYCAP_THEME)))
      expect(stylesheetValue(name), name).toBe(value);
    expect(await keycapThemeVariables(DEFAULT_KEYCAP_THEME)).toBeNull();
  });

  it('every theme has a name to show in every language (Olivia Dark, not OLIVIA_DARK)', () => {
    for (const language of ['en', 'ja', 'ko', 'zh']) {
      const strings = JSON.parse(
        readFileSync(
          path.resolve(import.meta.dirname, `../../i18n/locales/${language}/settings.json`),
          'utf8',
        ),
      ) as { keycapThemes: Record<string, string> };
      expect(Object.keys(strings.keycapThemes).sort(), language).toEqual(
        Object.keys(palettes.KEYCAP_THEMES).sort(),
      );
      for (const name of Object.values(strings.keycapThemes))
        expect(name, language).not.toMatch(/_|^[A-Z]+$/);
    }
  });

  it('another theme sets its own colours', async () => {
    expect((await keycapThemeVariables('MATCHA'))?.['--key-alpha-bg']).toBe('#e4e3d1');
  });
});
