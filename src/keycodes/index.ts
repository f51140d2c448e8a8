// The barrel is for on-demand code: importing it completes the keycode tables (tables.ts).
import './fullKeycodeTables.ts';
export { parseKeycode, HEX_KEYCODE } from './parse.ts';
export { formatKeycode, hexKeycode } from './format.ts';
export { viaKeycodeText } from './viaKeycodeText.ts';
export { viaNameTable, type ViaNameTable } from './viaTable.ts';
export { generationFor, rangesFor, type Generation, type Ranges } from './generations.ts';
export { keycodeTable, type KeycodeEntry, type KeycodeTable } from './tables.ts';
export { deprecatedExpression } from './deprecated.ts';
export { keycodeLabel, type KeyLabel, type KeyLabelContext } from './labels.ts';
export { keyLegend, type KeyLegend, type KeyLegendContext } from './legends.ts';
export { modsLegend } from './compositeLegend.ts';
export { isValidModalKeycode, parseEncoderKeycodeInput } from './validation.ts';
export { autocompleteKeycodes, AUTOCOMPLETE_LIMIT, type KeycodeSuggestion } from './autocomplete.ts';
export {
  keycodeCategories,
  type KeycodeCategory,
  type KeycodeButton,
  type CategoryOptions,
  type CategoryId,
} from './categories.ts';
