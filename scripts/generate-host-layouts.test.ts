import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { QMK_KEYCODES_DIR } from '../tests/fixtures/paths.ts';
import { capLegend, HOST_LAYOUTS_OUTPUT, renderHostLayouts } from './generate-host-layouts.ts';

describe('host layout legend generation', () => {
  it.skipIf(!existsSync(QMK_KEYCODES_DIR))(
    'the committed tables match QMK keymap extras (run npm run generate:host-layouts)',
    () => {
      expect(readFileSync(HOST_LAYOUTS_OUTPUT, 'utf8')).toBe(renderHostLayouts());
    },
  );

  it('keeps keycap-sized legends', () => {
    expect(capLegend('´ (dead)')).toBe('´');
    expect(capLegend('Muhenkan (無変換)')).toBe('無変換');
    expect(capLegend('Zenkaku ↔ Hankaku ↔ Kanji (半角 ↔ 全角 ↔ 漢字)')).toBe('半角');
    expect(capLegend('Caps Lock')).toBeNull();
  });
});
