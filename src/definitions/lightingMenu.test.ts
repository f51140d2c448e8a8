import { describe, expect, it } from 'vitest';
import { lightingPane, resolveLighting } from './lightingMenu.ts';

describe('v2 lighting pane', () => {
  it('resolves presets and overrides', () => {
    expect(resolveLighting('qmk_backlight').supportedLightingValues).toEqual([9, 10]);
    expect(
      resolveLighting({ extends: 'qmk_backlight', supportedLightingValues: [9] }).supportedLightingValues,
    ).toEqual([9]);
    expect(resolveLighting('nonsense').supportedLightingValues).toEqual([]);
  });
  it('shows General always, Layout and Advanced only when supported, colours only when the effect needs them', () => {
    const qmk = lightingPane('qmk_backlight_rgblight', { '129': [0] });
    expect(qmk.submenus.map((s) => s.label)).toEqual(['lighting.general']);
    expect(qmk.submenus[0]!.controls.map((c) => c.valueId)).toEqual([0x09, 0x0a, 0x80, 0x81, 0x82]);
    const solid = lightingPane('qmk_backlight_rgblight', { '129': [1] });
    expect(solid.submenus[0]!.controls.map((c) => c.valueId)).toContain(0x83);
    const wt = lightingPane('wt_rgb_backlight', { '10': [1] });
    expect(wt.submenus.map((s) => s.label)).toEqual(['lighting.general', 'lighting.advanced']);
  });
});
