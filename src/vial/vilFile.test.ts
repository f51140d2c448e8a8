import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VIAL_LAYOUTS_DIR } from '../../tests/fixtures/paths.ts';
import { checkLayoutFile } from '../formats/layoutFile.ts';
import { parseKeycode } from '../keycodes/index.ts';
import { encodeMacros, scriptToMacro } from '../macros/macroCodec.ts';
import { macroFormatOf, type MacroFormat } from '../macros/macroFormat.ts';
import { fitVialSection, parseVialSection } from './vialSection.ts';
import {
  macroScript,
  readVilFile,
  vialKeycodeText,
  vilRefusals,
  VIL_LIMITS,
  type VilTarget,
} from './vilFile.ts';

const planck = readFileSync(path.join(VIAL_LAYOUTS_DIR, 'planck-like.vil'), 'utf8');
const P = 12;
const target: VilTarget = {
  name: 'Planck-like',
  vendorProductId: 0x12345678,
  protocol: P,
  rows: 4,
  cols: 12,
  layerCount: 4,
  keymap: Array.from({ length: 4 }, () => new Array<number>(48).fill(0x29)),
  encoderCount: 1,
  macrosSupported: true,
  macroCount: 4,
  uid: '133c507d4632bf00',
};

describe('Vial keycode names', () => {
  it('reads numbers as hex, Vial’s short forms and old QMK names', () => {
    expect(vialKeycodeText(0x5700)).toBe('0x5700');
    expect(vialKeycodeText('M3')).toBe('MACRO(3)');
    expect(vialKeycodeText('LT2(KC_ESCAPE)')).toBe('LT(2,KC_ESCAPE)');
    expect(vialKeycodeText('LSFT(KC_LBRACKET)')).toBe('LSFT(KC_LBRC)');
    expect(vialKeycodeText('KC_LSHIFT')).toBe('KC_LSFT');
    for (const name of ['M3', 'LT2(KC_ESCAPE)', 'KC_SCOLON', 'KC__VOLUP', 'TD(1)', 'RSFT_T(KC_ENTER)'])
      expect(parseKeycode(vialKeycodeText(name), P)).not.toBeNull();
  });
});

