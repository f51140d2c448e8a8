import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layoutChanges } from '../formats/layoutChanges.ts';
import { decodeMacros } from '../macros/macroBytes.ts';
import { macroFormatOf } from '../macros/macroFormat.ts';
import { macroBuffer } from '../../tests/support/macroArbitraries.ts';
import type { KeyboardState } from './keyboardLoader.ts';
import { checkLayoutForKeyboard, layoutLeavingUnknown } from './layoutLoad.ts';
import { currentLayout, layoutSnapshot, macroScripts } from './layoutTransfer.ts';

/** Every keyboard generation with macros: VIA protocols 9–13, Vial protocols 1 (plain), 2, 4, 5 and 6. */
const GENERATIONS: [string, { protocol: number; vial?: { protocol: number } }][] = [
  ...[9, 10, 11, 12, 13].map((protocol): [string, { protocol: number }] => [`VIA ${protocol}`, { protocol }]),
  ...[1, 2, 4, 5].map((v): [string, { protocol: number; vial: { protocol: number } }] => [
    `Vial ${v}`,
    { protocol: 9, vial: { protocol: v } },
  ]),
  ['Vial 6', { protocol: 12, vial: { protocol: 6 } }],
];

// Only what Save, the load's check and its plan read of a keyboard.
const keyboardWith = (
  generation: { protocol: number; vial?: { protocol: number } },
  macros: { count: number; bytes: Uint8Array },
) =>
  ({
    definition: { name: 'Board', vendorProductId: 42, matrix: { rows: 1, cols: 1 } },
    protocol: generation.protocol,
    layerCount: 1,
    keymap: [[4]],
    encoders: [],
    macros: {
      supported: true,
      count: macros.count,
      bufferSize: macros.bytes.length + 64,
      bytes: macros.bytes,
    },
    ...(generation.vial ? { vial: { ...generation.vial, uid: '0', vialRgb: false } } : {}),
  }) as unknown as KeyboardState;

describe.each(GENERATIONS)('%s: Save then Load is lossless for every macro buffer (issue #33)', (_, gen) => {
  it('buffer → Save (layout file) → Load check → the bytes the load writes', () => {
    fc.assert(
      fc.property(macroBuffer, (buffer) => {
        const keyboard = keyboardWith(gen, buffer);
        const text = JSON.stringify(currentLayout(keyboard));
        const checked = checkLayoutForKeyboard(keyboard, text, 'board.layout.json');
        if (!checked.ok) throw new Error(checked.message);
        expect(checked.value.unknown).toEqual([]);
        const layout = layoutLeavingUnknown(keyboard, checked.value);
        if (!layout.ok) throw new Error(layout.message);
        expect([...layoutSnapshot(keyboard, layout.value).macros!]).toEqual([...buffer.bytes]);
        // The preview says nothing would change.
        const changes = layoutChanges(
          {
            keymap: keyboard.keymap,
            cols: 1,
            encoders: [],
            macros: macroScripts(keyboard),
            protocol: keyboard.protocol,
            macroFormat: macroFormatOf(keyboard),
          },
          layout.value,
        );
        expect(changes.macros).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});

describe.each(GENERATIONS)(
  '%s: a macro buffer filled to its last byte round-trips Save → Load (issue 39 item 7)',
  (_, gen) => {
    /**
     * The buffers VIA writes when the macros fill it: the last macro's NUL on the buffer's last byte, or (fewer NULs
     * than macros) the buffer ending right after the last macro with bytes, the empty macros after it implied.
     */
    const fullBuffer = fc
      .tuple(macroBuffer, fc.integer({ min: 0, max: 3 }))
      .filter(([buffer]) => buffer.bytes.some((b) => b !== 0))
      .map(([buffer, missing]) => {
        // The bytes up to the last macro with bytes, its NUL included (the flag byte), then `missing` empty
        // macros more than the buffer holds NULs for.
        let end = buffer.bytes.length;
        while (end > 1 && buffer.bytes[end - 2] === 0) end--;
        return { count: buffer.count + missing, bytes: buffer.bytes.slice(0, end) };
      });

    it('Save writes a file Load takes, and Load writes back what the keyboard held', () => {
      fc.assert(
        fc.property(fullBuffer, (buffer) => {
          const keyboard = keyboardWith(gen, buffer);
          keyboard.macros = { ...keyboard.macros, bufferSize: buffer.bytes.length };
          const text = JSON.stringify(currentLayout(keyboard));
          const checked = checkLayoutForKeyboard(keyboard, text, 'board.layout.json');
          if (!checked.ok) throw new Error(checked.message);
          const layout = layoutLeavingUnknown(keyboard, checked.value);
          if (!layout.ok) throw new Error(layout.message);
          const written = layoutSnapshot(keyboard, layout.value).macros!;
          // Everything before the flag byte; the flag byte (0 after the write) is the last macro's NUL.
          expect([...written]).toEqual([...buffer.bytes.slice(0, -1)]);
          const held = Uint8Array.from([...written, 0]);
          expect(decodeMacros(held, buffer.count, macroFormatOf(keyboard))).toEqual(
            decodeMacros(buffer.bytes, buffer.count, macroFormatOf(keyboard)),
          );
        }),
        { numRuns: 150 },
      );
    });

    it('one byte more than the buffer holds is still refused, with the sizes', () => {
      const keyboard = keyboardWith(gen, { count: 1, bytes: Uint8Array.from([0x41, 0x42, 0]) });
      keyboard.macros = { ...keyboard.macros, bufferSize: 3 };
      const file = { ...currentLayout(keyboard), macros: ['ABC'] };
      const checked = checkLayoutForKeyboard(keyboard, JSON.stringify(file), 'f');
      const layout = checked.ok ? layoutLeavingUnknown(keyboard, checked.value) : checked;
      expect(layout.ok).toBe(false);
    });
  },
);

describe('the preview names a macro whose bytes a file changes (issue #33)', () => {
  it('"C:\\" then Enter against the file VIA would read as a typed brace', () => {
    const keyboard = keyboardWith(
      { protocol: 12 },
      { count: 1, bytes: Uint8Array.from([0x43, 0x3a, 0x5c, 1, 1, 0x28, 0]) },
    );
    const saved = currentLayout(keyboard);
    expect(saved.macros).toEqual(['C:{\\x5C}{KC_ENT}']);
    const edited = JSON.stringify({ ...saved, macros: ['C:\\{KC_ENT}'] });
    const checked = checkLayoutForKeyboard(keyboard, edited, 'f');
    if (!checked.ok) throw new Error(checked.message);
    const layout = layoutLeavingUnknown(keyboard, checked.value);
    if (!layout.ok) throw new Error(layout.message);
    const changes = layoutChanges(
      { keymap: [[4]], cols: 1, encoders: [], macros: macroScripts(keyboard), protocol: 12 },
      layout.value,
    );
    expect(changes.macros).toEqual([{ index: 0, from: 'C:{\\x5C}{KC_ENT}', to: 'C:\\{KC_ENT}' }]);
  });
});
