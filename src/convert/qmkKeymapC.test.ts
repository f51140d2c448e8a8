import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDefinitionFile } from '../definitions/definitionFile.ts';
import { loadCompiler } from '../definitions/loadCompiler.ts';
import { definitionName } from '../definitions/definitionName.ts';
import { convertKeycode } from '../keycodes/numbering.ts';
import { QMK_INFO_DIR, VIA_LAYOUTS_DIR, VIAL_LAYOUTS_DIR } from '../../tests/fixtures/paths.ts';
import { cCompiler, compileKeymap } from '../../tests/support/compileKeymap.ts';
import type { KeymapDocument } from './keymapDocument.ts';
import { readQmkInfo } from './qmkInfo.ts';
import { writeKeymapC } from './qmkKeymapC.ts';
import { readKeymap } from './readKeymap.ts';
import { readViaLayout } from './viaLayoutDocument.ts';

const cc = cCompiler();

async function viaDocument(base: string, protocol = 12): Promise<KeymapDocument> {
  const def = readDefinitionFile(
    readFileSync(path.join(VIA_LAYOUTS_DIR, `${base}.definition.json`), 'utf8'),
    await loadCompiler(),
  );
  if (!def.ok) throw new Error(def.message);
  const d = def.value.definition;
  const read = readViaLayout(readFileSync(path.join(VIA_LAYOUTS_DIR, `${base}.layout.json`), 'utf8'), base, {
    name: definitionName(d),
    vendorProductId: d.vendorProductId,
    rows: d.matrix.rows,
    cols: d.matrix.cols,
    protocol,
  });
  if (!read.ok) throw new Error(read.message);
  return read.doc;
}

function written(doc: KeymapDocument, options: Parameters<typeof writeKeymapC>[1] = {}) {
  const out = writeKeymapC(doc, options);
  if (!out.ok) throw new Error(out.message);
  return { text: out.files[0]!.text, rules: out.files[1]!.text, notes: out.notes };
}

/** The document's keycodes in today's numbering (what a QMK build of the keymap must hold). */
const today = (doc: KeymapDocument, code: number) => convertKeycode(code, doc.protocol, 12) ?? code;

