import { describe, expect, it } from 'vitest';
import { checkLayoutFile, leaveUnknownKeys, LOAD_ERRORS, type LayoutTarget } from './layoutFile.ts';
import { macroFormatOf } from '../macros/macroFormat.ts';

const target = (over: Partial<LayoutTarget> = {}): LayoutTarget => ({
  vendorProductId: 42,
  protocol: 12,
  layerCount: 2,
  keysPerLayer: 3,
  macroCount: 2,
  macrosSupported: true,
  encoderCount: 1,
  ...over,
});
const file = (over: Record<string, unknown>) =>
  JSON.stringify({
    name: 'x',
    vendorProductId: 42,
    macros: ['', ''],
    layers: [['KC_A', 'KC_B', 'KC_C']],
    ...over,
  });

describe('checkLayoutFile: the names VIA wrote', () => {
  it('reads the three files issue #11 found refused: BL_DEC on a v3 board, WT names on protocol 12, {KC_POWER}', () => {
    const result = checkLayoutFile(
      file({
        layers: [
          ['BL_DEC', 'BL_INC', 'S1_DEC'],
          ['EF_DEC', 'EF_INC', 'H1_INC'],
        ],
        macros: ['{KC_POWER}', ''],
      }),
      'f',
      target(),
    );
    expect(result.ok && result.value.unknown).toEqual([]);
    expect(result.ok && result.value.layers).toEqual([
      [0x7803, 0x7804, 0x7e09],
      [0x7e03, 0x7e02, 0x7e06],
    ]);
    expect(result.ok && result.value.macros).toEqual(['{KC_POWER}', '']);
  });

  it('reads encoders ([counter-clockwise, clockwise] per layer) with the same names', () => {
    const result = checkLayoutFile(
      file({
        encoders: [
          [
            ['KC_VOLD', 'KC_VOLU'],
            ['RGB_VAD', 'RGB_VAI'],
          ],
        ],
      }),
      'f',
      target(),
    );
    expect(result.ok && result.value.encoders).toEqual([[[0xa9, 0xaa]]]);
  });

  it('fails a macro no keyboard could hold in the check phase, with its message, before anything is written', () => {
    expect(checkLayoutFile(file({ macros: ['{MO(1)}', ''] }), 'f', target())).toMatchObject({
      ok: false,
      message: LOAD_ERRORS.macro(0, 'Whoops! Invalid keycodes detected inside {}: MO(1)'),
    });
    expect(checkLayoutFile(file({ macros: ['', 'a{\\x00}'] }), 'f', target())).toMatchObject({
      ok: false,
      message: LOAD_ERRORS.macro(
        1,
        'Invalid bytes inside {}: \\x00. Write each byte as \\x and two hex digits, 01 to FF, e.g. {\\x5C}.',
      ),
    });
  });

  it('loads what a keyboard holds though the editor would refuse it typed: long delays (issue #33)', () => {
    const result = checkLayoutFile(file({ macros: ['', 'a{12345}'] }), 'f', target());
    expect(result.ok && result.value.macros).toEqual(['', 'a{12345}']);
  });

  it('refuses a macro bigger than the buffer before building it (issue #33)', () => {
    const macros = ['x'.repeat(120_000), ''];
    expect(checkLayoutFile(file({ macros }), 'f', target({ macroCapacity: 1000 }))).toMatchObject({
      ok: false,
      message: LOAD_ERRORS.macro(0, 'Macro size (120001) exceeds buffer size (1000)'),
    });
  });

  it('reads macros in the format the keyboard reads: hold and release on protocol 9, delays on Vial', () => {
    const macros = ['{+KC_LSFT}a{-KC_LSFT}', '{100}b'];
    // A VIA protocol 9 board plays hold and release (02/03 kc) but stores no delays.
    expect(checkLayoutFile(file({ macros: [macros[0]!, ''] }), 'f', target({ protocol: 9 })).ok).toBe(true);
    expect(checkLayoutFile(file({ macros }), 'f', target({ protocol: 9 })).ok).toBe(false);
    const vial5 = checkLayoutFile(
      file({ macros }),
      'f',
      target({ protocol: 9, macroFormat: macroFormatOf({ protocol: 9, vial: { protocol: 5 } }) }),
    );
    expect(vial5.ok && vial5.value.macros).toEqual(macros);
  });

  it('lists an unknown name in a key, an encoder and a macro with its place', () => {
    const result = checkLayoutFile(
      file({
        layers: [['KC_A', 'NOPE1', 'KC_C']],
        encoders: [[['NOPE2', 'KC_VOLU']]],
        macros: ['', 'x{NOPE3}'],
      }),
      'f',
      target(),
    );
    expect(result.ok && result.value.unknown).toEqual([
      { name: 'NOPE1', place: { kind: 'key', layer: 0, index: 1 } },
      { name: 'NOPE2', place: { kind: 'encoder', layer: 0, encoder: 0, clockwise: false } },
      { name: 'NOPE3', place: { kind: 'macro', index: 1 } },
    ]);
  });
});

describe('leaveUnknownKeys', () => {
  const now = {
    macroFormat: 12,
    keymap: [
      [0x29, 0x2a, 0x2b],
      [1, 1, 1],
    ],
    encoders: [[[0x81, 0x80] as [number, number]], [[1, 1] as [number, number]]],
    macros: ['old0', 'old1'],
    macroBufferSize: 64,
  };

  it('gives every unknown key, encoder direction and macro the value the keyboard has now', () => {
    const checked = checkLayoutFile(
      file({
        layers: [['KC_A', 'NOPE1', 'KC_C']],
        encoders: [[['NOPE2', 'KC_MUTE']]],
        macros: ['new', 'x{NOPE3}'],
      }),
      'f',
      target(),
    );
    if (!checked.ok) throw new Error(checked.message);
    const layout = leaveUnknownKeys(checked.value, now);
    expect(layout.ok && layout.value.layers).toEqual([[0x04, 0x2a, 0x06]]);
    expect(layout.ok && layout.value.encoders).toEqual([[[0xa8, 0x80]]]);
    expect(layout.ok && layout.value.macros).toEqual(['new', 'old1']);
  });

  it('refuses macros that do not fit the buffer, with the Macros pane message', () => {
    const checked = checkLayoutFile(file({ macros: ['x'.repeat(70), ''] }), 'f', target());
    if (!checked.ok) throw new Error(checked.message);
    expect(leaveUnknownKeys(checked.value, now)).toMatchObject({
      ok: false,
      message: LOAD_ERRORS.macroSize(72, 63),
    });
  });
});