describe('reading a .vil into a layout file', () => {
  it('maps keys by row and column, keeps the board’s code for keys off the layout', () => {
    const read = readVilFile(planck, target);
    if (!read.ok) throw new Error(read.message);
    const { file } = read;
    expect(file.layers).toHaveLength(4);
    expect(file.layers[0]![0]).toBe('KC_TAB');
    expect(file.layers[0]![12]).toBe('TD(0)');
    expect(file.layers[0]![24]).toBe('KC_LSFT');
    expect(file.layers[0]![39]).toBe('MACRO(0)');
    // Row 3, column 6 is −1 in the file: the board's KC_ESC stays.
    expect(parseKeycode(file.layers[0]![42]!, P)).toBe(0x29);
    expect(file.layers[1]![43]).toBe('LT(2,KC_ESCAPE)');
    expect(read.notices).toEqual([]);
  });

  it('turns encoders [layer][encoder] into [encoder][layer], counter-clockwise first', () => {
    const read = readVilFile(planck, target);
    if (!read.ok) throw new Error(read.message);
    expect(read.file.encoders).toEqual([
      [
        ['KC_VOLD', 'KC_VOLU'],
        ['KC_MPRV', 'KC_MNXT'],
        ['KC_TRNS', 'KC_TRNS'],
        ['0x0000', '0x0000'],
      ],
    ]);
  });

  it('turns macros into scripts and pads to the board’s count', () => {
    const read = readVilFile(planck, target);
    if (!read.ok) throw new Error(read.message);
    expect(read.file.macros).toEqual([
      'git status{KC_ENT}',
      '{+KC_LCTL}{KC_C}{-KC_LCTL}{50}\\{done}',
      '',
      '',
    ]);
  });

  it('gives a file the checked layout path accepts, Vial section included', () => {
    const read = readVilFile(planck, target);
    if (!read.ok) throw new Error(read.message);
    const checked = checkLayoutFile(JSON.stringify(read.file), 'planck-like.vil', {
      vendorProductId: target.vendorProductId,
      protocol: P,
      layerCount: 4,
      keysPerLayer: 48,
      macroCount: 4,
      macrosSupported: true,
      encoderCount: 1,
    });
    expect(checked.ok && checked.value.unknown).toEqual([]);
    const section = parseVialSection(read.file.vial);
    expect(section).not.toBeNull();
    const fitted = fitVialSection(section!, {
      protocol: P,
      counts: { tapDance: 2, combos: 3, keyOverrides: 2 },
      settings: [1, 2, 3, 4, 5, 6, 7, 8, 20, 21],
    });
    expect(fitted.notices).toEqual([]);
    expect(fitted.tapDance.get(0)).toEqual({
      onTap: 0x29,
      onHold: 0xe0,
      onDoubleTap: 0x39,
      onTapHold: 0,
      tappingTerm: 200,
    });
    expect(fitted.combos.get(1)).toEqual({
      keys: [0x07, 0x09, 0x0a, 0],
      output: parseKeycode('LCTL(KC_BSPC)', P),
    });
    expect(fitted.keyOverrides.get(0)).toEqual({
      trigger: 0x2a,
      replacement: 0x4c,
      layers: 0xffff,
      triggerMods: 2,
      negativeModMask: 0,
      suppressedMods: 2,
      options: 0x87,
    });
    expect(fitted.settings.get(7)).toBe(180);
  });

  it('notices a file from another board with the same matrix, and extra layers', () => {
    const other = { ...target, uid: '0000000000000001', layerCount: 2 };
    const read = readVilFile(planck, { ...other, keymap: other.keymap.slice(0, 2) });
    if (!read.ok) throw new Error(read.message);
    expect(read.notices.map((n) => n.kind)).toEqual(['otherUid', 'extraLayers']);
    expect(read.notices[0]).toMatchObject({ keyboard: 'Planck-like', fileKeyboard: null });
    expect(read.file.layers).toHaveLength(2);
  });

  it('applies the layout options of the keyboard’s own file, as vial-gui does; another keyboard’s are noted', () => {
    const file = {
      ...(JSON.parse(planck) as object),
      layout_options: 5,
      uid: Number(BigInt(`0x${target.uid}`)),
    };
    const own = readVilFile(JSON.stringify(file), target);
    if (!own.ok) throw new Error(own.message);
    expect(own.file.settings).toEqual({ layoutOptions: 5, values: {} });
    expect(own.notices.map((n) => n.kind)).not.toContain('layoutOptionsIgnored');
    const other = readVilFile(JSON.stringify(file), { ...target, uid: '0000000000000001' });
    if (!other.ok) throw new Error(other.message);
    expect(other.file.settings).toBeUndefined();
    expect(other.notices.map((n) => n.kind)).toContain('layoutOptionsIgnored');
  });

  it('refuses a file of another matrix, naming both keyboards (issue 38 item 3)', () => {
    const small = { ...target, uid: undefined, vial: false, rows: 3, cols: 10, name: 'Keyloom Aurora 75' };
    const read = readVilFile(planck, small);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.refusal.code).toBe('vil.otherKeyboard');
    expect(!read.ok && read.message).toContain('not from the Keyloom Aurora 75 (3 × 10)');
    expect(!read.ok && read.message).toContain('4 × 12 matrix');
    const named = readVilFile(planck, { ...small, keyboardOfUid: () => 'Planck' });
    expect(!named.ok && named.message).toContain('saved from the Planck (4 × 12 matrix)');
  });

  it('on a keyboard without Vial: says so, and tap dance keys keep what the keyboard has, listed', () => {
    const via = { ...target, uid: undefined, vial: false };
    const file = JSON.parse(planck) as { layout: (string | number)[][][] };
    file.layout[0]![0]![0] = 'TD(0)';
    file.layout[0]![0]![1] = 0x5701;
    const read = readVilFile(JSON.stringify(file), via);
    if (!read.ok) throw new Error(read.message);
    expect(read.notices.map((n) => n.kind)).toContain('notVial');
    const listed = read.notices.find((n) => n.kind === 'tapDanceKeys');
    expect(listed?.count).toBeGreaterThanOrEqual(2);
    expect(listed?.names).toContain('TD(0)');
    expect(read.file.layers[0]!.slice(0, 2)).toEqual(['KC_ESC', 'KC_ESC']);
  });

  it('refuses what is not a .vil with one clear line', () => {
    expect(readVilFile('not json', target)).toEqual(vilRefusals.refuse('json'));
    expect(readVilFile('{"version":1}', target)).toEqual(vilRefusals.refuse('shape', { where: 'layout' }));
    expect(readVilFile('{"layout":[[["KC_A"]]],"tap_dance":[["KC_A"]]}', target)).toEqual(
      vilRefusals.refuse('shape', { where: 'tap_dance.0' }),
    );
  });

  it('skips macro actions it does not know, and names them', () => {
    const skipped = new Set<string>();
    expect(macroScript([['tap', 'KC_A', 'KC_B'], ['beep'], ['delay', 10]], skipped, P)).toBe(
      '{KC_A}{KC_B}{10}',
    );
    expect([...skipped]).toEqual(['beep']);
    // 100,000 different ones: twenty named, the rest one '…'.
    const many = new Set<string>();
    macroScript(
      Array.from({ length: 100_000 }, (_, i) => [`beep${i}`]),
      many,
      P,
    );
    expect([...many]).toEqual([...Array.from({ length: 20 }, (_, i) => `beep${i}`), '…']);
  });

  it('spells a modifier-wrapped key as its modifiers around the key, and splits long delays', () => {
    const skipped = new Set<string>();
    expect(
      macroScript(
        [
          ['tap', 'LCTL(KC_C)'],
          ['down', 'RSFT(KC_A)'],
          ['up', 'RSFT(KC_A)'],
        ],
        skipped,
        P,
      ),
    ).toBe('{+KC_LCTL}{KC_C}{-KC_LCTL}{KC_RSFT,KC_A}');
    expect(macroScript([['delay', 25000]], skipped, P)).toBe('{9999}{9999}{5002}');
    expect(macroScript([['tap', 'MO(1)']], skipped, P)).toBe('');
    expect([...skipped]).toEqual(['tap MO(1)']);
    expect(scriptToMacro('{+KC_LCTL}{KC_C}{-KC_LCTL}{9999}', P)).toHaveLength(4);
  });
});

