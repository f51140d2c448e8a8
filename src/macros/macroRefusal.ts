import { RefusalError, refusalTable } from '../lib/refusal.ts';

/**
 * Why a macro script or a macro's steps were refused (lib/refusal.ts): the spec's validator sentences in English
 * (core.md §5) and Keyloom's own; the page shows `refusals:macro.<name>` in the user's language, alone in the
 * Macros pane or as the reason inside a file's refusal.
 */
export const macroRefusals = refusalTable('macro', {
  unclosed: "Looks like a keycode block - {} - is unclosed! Are you missing an '}'?",
  empty:
    "Sorry, I can't handle empty {}. Fill them up with keycodes or use \\{} to tell the macro to literally type {}",
  keycodes: 'Whoops! Invalid keycodes detected inside {}: {{names}}',
  delay: 'Invalid delay: {{value}}. Please use a delay value of {{max}} or less.',
  bytes:
    'Invalid bytes inside {}: {{bytes}}. Write each byte as \\x and two hex digits, 01 to FF, e.g. {\\x5C}.',
  text: 'The keyboard types only ASCII text (a new line types Enter, a tab types Tab): {{chars}} cannot be typed. Remove them, or use {KC_…} keys.',
  nul: 'A macro cannot hold U+0000: it ends the macro.',
  size: 'Macro size ({{size}}) exceeds buffer size ({{max}})',
});

export type MacroRefusalName = keyof typeof macroRefusals.text;

/** Why a script was refused: `refusal` for the page, `code` and `detail` for callers that tell kinds apart. */
export class MacroScriptError extends RefusalError {
  /** The kind of problem: 'text' for any character a macro cannot hold. */
  readonly code: Exclude<MacroRefusalName, 'nul'>;
  constructor(
    name: MacroRefusalName,
    values: Record<string, string | number> = {},
    /** What was refused, as written (the names, the bytes, the characters). */
    readonly detail = '',
  ) {
    super(macroRefusals.refusal(name, values));
    this.name = 'MacroScriptError';
    this.code = name === 'nul' ? 'text' : name;
  }
}

/** The spec's message for macros the buffer cannot hold (core.md §5, Errors: 'Macro too large'). */
export const macroSizeMessage = (size: number, capacity: number) =>
  macroRefusals.textOf('size', { size, max: capacity });
