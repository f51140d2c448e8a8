import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQmkKeycode, qmkKeycodeText } from '../keycodes/qmkNames.ts';
import { scriptToMacro } from '../macros/macroCodec.ts';
import { QMK_INFO_DIR } from '../../tests/fixtures/paths.ts';
import type { KeymapDocument } from './keymapDocument.ts';
import { readQmkInfo } from './qmkInfo.ts';
import { writeQmkKeymapJson } from './qmkKeymapJson.ts';
import { readQmkKeymapJson } from './qmkKeymapJsonReader.ts';
import { readKeymap } from './readKeymap.ts';
import { readViaLayout, writeViaLayout } from './viaLayoutDocument.ts';
import { writeVilFile } from './vilWriter.ts';

const info = (() => {
  const read = readQmkInfo(readFileSync(path.join(QMK_INFO_DIR, 'kb16_01.keyboard.json'), 'utf8'));
  if (!read.ok) throw new Error(read.message);
  return read.info;
})();
const ROWS = 4;
const COLS = 5;
const VPID = 0xd0101601;

/**
 * WT lighting keys (BR_INC … 0x5F00–0x5F0D before protocol 11) are the keyboard's own keycodes QK_KB_n today, as
 * CUSTOM(n) (USER0n, 0x5F80 + n) is: two old numbers, one name, so the way back picks CUSTOM(n) (documented in
 * docs/keymap-formats.md). Every other number keeps its number.
 */
const LEGACY_SHARED_NAME = (code: number, protocol: number) =>
  protocol < 11 && code >= 0x5f00 && code <= 0x5f0d;

const code = (protocol: number) =>
  fc.integer({ min: 0, max: 0xffff }).filter((c) => !LEGACY_SHARED_NAME(c, protocol));

const documentOf = (protocol: number) =>
  fc
    .record({
      layers: fc.array(fc.array(code(protocol), { minLength: ROWS * COLS, maxLength: ROWS * COLS }), {
        minLength: 1,
        maxLength: 8,
      }),
      encoder: fc.array(fc.tuple(code(protocol), code(protocol)), { minLength: 8, maxLength: 8 }),
      macros: fc.array(
        fc.array(
          fc.oneof(
            fc.constantFrom('{KC_A}', '{KC_LSFT,KC_B}', '{+KC_LCTL}{-KC_LCTL}', '{250}'),
            fc.stringMatching(/^[a-z ]{0,8}$/),
          ),
          {
            maxLength: 4,
          },
        ),
        { maxLength: 4 },
      ),
    })
    .map(({ layers, encoder, macros }): KeymapDocument => ({
      keyboard: { name: 'KB16-01', vendorProductId: VPID, rows: ROWS, cols: COLS },
      protocol,
      macroProtocol: Math.max(protocol, 11),
      layers,
      encoders: layers.map((_, l) => [encoder[l]!]),
      macros: macros.map((parts) => parts.join('')),
      source: 'a test',
    }));

describe('keymap.c and keymap.json text', () => {
  it('every 16-bit number: QMK text reads back to the same number through Keyloom’s QMK table', () => {
    const wrong: string[] = [];
    for (let c = 0; c <= 0xffff; c++)
      if (parseQmkKeycode(qmkKeycodeText(c)) !== c) wrong.push(c.toString(16));
    expect(wrong).toEqual([]);
  });

  it('writes QMK’s names and macros', () => {
    expect(qmkKeycodeText(0x4104)).toBe('LT(1, KC_A)');
    expect(qmkKeycodeText(0x2129)).toBe('MT(MOD_LCTL, KC_ESC)');
    expect(qmkKeycodeText(0x0317)).toBe('LCTL(LSFT(KC_T))');
    expect(qmkKeycodeText(0x7700)).toBe('MC_0');
    expect(qmkKeycodeText(0x7c00)).toBe('QK_BOOT');
    expect(qmkKeycodeText(0x7103)).toBe('MI_C');
  });
});

describe.each([12, 11, 10, 9])(
  'VIA → QMK keymap.json → VIA on protocol %i keeps every number',
  (protocol) => {
    it('layers, encoders and macros', () => {
      fc.assert(
        fc.property(documentOf(protocol), (doc) => {
          const out = writeQmkKeymapJson(doc, { info, keyboard: 'kb16_01' });
          if (!out.ok) throw new Error(out.message);
          const back = readQmkKeymapJson(out.files[0]!.text, info, {
            name: doc.keyboard.name,
            vendorProductId: VPID,
            protocol,
            rows: ROWS,
            cols: COLS,
            layerCount: doc.layers.length,
            // (3, 4) is on no LAYOUT macro: a load leaves the board's key there.
            keymap: doc.layers,
            encoderCount: 1,
            macroCount: doc.macros.length,
          });
          if (!back.ok) throw new Error(back.message);
          const read = readViaLayout(JSON.stringify(back.file), 'keymap.json', {
            ...doc.keyboard,
            vendorProductId: VPID,
            protocol,
            macroProtocol: doc.macroProtocol,
          });
          if (!read.ok) throw new Error(read.message);
          expect(read.doc.layers).toEqual(doc.layers);
          expect(read.doc.encoders).toEqual(doc.encoders);
          // Macros the file holds come back (a keymap.json without any leaves the board's as they are).
          doc.macros.forEach(
            (m, i) =>
              m !== '' &&
              expect(scriptToMacro(read.doc.macros[i]!, doc.macroProtocol)).toEqual(
                scriptToMacro(m, doc.macroProtocol),
              ),
          );
        }),
        { numRuns: 40 },
      );
    });
  },
);

describe('document → .vil → document and → .layout.json → document', () => {
  it('keeps the keymap, encoders, macros and Vial features by number', () => {
    const vil = readFileSync(
      path.join(import.meta.dirname, '../../tests/fixtures/vial/keyloom-vial-60.vil'),
      'utf8',
    );
    const read = readKeymap({ text: vil, fileName: 'keyloom-vial-60.vil' });
    if (!read.ok) throw new Error(read.message);
    const doc = read.doc;
    const written = writeVilFile(doc);
    if (!written.ok) throw new Error(written.message);
    const again = readKeymap({ text: written.files[0]!.text, fileName: 'again.vil' });
    if (!again.ok) throw new Error(again.message);
    expect(again.doc.layers).toEqual(doc.layers);
    expect(again.doc.encoders).toEqual(doc.encoders);
    expect(again.doc.macros).toEqual(doc.macros);
    expect(again.doc.vial).toEqual(doc.vial);

    const asVia = writeViaLayout({ ...doc, keyboard: { ...doc.keyboard, vendorProductId: VPID } });
    if (!asVia.ok) throw new Error(asVia.message);
    const fromVia = readViaLayout(asVia.files[0]!.text, 'x.layout.json', {
      ...doc.keyboard,
      vendorProductId: VPID,
      protocol: doc.protocol,
      macroProtocol: doc.macroProtocol,
    });
    if (!fromVia.ok) throw new Error(fromVia.message);
    expect(fromVia.doc.layers).toEqual(doc.layers);
    expect(fromVia.doc.vial).toEqual(doc.vial);
  });
});
