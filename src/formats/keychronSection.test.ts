import { describe, expect, it } from 'vitest';
import type { KeychronSettings } from '../qmk/keychronSettings.ts';
import { buildKeychronSection, keychronPatches, parseKeychronSection } from './keychronSection.ts';

const settings: KeychronSettings = {
  features: { rgb: true, snapClick: true, debounce: true, reportRate: true, nkro: true, language: true },
  rgb: {
    ledCount: 3,
    regions: 2,
    effectsPerRegion: 1,
    ledMap: [[0, 1, 2]],
    perKeyType: 0,
    colors: [
      [0, 0, 255],
      [0, 0, 255],
      [0, 0, 255],
    ],
    regionOf: [0, 0, 1],
    effects: [
      [{ effect: 5, hue: 0, sat: 255, speed: 127, timeMs: 5000 }],
      [{ effect: 2, hue: 0, sat: 255, speed: 127, timeMs: 5000 }],
    ],
    osIndicator: { supported: 2, disable: 0, color: [255, 0, 255] },
  },
  snapClick: [{ type: 0, key1: 0, key2: 0 }],
  debounce: { type: 4, ms: 50 },
  reportRate: { divider: 3, supported: 0x7f },
  nkro: 4,
  language: 0,
};

describe('the layout file Keychron section', () => {
  it('round-trips losslessly through JSON', () => {
    const section = buildKeychronSection(settings);
    const back = parseKeychronSection(JSON.parse(JSON.stringify(section)));
    expect(back).toEqual(section);
    expect(keychronPatches(back!, settings).patches).toEqual([]);
  });

  it('refuses a malformed section whole', () => {
    const good = buildKeychronSection(settings);
    expect(parseKeychronSection({ ...good, version: 2 })).toBeNull();
    expect(parseKeychronSection({ ...good, rgb: { ...good.rgb, colors: [[0, 0, 256]] } })).toBeNull();
    expect(parseKeychronSection({ ...good, snapClick: [[1, 4]] })).toBeNull();
    expect(parseKeychronSection({ ...good, debounce: { type: 4, ms: -1 } })).toBeNull();
  });

  it('patches only what differs, and leaves out what does not fit the board', () => {
    const section = buildKeychronSection(settings);
    section.rgb!.colors = [
      [0, 0, 255],
      [85, 255, 255],
      [0, 0, 255],
    ];
    section.snapClick = [[2, 4, 7]];
    section.reportRateDivider = 0;
    expect(keychronPatches(section, settings).patches).toEqual([
      { kind: 'colors', entries: [[1, [85, 255, 255]]] },
      { kind: 'snapClick', index: 0, pair: { type: 2, key1: 4, key2: 7 } },
      { kind: 'reportRate', divider: 0 },
    ]);
    section.rgb!.colors.push([1, 1, 1]);
    expect(keychronPatches(section, settings).notes).toContain('ledCount');
  });
});
