import { describe, expect, it } from 'vitest';
import type { VIADefinitionV2, VIADefinitionV3 } from '@the-via/reader';
import type { ServedDefinition } from './compile.ts';
import { lightingPaneOf } from './lightingMenu.ts';
import { definitionMenus } from './menus.ts';

const layouts = { keys: [], optionKeys: {} } as unknown as VIADefinitionV3['layouts'];
const v3 = {
  name: 'Three',
  vendorProductId: 0x4b420002,
  firmwareVersion: 0,
  matrix: { rows: 1, cols: 1 },
  layouts,
  menus: ['qmk_rgb_matrix'],
  keycodes: ['qmk_lighting'],
} as unknown as VIADefinitionV3;
const v2 = {
  name: 'Two',
  vendorProductId: 0x4b420001,
  matrix: { rows: 1, cols: 1 },
  layouts,
  lighting: 'qmk_rgblight',
} as unknown as VIADefinitionV2;

describe('definition version guards (core.md §8 error table)', () => {
  it('the v2 Lighting pane refuses a v3 definition', () => {
    expect(() => lightingPaneOf(v3 as ServedDefinition, {})).toThrow(
      new Error('This lighting component is only compatible with v2 definitions'),
    );
    expect(lightingPaneOf(v2, {}).submenus[0]!.controls.length).toBeGreaterThan(0);
  });

  it('v3 menus refuse a v2 definition', () => {
    expect(() => definitionMenus(v2)).toThrow(
      new Error('V3 menus are only compatible with V3 VIA definitions.'),
    );
    expect(definitionMenus(v3)).toEqual(['qmk_rgb_matrix']);
  });
});
