import { scriptToMacro, type MacroStep } from '../macros/macroCodec.ts';
import type { MacroFormatLike } from '../macros/macroFormat.ts';

/** A macro step the format writers handle: raw bytes are read as the characters they stand for. */
export type DocumentMacroStep = Exclude<MacroStep, { kind: 'bytes' }>;

/**
 * A macro script's steps for the format writers. Raw bytes (`{\x5C}`, what VIA's grammar cannot say) become text
 * of the characters they are, so a backslash before a key is typed as a backslash, and each writer drops (and
 * lists) what its format cannot type, as it does for any text.
 * @throws MacroScriptError for a script that is not valid (the writers list it as invalid).
 */
export function macroStepsOf(script: string, format: MacroFormatLike): DocumentMacroStep[] {
  const steps: DocumentMacroStep[] = [];
  for (const step of scriptToMacro(script, format)) {
    if (step.kind !== 'bytes') {
      steps.push(step);
      continue;
    }
    let text = '';
    for (const byte of step.bytes) text += String.fromCharCode(byte);
    const last = steps[steps.length - 1];
    if (last?.kind === 'text') steps[steps.length - 1] = { kind: 'text', text: last.text + text };
    else steps.push({ kind: 'text', text });
  }
  return steps;
}