describe('.vil macros on the board they are imported on (issue #33)', () => {
  const vial5 = macroFormatOf({ protocol: 9, vial: { protocol: 5 } });
  const vial6 = macroFormatOf({ protocol: 12, vial: { protocol: 6 } });
  const bytesOf = (script: string, format: MacroFormat) =>
    [...encodeMacros([scriptToMacro(script, format)], format)].map((b) => b.toString(16).padStart(2, '0'));

  it('writes the bytes vial-gui writes: one 2-byte delay, 16-bit keys as extended actions', () => {
    const script = macroScript(
      [
        ['text', 'C:\\'],
        ['tap', 'KC_ENTER', 'LCTL(KC_C)'],
        ['delay', 12000],
      ],
      new Set(),
      vial6,
    );
    // "C:\" then Enter: the backslash is no escape of the block after it.
    expect(bytesOf(script, vial6).join(' ')).toBe('43 3a 5c 01 01 28 01 05 06 01 01 04 10 30 00');
    expect(bytesOf(macroScript([['tap', 'MO(1)']], new Set(), vial5), vial5).join(' ')).toBe(
      '01 05 01 51 00',
    );
  });

  it('refuses a delay Vial could not store before expanding anything', () => {
    const huge = JSON.stringify({ layout: [[['KC_A']]], macro: [[['delay', 1e13]]] });
    expect(readVilFile(huge, { ...target, macroFormat: vial6 })).toEqual(
      vilRefusals.refuse('delay', { macro: 0, value: '10000000000000', max: 65024 }),
    );
    expect(() => macroScript([['delay', 65025]], new Set(), vial6)).toThrow(
      vilRefusals.textOf('delay', { macro: 0, value: '65025', max: 65024 }),
    );
    expect(macroScript([['delay', 65024]], new Set(), vial6)).toBe('{65024}');
  });

  it('refuses what no Vial keyboard holds before reading it: size, nesting, counts (issue 33)', () => {
    const vil = (extra: object) => JSON.stringify({ layout: [[['KC_A']]], ...extra });
    const entry = ['KC_A', 'KC_B', 'KC_NO', 'KC_NO', 200];
    const refused = (text: string) => readVilFile(text, target);
    const large = vil({ padding: ' '.repeat(VIL_LIMITS.bytes) });
    expect(refused(large)).toEqual(
      vilRefusals.refuse('tooLarge', { size: large.length.toLocaleString('en-US'), max: '1,000,000' }),
    );
    expect(refused(`{"layout":${'['.repeat(100_000)}${']'.repeat(100_000)}}`)).toEqual(
      vilRefusals.refuse('tooDeep', { depth: 32 }),
    );
    // 200,000 tap dance entries took over a minute; 256 are already more than a board's one-byte count.
    expect(refused(vil({ tap_dance: new Array(256).fill(entry) }))).toEqual(
      vilRefusals.refuse('tooMany', { where: 'tap_dance', limit: '255' }),
    );
    expect(refused(vil({ combo: new Array(20_000).fill(entry) }))).toEqual(
      vilRefusals.refuse('tooMany', { where: 'combo', limit: '255' }),
    );
    expect(refused(JSON.stringify({ layout: new Array(256).fill([['KC_A']]) }))).toEqual(
      vilRefusals.refuse('tooMany', { where: 'layout', limit: '255' }),
    );
    expect(refused(JSON.stringify({ layout: [[new Array(300).fill('KC_A')]] }))).toEqual(
      vilRefusals.refuse('tooMany', { where: 'layout.0.0', limit: '255' }),
    );
    expect(refused(vil({ macro: [new Array(70_000).fill([])] }))).toEqual(
      vilRefusals.refuse('tooMany', { where: 'macro.0', limit: '65,535' }),
    );
    const settings = Object.fromEntries(Array.from({ length: 1025 }, (_, i) => [String(i), 1]));
    expect(refused(vil({ settings }))).toEqual(
      vilRefusals.refuse('tooMany', { where: 'settings', limit: '1,024' }),
    );
    // At the limits, it is read.
    const full = readVilFile(vil({ tap_dance: new Array(255).fill(entry) }), target);
    expect(full.ok && (full.file.vial as { tapDance: unknown[] }).tapDance).toHaveLength(255);
  });

  it('stops a macro at the buffer size, naming it', () => {
    const long = JSON.stringify({
      layout: [[['KC_A']]],
      macro: [[], [['tap', ...new Array<string>(5_000).fill('KC_A')]]],
    });
    expect(readVilFile(long, { ...target, macroFormat: vial6, macroCapacity: 899 })).toEqual(
      vilRefusals.refuse('macroSize', { macro: 1, capacity: 899 }),
    );
  });

  it('leaves delays out on a board that stores none, and says so', () => {
    const skipped = new Set<string>();
    expect(
      macroScript(
        [
          ['delay', 100],
          ['text', 'a'],
        ],
        skipped,
        9,
      ),
    ).toBe('a');
    expect([...skipped]).toEqual(['delay']);
  });
});

