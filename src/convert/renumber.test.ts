import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hexKeycode } from '../keycodes/index.ts';
import { convertKeycode } from '../keycodes/numbering.ts';
import type { ConvertNote } from './convertNotes.ts';
import type { KeymapDocument } from './keymapDocument.ts';
import { renumberDocument } from './renumber.ts';
import { writeVilFile } from './vilWriter.ts';

/** A protocol-11 document whose layers hold `codes` (16 × 16 matrix), one encoder with the first two. */
function protocol11(codes: readonly number[]): KeymapDocument {
  const keys = 256;
  return {
    keyboard: { name: 'Board', vendorProductId: 0x4b4c0001, rows: 16, cols: 16 },
    protocol: 11,
    macroProtocol: 11,
    layers: Array.from({ length: Math.ceil(codes.length / keys) }, (_, l) =>
      Array.from({ length: keys }, (_, i) => codes[l * keys + i] ?? 0),
    ),
    encoders: [],
    macros: [],
    source: 'a test',
  };
}

const unnamedNote = (notes: readonly ConvertNote[]) =>
  notes.find((n): n is Extract<ConvertNote, { kind: 'unnamedKeycode' }> => n.kind === 'unnamedKeycode');

describe('renumbering carries every number by name or says so (issue 39 item 6)', () => {
  it('every protocol-11 code through .vil export: its value by name, or a note that counts it', () => {
    const codes = Array.from({ length: 0x10000 }, (_, c) => c);
    const out = writeVilFile(protocol11(codes));
    if (!out.ok) throw new Error(out.message);
    const written = (JSON.parse(out.files[0]!.text) as { layout: number[][][] }).layout.flat(2);
    let unnamed = 0;
    codes.forEach((code) => {
      const named = convertKeycode(code, 11, 12);
      if (named === null) unnamed++;
      // Carried by name, or kept as it is (and counted below): never a third number.
      expect(written[code]).toBe(named ?? code);
    });
    expect(unnamed).toBeGreaterThan(0);
    expect(unnamedNote(out.notes)?.count).toBe(unnamed);
  }, 60_000);

  it('a single code carried as it is is named in the note, from keys and encoders alike', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffff }), fc.boolean(), (code, onEncoder) => {
        const doc = { ...protocol11([]), keyboard: { name: 'Pad', vendorProductId: 1, rows: 1, cols: 1 } };
        doc.layers = [[4]];
        if (onEncoder) doc.encoders = [[[code, 4]]];
        else doc.layers[0]![0] = code;
        const { notes } = renumberDocument(doc, 12);
        const note = unnamedNote(notes);
        if (convertKeycode(code, 11, 12) === null) {
          expect(note?.codes).toContain(hexKeycode(code));
          expect(note?.count).toBe(1);
        } else expect(note).toBeUndefined();
      }),
      { numRuns: 1000 },
    );
  });

  it('0x7103 (no protocol-11 name; MI_C in QMK today) is not carried silently', () => {
    const out = writeVilFile(protocol11([0x7103]));
    expect(out.ok && unnamedNote(out.notes)?.codes).toEqual([hexKeycode(0x7103)]);
  });
});
