import { beforeEach, describe, expect, it, vi } from 'vitest';

// A fresh module graph: the setup file loads every legend row, this test starts from the first screen's state.
beforeEach(() => vi.resetModules());

describe('legend rows: the first screen ships KC_/QK_ rows, the rest loads on demand', () => {
  it('a lighting key reads its QMK name until the rest loads, then its friendly legend; listeners hear it', async () => {
    const table = await import('./legendTable.ts');
    const { keyLegend, needsMoreLegends } = await import('./legends.ts');
    const { keycodeTable } = await import('./tables.ts');
    const rgbToggle = 0x7820; // UG_TOGG (RGB_TOG): a row the first screen's keycode table does not hold either
    const space = keycodeTable(12).byName.get('KC_SPC')!;

    expect(table.allLegends.ready).toBe(false);
    expect(keyLegend(space, 12).short).toBe('Space');
    expect(needsMoreLegends([space, 0x5221 /* MO(1) */], 12)).toBe(false);
    expect(needsMoreLegends([space, rgbToggle], 12)).toBe(true);
    const before = keyLegend(rgbToggle, 12);

    const heard = vi.fn();
    table.allLegends.subscribe(heard);
    await table.allLegends.load();
    expect(heard).toHaveBeenCalledOnce();
    expect(table.allLegends.ready).toBe(true);
    expect(needsMoreLegends([rgbToggle], 12)).toBe(false);
    const after = keyLegend(rgbToggle, 12);
    expect(after).not.toEqual(before);
    expect(after.title).not.toMatch(/_/);
  });

  it('the first screen draws with QMK rows up to 0xFF; allLegends completes the tables, in place', async () => {
    const table = await import('./legendTable.ts');
    const { keyLegend, needsMoreLegends } = await import('./legends.ts');
    const { keycodeTable, keycodeTablesComplete } = await import('./tables.ts');
    const { keycodeNamed } = await import('../virtual-keyboard/defaultKeymap.ts');
    const names = [
      'KC_ESC',
      'KC_GRV',
      'KC_BSPC',
      'KC_PSCR',
      'KC_NUM',
      'KC_PENT',
      'KC_RGHT',
      'KC_MUTE',
      'MO(1)',
    ];
    const before = [9, 11, 12].map((p) => names.map((n) => keycodeNamed(n, p)));
    const handedOut = keycodeTable(12);
    expect(keycodeTablesComplete()).toBe(false);
    expect(handedOut.byCode.has(0x7c00)).toBe(false); // QK_BOOT
    // The demo's keymap (basic keys and MO(1)) needs nothing more; QK_BOOT and any keyboard on an older numbering
    // wait for the rest before they show.
    expect(needsMoreLegends([0x29, 0x5221, 0x04, 0xe1], 12)).toBe(false);
    expect(needsMoreLegends([0x29, 0x7c00], 12)).toBe(true);
    expect(needsMoreLegends([0x29], 11)).toBe(true);
    expect(keyLegend(0x7c00, 12).short).toBe('0x7C00');

    await table.allLegends.load();
    expect(keycodeTablesComplete()).toBe(true);
    expect(handedOut.byCode.get(0x7c00)?.name).toBe('QK_BOOT');
    expect(handedOut.byName.get('RGB_TOG')).toBe(0x7820);
    expect(keyLegend(0x7c00, 12).short).not.toBe('0x7C00');
    // Every default-keymap name meant the same number before the rest loaded, on every numbering.
    expect([9, 11, 12].map((p) => names.map((n) => keycodeNamed(n, p)))).toEqual(before);
  });

  it('a first layer with modified, mod-tap or layer-tap keys waits for their code alone, not for every row', async () => {
    const table = await import('./legendTable.ts');
    const { keyLegend, legendsToLoad } = await import('./legends.ts');
    const { keycodeText } = await import('./keycodeText.ts');
    const { keycodeTablesComplete } = await import('./tables.ts');
    const composite = [0x0104 /* LCTL(KC_A) */, 0x4129 /* LT(1,KC_ESC) */, 0x2204 /* MT(MOD_LSFT,KC_A) */];
    expect(keyLegend(0x4129, 12)).toEqual({ short: '0x4129', title: 'Keycode 0x4129' });
    // Names the first screen writes itself, as formatKeycode will: a family, a named key, hex for the rest.
    expect([0x5221, 0x29, 0x4129].map((c) => keycodeText(c, 12))).toEqual(['MO(1)', 'KC_ESC', '0x4129']);

    const load = legendsToLoad([0x29, ...composite], 12);
    expect(load).not.toBeNull();
    expect(load).not.toBe(table.allLegends);
    expect(legendsToLoad([0x29, 0x4129, 0x7c00 /* QK_BOOT */], 12)).toBe(table.allLegends);
    await load!.load();
    expect(legendsToLoad(composite, 12)).toBeNull();
    expect(table.allLegends.ready).toBe(false);
    expect(keycodeTablesComplete()).toBe(false);
    expect(keyLegend(0x4129, 12)).toEqual({
      short: 'Esc',
      title: 'Layer-tap 1, Escape',
      top: 'LT 1',
      bottom: 'Esc',
    });
    expect(keyLegend(0x0104, 12).title).toBe('Ctrl + A');
    expect(keyLegend(0x2204, 12).title).toBe('Mod-tap Shift, A');
    expect(keycodeText(0x4129, 12)).toBe('LT(1,KC_ESC)');
  });

  it('every row in the first table is KC_/QK_, none of the later rows is, and no name is in both', async () => {
    const { LEGEND_TABLE, isFirstScreenLegendName } = await import('./legendTable.ts');
    const { MORE_ROWS } = await import('./legendTableMore.ts');
    const first = [...LEGEND_TABLE.keys()];
    const later = MORE_ROWS.trim()
      .split('\n')
      .map((row) => row.split('|')[0]!);
    expect(first.every(isFirstScreenLegendName)).toBe(true);
    expect(later.some(isFirstScreenLegendName)).toBe(false);
    expect(later.length).toBeGreaterThan(200);
  });

  it('every protocol ≤ 10 legacy name has a legend row, and a key bearing one asks for the rows that load later', async () => {
    // The legacy tables keep no titles of their own (they cost the first screen 0.4 kB gz): the rows say it all.
    const table = await import('./legendTable.ts');
    const { needsMoreLegends } = await import('./legends.ts');
    const { LEGACY_NAMED, WT_LIGHTING } = await import('./legacyKeycodes.ts');
    const { keycodeTable } = await import('./tables.ts');
    const legacy = [...LEGACY_NAMED, ...WT_LIGHTING];
    const first = legacy.filter(([, name]) => table.isFirstScreenLegendName(name));
    expect(first.filter(([, name]) => !table.LEGEND_TABLE.has(name))).toEqual([]);
    const later = legacy.filter(([, name]) => !table.isFirstScreenLegendName(name));
    for (const [code] of later) expect(needsMoreLegends([code], 10)).toBe(true);
    await table.allLegends.load();
    expect(legacy.filter(([, name]) => !table.LEGEND_TABLE.has(name))).toEqual([]);
    expect(keycodeTable(10).byName.get('RESET')).toBe(0x5c00);
  });
});
