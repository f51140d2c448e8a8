import { refusalTable } from '../lib/refusal.ts';

/**
 * Every reason a layout file (.layout.json, a shared link's layout, a backup) is refused, as a code with its
 * values (lib/refusal.ts). The English text is here (the CLI, tests); the page shows `refusals:layout.<code>`
 * with the same values in all four languages. Values are already formatted (sizes with separators), so a
 * translation only places them; `reason` is the macro's own refusal, worded in the same language.
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
  keychronInvalid:
    'Could not load file: its Keychron section (colours, regions, effects, Snap Click, debounce, report rate) is invalid.',
} as const;

/** The layout file's refusals (`refusals:layout.<name>`). */
export const layoutRefusals = refusalTable('layout', LAYOUT_REFUSAL_TEXT);

export type LayoutRefusalCode = keyof typeof LAYOUT_REFUSAL_TEXT;

/** A failed result carrying the refusal and its English text. */
export const refuse = layoutRefusals.refuse;
