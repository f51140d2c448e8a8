import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZMK_KEYMAPS_DIR } from '../../tests/fixtures/paths.ts';
import { cCompiler } from '../../tests/support/compileKeymap.ts';
import { cellTexts, preprocessKeymap } from '../../tests/support/zmkDevicetree.ts';
import { readZmkSnapshot } from '../../tests/support/zmkSnapshot.ts';
import { zmkTestRig } from '../../tests/support/zmkTestRig.ts';
import { planZmkKeymapLoad } from './zmkKeymapLoad.ts';
import { readZmkKeymapSource, type ZmkKeymapSource } from './zmkKeymapReader.ts';
import { writeZmkKeymapSource } from './zmkKeymapSourceWriter.ts';

const SPLIT42 = readFileSync(path.join(ZMK_KEYMAPS_DIR, 'split42.keymap'), 'utf8');
const cc = cCompiler();

function read(text: string): ZmkKeymapSource {
  const r = readZmkKeymapSource(text, 'split42.keymap');
  if (!r.ok) throw new Error(r.message);
  return r.source;
}

/** The keymap's layers (the last `bindings` of the file) as the C preprocessor and ZMK's headers number them. */
function cellsByCpp(keymap: string): string[] {
  // pointing.h includes Zephyr's dt-util.h, which the fixtures do not have: its one name used here instead.
  const out = preprocessKeymap(
    cc!,
    keymap.replace('#include <dt-bindings/zmk/pointing.h>', '#define LCLK (1 << 0)'),
  );
  const layers = [...out.matchAll(/(?<![-\w])bindings = <([^;]*)>;/g)].slice(-4);
  return layers.map((m) => {
    // cpp leaves expressions as text: each cell evaluated as the devicetree compiler does.
    const cells = cellTexts(m[1]!);
    return cells
      .map((c) => (c.startsWith('&') ? c : String(Function(`"use strict"; return (${c}) >>> 0`)() as number)))
      .join(' ');
  });
}

