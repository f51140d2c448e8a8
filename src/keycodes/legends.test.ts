import { describe, expect, it } from 'vitest';
import { keycodeCategories, type CategoryOptions } from './categories.ts';
import { allLegends } from './legendTable.ts';
import { keyLegend } from './legends.ts';

// Every lighting flavour, so the Lighting category offers all its keycodes.
const OPTIONS: Omit<CategoryOptions, 'protocol' | 'definitionVersion'>[] = [
  { lighting: 'wt_rgb', macroCount: 4, macrosSupported: true, layerCount: 4 },
  { lighting: 'qmk_backlight_rgblight', macroCount: 4, macrosSupported: true, layerCount: 4 },
  { keycodeModules: ['qmk_lighting'], macroCount: 4, macrosSupported: true, layerCount: 4 },
];

function gridKeycodes(protocol: number) {
  return OPTIONS.flatMap((o) =>
    keycodeCategories({ protocol, definitionVersion: o.keycodeModules ? 'v3' : 'v2', ...o }),
  ).flatMap((c) => c.keycodes.map((k) => ({ ...k, category: c.id })));
}

describe('keyLegend', () => {
  it.each([9, 10, 11, 12, 13])(
    'covers every keycode the grid offers on protocol %i: no raw QMK identifier left to read',
    (protocol) => {
      const missing = gridKeycodes(protocol).filter((k) => {
        const { short, title } = keyLegend(k.code, protocol);
        // A raw identifier: upper case with an underscore (KB_VOLUME_UP, SH_TOGG), or the bare name itself.
        const raw = (s: string) => /^[A-Z0-9]+_[A-Z0-9_]+$/.test(s) || s === k.name;
        return raw(short) || raw(title) || title === '' || (short === '' && k.name !== 'KC_NO');
      });
      expect(missing.map((k) => `${k.category}:${k.name}`)).toEqual([]);
    },
  );

  it('reads the issue examples as people say them', () => {
    expect(keyLegend(0x00a9, 12)).toMatchObject({ short: 'Vol +', title: 'Volume up' });
    expect(keyLegend(0x0080, 12)).toMatchObject({ short: 'KB Vol +', title: 'Volume up (keyboard page)' });
    expect(keyLegend(0x00a5, 12)).toMatchObject({ short: 'Power', title: 'System power' });
    expect(keyLegend(0x00cd + 4, 12)).toMatchObject({ short: 'Mouse 1' });
    expect(keyLegend(0x56f0, 12)).toMatchObject({ title: 'Swap hands toggle' });
    expect(keyLegend(0x003a, 12)).toMatchObject({ short: 'F1', title: 'F1' });
    expect(keyLegend(0x422c, 12)).toMatchObject({
      title: 'Layer-tap 2, Space',
      top: 'LT 2',
      bottom: 'Space',
    });
    expect(keyLegend(0x0106, 12)).toMatchObject({ title: 'Ctrl + C', top: 'Ctrl', bottom: 'C' });
    expect(keyLegend(0x5221, 12)).toMatchObject({ short: 'MO 1', title: 'Momentary layer 1' });
    expect(keyLegend(0x2104, 12)).toMatchObject({ title: 'Mod-tap Ctrl, A' });
  });

  it('names the grid buttons with their titles, not the QMK identifiers', () => {
    const media = keycodeCategories({
      protocol: 12,
      definitionVersion: 'v3',
      macroCount: 0,
      macrosSupported: false,
      layerCount: 2,
    }).find((c) => c.id === 'basic')!;
    expect(media.keycodes.find((k) => k.name === 'KC_KB_VOLUME_UP')).toMatchObject({
      label: 'KB Vol +',
      title: 'Volume up (keyboard page)',
    });
  });
});

describe('keycode buttons', () => {
  it.each([9, 11, 12])(
    'on protocol %i every button of a category shows a legend of its own (swap and toggle, two Stops, 1 and Numpad 1)',
    async (protocol) => {
      await allLegends.load();
      for (const options of OPTIONS) {
        for (const category of keycodeCategories({
          protocol,
          definitionVersion: options.keycodeModules ? 'v3' : 'v2',
          ...options,
        })) {
          const labels = category.keycodes.map((k) => k.label);
          expect(
            labels.filter((l, i) => labels.indexOf(l) !== i),
            category.id,
          ).toEqual([]);
          expect(labels, category.id).not.toContain('');
        }
      }
    },
  );

  it('tells the pairs apart by what they do', async () => {
    await allLegends.load();
    const labels = new Map(gridKeycodes(12).map((k) => [k.name, k.label]));
    expect(labels.get('CL_SWAP')).toBe('Caps⇄Ctrl');
    expect(labels.get('CL_TOGG')).toBe('Caps⇄Ctrl toggle');
    expect(labels.get('KC_MSTP')).toBe('Stop');
    expect(labels.get('KC_WSTP')).toBe('Web Stop');
    expect(labels.get('KC_WHOM')).toBe('Web Home');
    expect(labels.get('KC_LCTL')).toBe('Left Ctrl');
    expect(labels.get('KC_RCTL')).toBe('Right Ctrl');
    expect(labels.get('KC_P1')).toBe('Numpad 1');
    expect(labels.get('KC_NO')).toBe('Nothing');
  });
});

describe('Lighting category on protocol 9', () => {
  it('offers the backlight and RGB keys a qmk_backlight_rgblight board supports (Lumen 65)', () => {
    const lighting = keycodeCategories({
      protocol: 9,
      definitionVersion: 'v2',
      lighting: 'qmk_backlight_rgblight',
      macroCount: 0,
      macrosSupported: false,
      layerCount: 4,
    }).find((c) => c.id === 'lighting');
    expect(lighting?.keycodes.map((k) => k.name)).toEqual(
      expect.arrayContaining(['BL_TOGG', 'RGB_TOG', 'RGB_HUI']),
    );
  });
});