describe('keymap.c compiled with the C compiler against QMK headers built from QMK data', () => {
  it('has a C compiler (CI installs gcc)', () => expect(cc).not.toBeNull());

  it('a real Keychron Q6 keymap (matrix form): every key, encoder and macro as the keyboard has them', async () => {
    const doc = await viaDocument('Alveel__qmk-layout__keychron_q6_ansi_knob');
    const { text, rules } = written(doc);
    const { rows, cols } = doc.keyboard;
    const compiled = compileKeymap(cc!, text, { rows, cols, encoders: 1, defines: ['ENCODER_MAP_ENABLE'] });
    expect(compiled.layers.map((l) => l.flat())).toEqual(doc.layers);
    // encoder_map[layer][encoder] = {cw, ccw}, the device store's order.
    expect(compiled.encoders).toEqual(doc.encoders);
    expect(rules).toContain('ENCODER_MAP_ENABLE = yes');
    // Macro 0 is {+KC_LCTL}M{-KC_LCTL}: Ctrl down, "M" typed, Ctrl up, on QK_MACRO_0's own number.
    expect(compiled.macros[String(0x7700)]).toEqual(['down 224', 'text M', 'up 224']);
  }, 60_000);

  it('a protocol-9 board: the same keys converted by name into today’s numbering (MO(1) 0x5101 → 0x5221)', async () => {
    const doc = await viaDocument('Alveel__qmk-layout__keychron_q6_ansi_knob');
    // The same file read on an older board (VIA's names are the same text; the numbers are the old ones).
    const old = readViaLayout(
      readFileSync(
        path.join(VIA_LAYOUTS_DIR, 'Alveel__qmk-layout__keychron_q6_ansi_knob.layout.json'),
        'utf8',
      ),
      'q6',
      // Its macros press and release keys, which VIA's macros do from protocol 11 (a Vial board's, on 9).
      { ...doc.keyboard, vendorProductId: doc.keyboard.vendorProductId!, protocol: 9, macroProtocol: 11 },
    );
    if (!old.ok) throw new Error(old.message);
    expect(old.doc.layers).not.toEqual(doc.layers);
    const { text } = written(old.doc);
    expect(text).toContain('converted by name from VIA protocol 9');
    const compiled = compileKeymap(cc!, text, {
      rows: doc.keyboard.rows,
      cols: doc.keyboard.cols,
      encoders: 1,
      defines: ['ENCODER_MAP_ENABLE'],
    });
    expect(compiled.layers.map((l) => l.flat())).toEqual(
      old.doc.layers.map((l) => l.map((c) => today(old.doc, c))),
    );
    expect(compiled.layers.map((l) => l.flat())).toEqual(doc.layers);
  });

  it('with the board’s keyboard.json: LAYOUT_all, each argument the key at its matrix position', async () => {
    const doc = await viaDocument('shoriminimoe__keymaps__kb16_01');
    const info = readQmkInfo(readFileSync(path.join(QMK_INFO_DIR, 'kb16_01.keyboard.json'), 'utf8'));
    if (!info.ok) throw new Error(info.message);
    const { text, notes } = written(doc, { info: info.info });
    expect(text).toContain('[0] = LAYOUT_all(');
    expect(notes).toContainEqual({
      kind: 'layoutChosen',
      layout: 'LAYOUT_all',
      others: ['LAYOUT_ortho_4x4'],
    });
    // The board's LAYOUT_all puts each argument at its matrix position (what QMK's macro expands to).
    const layoutMacro = `#define LAYOUT_all(${info.info.layouts[1]!.keys.map((_, i) => `k${i}`).join(', ')}) { ${Array.from(
      { length: 4 },
      (_, r) =>
        `{ ${Array.from({ length: 5 }, (_, c) => {
          const i = info.info.layouts[1]!.keys.findIndex((k) => k.row === r && k.col === c);
          return i < 0 ? 'KC_NO' : `k${i}`;
        }).join(', ')} }`,
    ).join(', ')} }`;
    const compiled = compileKeymap(cc!, `${layoutMacro}\n${text}`, {
      rows: 4,
      cols: 5,
      encoders: 3,
      defines: ['ENCODER_MAP_ENABLE'],
    });
    // (4,4) is on no layout: QMK fills it with KC_NO; every other key is the keyboard's.
    expect(compiled.layers.map((l) => l.flat())).toEqual(
      doc.layers.map((l) => l.map((c, i) => (i === 19 ? 0 : c))),
    );
    expect(compiled.encoders).toEqual(doc.encoders);
  });

  it('a layout that leaves keys out names them, and the matrix form keeps them', async () => {
    const doc = await viaDocument('shoriminimoe__keymaps__kb16_01');
    const info = readQmkInfo(readFileSync(path.join(QMK_INFO_DIR, 'kb16_01.keyboard.json'), 'utf8'));
    if (!info.ok) throw new Error(info.message);
    const { notes } = written(doc, { info: info.info, layoutName: 'LAYOUT_ortho_4x4' });
    const outside = notes.find((n) => n.kind === 'outsideLayout');
    expect(outside).toMatchObject({ kind: 'outsideLayout', layout: 'LAYOUT_ortho_4x4' });
    expect(outside && 'positions' in outside && outside.positions).toEqual(['[0, 4]', '[1, 4]', '[2, 4]']);
  });

  it('a Vial board: tap dance, combos and key overrides as QMK feature code with the board’s numbers', () => {
    const read = readKeymap({
      text: readFileSync(path.join(VIAL_LAYOUTS_DIR, 'keyloom-vial-60.vil'), 'utf8'),
      fileName: 'keyloom-vial-60.vil',
    });
    if (!read.ok) throw new Error(read.message);
    const doc = read.doc;
    const { text, rules, notes } = written(doc);
    expect(rules.split('\n')).toEqual(
      expect.arrayContaining(['TAP_DANCE_ENABLE = yes', 'COMBO_ENABLE = yes', 'KEY_OVERRIDE_ENABLE = yes']),
    );
    expect(notes).toContainEqual({ kind: 'configLines', lines: ['#define TAPPING_TERM_PER_KEY'] });
    expect(notes).toContainEqual({ kind: 'notInFormat', feature: 'settings', count: 21, format: 'keymap.c' });
    const { rows, cols } = doc.keyboard;
    const compiled = compileKeymap(cc!, text, {
      rows,
      cols,
      encoders: 2,
      defines: ['ENCODER_MAP_ENABLE', 'TAPPING_TERM_PER_KEY'],
    });
    expect(compiled.layers.map((l) => l.flat())).toEqual(doc.layers);
    const td = doc.vial!.tapDance[0]!;
    expect(compiled.dances![0]).toEqual([td.onTap, td.onHold, td.onDoubleTap, td.onTapHold, 175]);
    expect(compiled.combos).toEqual([
      { keys: [0x0d, 0x0e], keycode: 0x29 },
      { keys: [0x06, 0x19], keycode: 0x0119 },
    ]);
    expect(compiled.overrides).toEqual([
      {
        trigger: 0x2a,
        triggerMods: 2,
        layers: 0xffff,
        negative: 0,
        suppressed: 2,
        replacement: 0x4c,
        options: 7,
        enabled: true,
      },
    ]);
    expect(compiled.macros[String(0x7700)]).toEqual(['text Hello from Vial', 'tap 40']);
    expect(compiled.macros[String(0x7701)]).toEqual(['down 224', 'tap 29', 'up 224', 'wait 40']);
  });

  it('tap dance actions that are macros, MO, OSM and OSL are pressed with QMK’s own calls', () => {
    const read = readKeymap({
      text: readFileSync(path.join(VIAL_LAYOUTS_DIR, 'keyloom-vial-60.vil'), 'utf8'),
      fileName: 'keyloom-vial-60.vil',
    });
    if (!read.ok) throw new Error(read.message);
    const dance = (onTap: number, onHold: number, onDoubleTap = 0, onTapHold = 0) => ({
      onTap,
      onHold,
      onDoubleTap,
      onTapHold,
      tappingTerm: 200,
    });
    // MC_0 (0x7700), MO(1), OSM(MOD_LSFT), OSM(MOD_RCTL), OSL(2), and TG(1), which tap dance code cannot press.
    const doc: KeymapDocument = {
      ...read.doc,
      vial: {
        ...read.doc.vial!,
        tapDance: [dance(0x7700, 0x5221), dance(0x52a2, 0x52b1, 0x5282), dance(0x04, 0x5261)],
      },
    };
    const { rows, cols } = doc.keyboard;
    const board = { rows, cols, encoders: 2, defines: ['ENCODER_MAP_ENABLE'] };
    const code = written(doc);
    expect(code.notes.filter((n) => n.kind === 'tapDanceAction')).toEqual([
      { kind: 'tapDanceAction', index: 2, keycode: 'TG(1)' },
    ]);
    const compiled = compileKeymap(cc!, code.text, board);
    expect(compiled.danceCalls).toEqual([
      { tap: ['text Hello from Vial', 'tap 40'], hold: ['layer_on 1', 'layer_off 1'] },
      { tap: ['oneshot_mods 2'], hold: ['oneshot_mods 16'] },
      { tap: ['down 4', 'up 4'], hold: ['down 4', 'up 4'] },
    ]);
    // Macros left to VIA's dynamic macros: the dance sends the keyboard's macro 0.
    const via = compileKeymap(cc!, written(doc, { macros: 'via' }).text, board);
    expect(via.danceCalls![0]!.tap).toEqual(['dynamic_macro 0']);
  });
});
