import { stepSize, type MacroStep } from './macroBytes.ts';
import type { MacroFormatLike } from './macroFormat.ts';

/**
 * The bytes a set of macros takes in the keyboard's buffer, each with the NUL that ends it: what the Macros
 * pane counts against the buffer as the user edits (`encodeMacros` refuses a set above the capacity).
 */
export function macroBytesUsed(macros: readonly (readonly MacroStep[])[], format: MacroFormatLike): number {
  let size = 0;
  for (const steps of macros) for (const step of steps) size += stepSize(step, format);
  return size + macros.length;
}
