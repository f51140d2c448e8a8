/** fast-check arbitraries for macro buffers of every format (issue #33), shared by the property tests. */
import fc from 'fast-check';
import { macroFormatOf, viaMacroFormat, type MacroFormat } from '../../src/macros/macroFormat.ts';

/** Every macro format a keyboard may read: VIA protocols 9–13, Vial protocols 0–6 (issue #33). */
export const MACRO_FORMATS: readonly (readonly [string, MacroFormat])[] = [
  ...[9, 10, 11, 12, 13].map((p) => [`VIA protocol ${p}`, viaMacroFormat(p)] as const),
  ...[0, 1, 2, 4, 5].map(
    (v) => [`Vial protocol ${v}`, macroFormatOf({ protocol: 9, vial: { protocol: v } })] as const,
  ),
  ['Vial protocol 6', macroFormatOf({ protocol: 12, vial: { protocol: 6 } })],
];

const nonZero = fc.integer({ min: 1, max: 255 });
const digits = fc.stringMatching(/^\d{0,12}$/).map((d) => [...d].map((c) => c.charCodeAt(0)));

/**
 * One macro's bytes (no NUL) as a keyboard may hold them: well-formed actions of every format mixed with
 * bytes that are none (lone prefixes, unknown actions, odd delay digits, bytes above 0x7F), and text full of
 * backslashes and braces.
 */
export const macroBytes = fc
  .array(
    fc.oneof(
      fc.array(nonZero, { minLength: 1, maxLength: 4 }),
      fc.array(fc.constantFrom(0x5c, 0x7b, 0x7d, 0x41, 0x20, 0x0a, 0x09), { minLength: 1, maxLength: 4 }),
      fc.tuple(fc.integer({ min: 1, max: 7 }), nonZero).map(([a, k]) => [1, a, k]),
      fc.tuple(fc.integer({ min: 1, max: 3 }), nonZero).map(([a, k]) => [a, k]),
      fc.tuple(fc.integer({ min: 5, max: 7 }), nonZero, nonZero).map(([a, lo, hi]) => [1, a, lo, hi]),
      fc.tuple(nonZero, nonZero).map(([d0, d1]) => [1, 4, d0, d1]),
      digits.map((d) => [1, 4, ...d, 0x7c]),
      fc.constantFrom([1], [1, 4], [1, 2], [2], [0x5c]),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.flat());

/** A whole buffer: `count` macros, each NUL-terminated. */
export const macroBuffer = fc
  .array(macroBytes, { minLength: 1, maxLength: 6 })
  .map((macros) => ({ count: macros.length, bytes: Uint8Array.from(macros.flatMap((m) => [...m, 0])) }));