describe('the .layout.json Vial section on a board without the features', () => {
  it('loads nothing of a missing feature and says so; extra entries and unknown settings too', () => {
    const section = parseVialSection({
      tapDance: [
        { onTap: 'KC_A', onHold: 'KC_B', onDoubleTap: 'KC_NO', onTapHold: 'KC_NO', tappingTerm: 200 },
      ],
      combos: [
        { keys: ['KC_J', 'KC_K'], output: 'KC_ESC' },
        { keys: ['KC_D', 'KC_F'], output: 'NOT_A_KEY' },
        { keys: ['KC_A'], output: 'KC_B' },
      ],
      settings: { '7': 200, '99': 1, '5': 500 },
    })!;
    const fitted = fitVialSection(section, {
      protocol: P,
      counts: { tapDance: 0, combos: 2, keyOverrides: 0 },
      settings: [5, 7],
    });
    expect(fitted.tapDance.size).toBe(0);
    expect(fitted.combos.get(0)).toEqual({ keys: [0x0d, 0x0e, 0, 0], output: 0x29 });
    expect(fitted.combos.has(1)).toBe(false);
    expect(fitted.settings).toEqual(new Map([[7, 200]]));
    expect(fitted.notices).toEqual([
      { kind: 'featureMissing', feature: 'tapDance', count: 1 },
      { kind: 'tooMany', feature: 'combo', inFile: 3, onBoard: 2 },
      { kind: 'unknownNames', feature: 'combo', index: 1, names: ['NOT_A_KEY'] },
      { kind: 'settingsSkipped', qsids: [5, 99] },
    ]);
  });

  it('refuses a malformed section', () => {
    expect(parseVialSection({ tapDance: [{ onTap: 'KC_A' }] })).toBeNull();
    expect(parseVialSection({ settings: { seven: 1 } })).toBeNull();
    expect(parseVialSection({})).toEqual({});
  });
});
