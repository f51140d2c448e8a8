import { fillTemplate, messageValues } from '../lib/messageTemplate.ts';

/**
 * Every reason a layout file (.layout.json, a shared link's layout, a backup) is refused, as a code with its
 * values, the way flash problems are (flash/flashProblem.ts). The English text is here (the CLI, tests); the page
 * shows `layoutFiles:refusal.<code>` with the same values in all four languages (`layoutRefusal.test.ts` keeps
 * the two in step). Values are already formatted (sizes with separators), so a translation only places them.
 */
export const LAYOUT_REFUSAL_TEXT = {
  invalid: 'Could not load file: invalid data.',
  tooLarge: 'Could not load file: it is {{size}} bytes; a layout file holds at most {{max}}.',
  tooDeep: 'Could not load file: it nests lists and objects more than {{depth}} deep.',
  // The spec's sentence, then the keyboard the file names, so the user knows which keyboard it belongs to.
  otherKeyboard:
    'Could not import layout. This file was created for a different keyboard: {{file}} (made for {{keyboard}})',
  keyCount: 'Could not import layout: incorrect number of keys in one or more layers.',
  macroCount: 'Could not import layout: incorrect number of macros.',
  tooManyLayers:
    'Could not import layout: the file has {{fileLayers}} layers but this keyboard has {{keyboardLayers}}.',
  macro: 'Could not import layout: macro {{macro}}: {{reason}}',
  // The Macros pane's sentence (macros/macroBytes.ts macroSizeMessage), so both say the same.
  macrosTooBig: 'Macro size ({{size}}) exceeds buffer size ({{max}})',
  macros: 'Could not import layout: the macros cannot be written: {{reason}}',
  settingsInvalid:
    'Could not load file: its settings (layout options, lighting and menu values) are not valid.',
  vialInvalid:
    'Could not load file: its Vial section (tap dance, combos, key overrides, QMK settings) is invalid.',
} as const;

export type LayoutRefusalCode = keyof typeof LAYOUT_REFUSAL_TEXT;

/** A refusal: its code and the values its text names. */
export interface LayoutRefusal {
  code: LayoutRefusalCode;
  values: Record<string, string>;
}

/** A refused load: the refusal for the page, its English text for the CLI and logs. */
export interface Refused {
  ok: false;
  refusal: LayoutRefusal;
  message: string;
}

export function layoutRefusal(
  code: LayoutRefusalCode,
  values: Record<string, string | number> = {},
): LayoutRefusal {
  return { code, values: messageValues(values) };
}

/** The English text of a refusal, its values placed. */
export function layoutRefusalText(r: LayoutRefusal): string {
  return fillTemplate(LAYOUT_REFUSAL_TEXT[r.code], (name) => r.values[name] ?? '');
}

/** A failed result carrying the refusal and its English text. */
export function refuse(code: LayoutRefusalCode, values: Record<string, string | number> = {}): Refused {
  const refusal = layoutRefusal(code, values);
  return { ok: false, refusal, message: layoutRefusalText(refusal) };
}

/** `28,672`: how sizes are shown in refusals. */
export const byteCount = (n: number): string => n.toLocaleString('en-US');
