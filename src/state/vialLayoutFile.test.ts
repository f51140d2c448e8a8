import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VIAL_LAYOUTS_DIR } from '../../tests/fixtures/paths.ts';
import type { KeyboardState } from '../services/keyboardLoader.ts';
import { fakeFirmware } from '../../tests/support/fakeVialFirmware.ts';
import { VIAL_SECTION_INVALID } from '../vial/vialSection.ts';
import { createVialFeaturesStore } from './vialFeaturesStore.ts';
import {
  applyVialSection,
  checkVialSection,
  importVil,
  vialChanges,
  withVialSection,
} from './vialLayoutFile.ts';

const keyboard = (vial: boolean) =>
  ({
    protocol: 12,
    layerCount: 4,
    keymap: Array.from({ length: 4 }, () => new Array<number>(65).fill(0)),
    encoders: [
      [
        [0, 0],
        [0, 0],
      ],
    ],
    macros: { supported: true, count: 16, bufferSize: 900, bytes: new Uint8Array() },
    definition: { name: 'Keyloom Vial 60', vendorProductId: 0x4b4c0010, matrix: { rows: 5, cols: 13 } },
    ...(vial ? { vial: { protocol: 6, uid: '4b4c5649414c3031', vialRgb: false } } : {}),
  }) as unknown as KeyboardState;

describe('Save/Load’s Vial part', () => {
  it('saves the vial object only for a Vial keyboard whose features were read', async () => {
    const store = createVialFeaturesStore();
    const file = { name: 'x', vendorProductId: 1, layers: [['KC_A']] };
    expect(withVialSection(file, keyboard(true), store)).toBe(file);
    await store.getState().load(fakeFirmware().link, 6);
    expect(withVialSection(file, keyboard(false), store)).toBe(file);
    const saved = withVialSection(file, keyboard(true), store);
    expect(saved.vial).toMatchObject({ settings: { 1: 0, 7: 200, 21: 0 } });
    expect((saved.vial as { tapDance: unknown[] }).tapDance).toHaveLength(2);
  });

  it('checks the vial object before anything is written: absent, valid or refusing the file', () => {
    expect(checkVialSection('{"layers":[]}')).toEqual({ ok: true, section: null });
    expect(checkVialSection('{"vial":{"settings":{"7":180}}}')).toEqual({
      ok: true,
      section: { settings: { '7': 180 } },
    });
    expect(checkVialSection('{"vial":{"settings":{"7":"slow"}}}')).toMatchObject({
      ok: false,
      message: VIAL_SECTION_INVALID,
    });
  });

  it('on a keyboard without Vial, every Vial part of a file becomes a notice and nothing is sent', async () => {
    const fw = fakeFirmware();
    const store = createVialFeaturesStore();
    const notes = await applyVialSection(
      {
        tapDance: [
          { onTap: 'KC_A', onHold: 'KC_NO', onDoubleTap: 'KC_NO', onTapHold: 'KC_NO', tappingTerm: 200 },
        ],
        settings: { '7': 180 },
      },
      keyboard(false),
      store,
    );
    expect(notes).toEqual([
      { kind: 'featureMissing', feature: 'tapDance', count: 1 },
      { kind: 'featureMissing', feature: 'settings', count: 1 },
    ]);
    expect(fw.sent).toEqual([]);
  });

  it('applies a section to a Vial keyboard: written and read back, failures listed', async () => {
    const fw = fakeFirmware({ refuse: true });
    const store = createVialFeaturesStore();
    await store.getState().load(fw.link, 6);
    const notes = await applyVialSection({ settings: { '7': 180 } }, keyboard(true), store);
    expect(notes).toEqual([{ kind: 'writeFailed', message: 'The keyboard refused QMK setting 7' }]);
  });

  it('imports the demo board’s .vil into a layout file with its vial object', () => {
    const text = readFileSync(path.join(VIAL_LAYOUTS_DIR, 'keyloom-vial-60.vil'), 'utf8');
    const read = importVil(text, keyboard(true));
    if (!read.ok) throw new Error(read.message);
    const file = JSON.parse(read.text) as { layers: string[][]; vial: { settings: Record<string, number> } };
    expect(file.layers[0]![13 + 3]).toBe('KC_F');
    expect(file.layers[0]![26]).toBe('TD(0)');
    expect(file.vial.settings['7']).toBe(190);
    // The keyboard's own file (its UID): its layout options are applied, as vial-gui does.
    expect(read.notices).toEqual([]);
    expect((JSON.parse(read.text) as { settings: unknown }).settings).toEqual({
      layoutOptions: 0,
      values: {},
    });
  });

  it('names the keyboard a .vil came from when it is not this one', () => {
    const text = readFileSync(path.join(VIAL_LAYOUTS_DIR, 'keyloom-vial-60.vil'), 'utf8');
    const other = { ...keyboard(true), vial: { protocol: 6, uid: '0000000000000001', vialRgb: false } };
    const read = importVil(text, other as KeyboardState);
    if (!read.ok) throw new Error(read.message);
    expect(read.notices[0]).toMatchObject({ kind: 'otherUid', fileKeyboard: 'Keyloom Vial 60' });
  });
});

describe('the load preview’s Vial line', () => {
  it('counts the entries and settings a file changes on the keyboard now', async () => {
    const store = createVialFeaturesStore();
    await store.getState().load(fakeFirmware().link, 6);
    const section = {
      tapDance: [
        { onTap: 'KC_NO', onHold: 'KC_NO', onDoubleTap: 'KC_NO', onTapHold: 'KC_NO', tappingTerm: 0 },
        { onTap: 'KC_A', onHold: 'KC_NO', onDoubleTap: 'KC_NO', onTapHold: 'KC_NO', tappingTerm: 0 },
      ],
      combos: [{ keys: ['KC_J', 'KC_K'], output: 'KC_ESC' }],
      settings: { '7': 200, '1': 4 },
    };
    expect(vialChanges(section, keyboard(true), store)).toEqual({
      tapDance: 1,
      combos: 1,
      keyOverrides: 0,
      settings: 1,
    });
    expect(vialChanges(section, keyboard(false), store)).toEqual({
      tapDance: 0,
      combos: 0,
      keyOverrides: 0,
      settings: 0,
    });
  });
});
