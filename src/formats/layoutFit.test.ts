import { describe, expect, it } from 'vitest';
import { fitLayoutFile } from './layoutFit.ts';
import type { LayoutFile } from './layoutFile.ts';

describe('fitting a backup to the firmware that replaced it', () => {
  const file: LayoutFile = {
    name: 'Split',
    vendorProductId: 1,
    layers: [
      ['KC_A', 'KC_B'],
      ['KC_TRNS', 'KC_C'],
      ['KC_NO', 'KC_TRNS'],
    ],
    macros: ['hi', '', 'there'],
    encoders: [[['KC_VOLD', 'KC_VOLU']], [['KC_NO', 'KC_NO']]],
  };
  const keyboard = { layerCount: 3, keysPerLayer: 2, macrosSupported: true, macroCount: 3, encoderCount: 2 };

  it('is the same file when everything fits', () => {
    expect(fitLayoutFile(file, keyboard)).toEqual({ ok: true, file, notes: [] });
  });

  it('leaves out layers, macros and encoders the new firmware has no room for, and lists those with content', () => {
    const fit = fitLayoutFile(file, { ...keyboard, layerCount: 1, macroCount: 2, encoderCount: 1 });
    expect(fit).toEqual({
      ok: true,
      file: { ...file, layers: [['KC_A', 'KC_B']], macros: ['hi', ''], encoders: [[['KC_VOLD', 'KC_VOLU']]] },
      notes: [
        { kind: 'layers', from: 1, count: 2 },
        { kind: 'macros', from: 2, count: 1 },
        { kind: 'encoders', from: 1, count: 1 },
      ],
    });
  });

  it('adds empty macros when the new firmware has more, and says nothing of empty layers left out', () => {
    const fit = fitLayoutFile(file, { ...keyboard, layerCount: 2, macroCount: 5 });
    expect(fit).toMatchObject({ ok: true, notes: [] });
    if (fit.ok) expect(fit.file.macros).toEqual(['hi', '', 'there', '', '']);
    const busy = { ...file, layers: [...file.layers.slice(0, 2), ['KC_NO', 'KC_D']] };
    expect(fitLayoutFile(busy, { ...keyboard, layerCount: 2 })).toMatchObject({
      ok: true,
      notes: [{ kind: 'layers', from: 2, count: 1 }],
    });
  });

  it('cannot fit a file for another matrix', () => {
    expect(fitLayoutFile(file, { ...keyboard, keysPerLayer: 3 })).toEqual({ ok: false, reason: 'keys' });
  });
});
