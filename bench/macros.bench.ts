import { decodeMacros, encodeMacros, macroToScript, scriptToMacro } from '../src/macros/macroCodec.ts';
import { macroFormatOf } from '../src/macros/macroFormat.ts';
import { readVilFile, type VilTarget } from '../src/vial/vilFile.ts';
import type { Report } from './run.ts';

/** Milliseconds `fn` takes, the best of `times` (the machine may be shared). */
function best(times: number, fn: () => void): number {
  let min = Infinity;
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    fn();
    min = Math.min(min, performance.now() - start);
  }
  return min;
}

const refuses = (fn: () => unknown) => () => {
  try {
    fn();
  } catch {
    return;
  }
  throw new Error('expected a refusal');
};

const VIAL6 = macroFormatOf({ protocol: 12, vial: { protocol: 6 } });
const TARGET: VilTarget = {
  name: 'Bench',
  vendorProductId: 1,
  protocol: 12,
  rows: 1,
  cols: 1,
  layerCount: 1,
  keymap: [[4]],
  encoderCount: 0,
  macrosSupported: true,
  macroCount: 16,
  macroFormat: VIAL6,
  macroCapacity: 899,
};

/** The issue #33 inputs that froze or crashed the page, and the largest buffer a keyboard can report. */
export function run(report: Report) {
  const longText = 'a'.repeat(120_000);
  report({
    name: 'macros: 120,000-character text run refused for a 1 kB buffer',
    value: best(
      5,
      refuses(() => scriptToMacro(longText, 12, { capacity: 1023 })),
    ),
    unit: 'ms',
    limit: 50,
    note: 'was "Maximum call stack size exceeded"',
  });
  const hugeDelay = JSON.stringify({ layout: [[['KC_A']]], macro: [[['delay', 1e13]]] });
  report({
    name: 'macros: .vil with a 1e13 ms delay refused',
    value: best(5, () => {
      if (readVilFile(hugeDelay, TARGET).ok) throw new Error('expected a refusal');
    }),
    unit: 'ms',
    limit: 50,
    note: 'was minutes and hundreds of MB',
  });
  // A full 65,535-byte buffer of short macros with every kind of step, read and written back.
  const unit = [0x43, 0x3a, 0x5c, 0x01, 0x01, 0x28, 0x01, 0x04, 0x10, 0x30, 0xc3, 0xa9, 0x00];
  const buffer = Uint8Array.from({ length: 0xffff }, (_, i) => unit[i % unit.length]!);
  const count = buffer.filter((b) => b === 0).length;
  report({
    name: 'macros: 64 kB buffer → scripts → bytes (Vial 6)',
    value: best(3, () => {
      const scripts = decodeMacros(buffer, count, VIAL6).map((m) => macroToScript(m, VIAL6));
      encodeMacros(
        scripts.map((s) => scriptToMacro(s, VIAL6)),
        VIAL6,
      );
    }),
    unit: 'ms',
    limit: 500,
  });
}