describe('reading a ZMK .keymap', () => {
  it("reads layers, bindings as written, and cells as ZMK's headers number them", () => {
    const source = read(SPLIT42);
    expect(source.layers.map((l) => [l.node, l.displayName, l.bindings.length])).toEqual([
      ['default_layer', 'Base', 42],
      ['lower_layer', 'Lower', 42],
      ['raise_layer', 'Raise', 42],
      ['adjust_layer', 'Adjust', 42],
    ]);
    const base = source.layers[0]!.bindings;
    expect(base[23]).toMatchObject({ label: 'kp', cells: ['LS(SQT)'], values: [0x02070034] });
    expect(base[36]).toMatchObject({ label: 'hm', cells: ['LGUI', 'ESC'], values: [0x0700e3, 0x070029] });
    expect(base[37]).toMatchObject({ label: 'mo', cells: ['1'], values: [1] });
    expect(source.layers[1]!.bindings[12]).toMatchObject({ cells: ['LC(C)'], values: [0x01070006] });
    const adjust = source.layers[3]!.bindings;
    expect(adjust[3]).toMatchObject({ label: 'bt', cells: ['BT_CLR'], values: [0, 0] });
    expect(adjust[0]).toMatchObject({ label: 'bt', cells: ['BT_SEL', '0'], values: [3, 0] });
    expect(adjust[9]).toMatchObject({ label: 'mkp', cells: ['LCLK'], values: [1] });
    expect(source.layers[0]!.sensorBindings).toMatchObject([
      { label: 'inc_dec_kp', values: [0x0c00e9, 0x0c00ea] },
    ]);
    expect(source.behaviors.map((b) => [b.label, b.compatible])).toEqual([
      ['hm', 'zmk,behavior-hold-tap'],
      ['td_esc', 'zmk,behavior-tap-dance'],
      ['bspc_del', 'zmk,behavior-mod-morph'],
      ['hello', 'zmk,behavior-macro'],
    ]);
    expect(source.combos).toEqual(['combo_esc']);
    expect(source.conditionalLayers).toEqual(['tri_layer']);
    expect(source.unreadIncludes).toEqual([]);
  });

  it('numbers every cell as the C preprocessor does with ZMK’s own headers', () => {
    if (!cc) return expect(cc).not.toBeNull();
    const source = read(SPLIT42);
    const byCpp = cellsByCpp(SPLIT42);
    const ours = source.layers.map((l) =>
      l.bindings.map((b) => ['&' + b.label, ...b.values.map((v) => String(v))].join(' ')).join(' '),
    );
    expect(byCpp).toEqual(ours);
  });

  it('a .keymap → .keymap keeps the behaviors, combos, conditional layers and overrides as text', () => {
    const source = read(SPLIT42);
    const written = writeZmkKeymapSource(source);
    for (const text of [
      'hm: homerow_mods {',
      'compatible = "zmk,behavior-hold-tap";',
      'td_esc: tap_dance_esc {',
      'bspc_del: backspace_delete {',
      'hello: hello {',
      'combo_esc {',
      'key-positions = <1 2>;',
      'tri_layer {',
      '&mt {',
      'tapping-term-ms = <200>;',
      '#define HRM(mod, key) &hm mod key',
      '&kp LS(SQT)',
      '&hm LGUI ESC',
      'sensor-bindings = <&inc_dec_kp C_VOL_UP C_VOL_DN>;',
    ])
      expect(written).toContain(text);
    const again = read(written);
    expect(again.layers).toEqual(source.layers);
    expect(again.behaviors).toEqual(source.behaviors);
    expect(again.combos).toEqual(source.combos);
    expect(again.conditionalLayers).toEqual(source.conditionalLayers);
    expect(writeZmkKeymapSource(again)).toBe(written);
    // ZMK's build would read it the same: the same cells through the C preprocessor and ZMK's headers.
    if (cc) expect(cellsByCpp(written)).toEqual(cellsByCpp(SPLIT42));
  });

  it('plans onto the virtual ZMK keyboard: only the bindings that differ, and what cannot go', async () => {
    const snapshot = await readZmkSnapshot(zmkTestRig({ locking: false }));
    const plan = planZmkKeymapLoad(read(SPLIT42), {
      behaviors: snapshot.behaviors,
      layers: snapshot.keymap.layers,
      positions: 42,
    });
    expect(plan.changes.map((c) => [c.layerName, c.position, c.text])).toEqual([
      ['Base', 23, '&kp LS(SQT)'],
      ['Lower', 12, '&kp LC(C)'],
      ['Adjust', 4, '&bt BT_CLR_ALL'],
    ]);
    expect(plan.notCarried).toEqual([
      { layer: 0, position: 36, text: '&hm LGUI ESC', reason: 'ownBehavior' },
      { layer: 3, position: 9, text: '&mkp LCLK', reason: 'missingBehavior' },
    ]);
    expect(plan.sensorBindings).toBe(1);
    expect(plan.untouchedLayers).toEqual([]);
    expect(plan.extraLayers).toEqual([]);
  });

  it('refuses, with a named reason, what is too big, expands without end or is no keymap', () => {
    const refusal = (text: string) => {
      const r = readZmkKeymapSource(text, 'x.keymap');
      return r.ok ? null : r.refusal.code;
    };
    expect(refusal('x'.repeat(600_000))).toBe('zmkSource.tooLarge');
    // Each level doubles: 2^40 expansions if nothing bounded it.
    const bomb = ['#define A0 x', ...Array.from({ length: 40 }, (_, i) => `#define A${i + 1} A${i} A${i}`)];
    expect(
      refusal([...bomb, '/ { keymap { compatible = "zmk,keymap"; l { bindings = <A40>; }; }; };'].join('\n')),
    ).toBe('zmkSource.expansion');
    // A long body used many times: gigabytes if nothing bounded the text it makes.
    const long = `#define L ${'&kp A '.repeat(40_000)}\n/ { k { b = <${'L '.repeat(20_000)}>; }; };`;
    expect(refusal(long)).toBe('zmkSource.expansion');
    // C does not expand a macro inside itself: read to the end (no keymap there), not forever.
    expect(refusal('#define F(x) F(x) F(x)\n/ { a { b = <F(1)>; }; };')).toBe('zmkSource.noKeymap');
    expect(refusal('/ { a { b = <1>; }; };')).toBe('zmkSource.noKeymap');
    expect(refusal(`/ ${'{ a '.repeat(100)}`)).toBe('zmkSource.structure');
  });
});
