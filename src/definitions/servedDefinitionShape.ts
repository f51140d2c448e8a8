import type { DefinitionVersion, Result, ServedDefinition } from './compile.ts';
import {
  MAX_ENCODER_INDEX,
  MAX_KEYS,
  MAX_LED_INDEX,
  MAX_MATRIX_COLS,
  MAX_MATRIX_POSITIONS,
  MAX_MATRIX_ROWS,
  MAX_MENU_ENTRIES,
} from './addressLimits.ts';

/**
 * The run-time guard for served definitions (fetched from our own server or read back from the cache).
 * They were validated in full with the reader's schemas when `npm run definitions` built them, so the app does
 * not ship those validators (≈ 70 kB gz) on its first screen; this check only makes sure that what arrived is
 * whole, within what the VIA protocol addresses (`addressLimits.ts`: matrix, LED and encoder indexes, so a
 * virtual keyboard built from it allocates nothing absurd) and has the shape the app reads, menus included — a
 * truncated file, a
 * proxy's error page or a stale cache entry is refused with a one-line reason, never half-used. Definitions a
 * user brings as a file still go through the full compiler (`compile.ts`, loaded on demand).
 */
export function checkServedDefinition(json: unknown, version: DefinitionVersion): Result<ServedDefinition> {
  const problem = findProblem(json, version);
  return problem === null
    ? { ok: true, value: json as ServedDefinition }
    : { ok: false, message: `Invalid ${version} definition: ${problem}` };
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown, max: number) => Number.isInteger(v) && (v as number) > 0 && (v as number) <= max;
const isFiniteNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v);

/** The first thing wrong with the definition, as "where: what", or null when its shape is right. */
function findProblem(json: unknown, version: DefinitionVersion): string | null {
  if (!isObject(json)) return 'not an object';
  if (!Number.isInteger(json.vendorProductId) || (json.vendorProductId as number) < 0)
    return 'vendorProductId: must be a whole number';
  const name = json.name;
  if (typeof name !== 'string' && !(isObject(name) && Array.isArray(name.options)))
    return 'name: must be a string';
  const matrix = json.matrix;
  if (
    !isObject(matrix) ||
    !isCount(matrix.rows, MAX_MATRIX_ROWS) ||
    !isCount(matrix.cols, MAX_MATRIX_COLS) ||
    (matrix.rows as number) * (matrix.cols as number) > MAX_MATRIX_POSITIONS
  )
    return `matrix: rows and cols must be whole numbers from 1 to ${MAX_MATRIX_ROWS}, at most ${MAX_MATRIX_POSITIONS} positions`;
  const rows = matrix.rows as number;
  const cols = matrix.cols as number;
  const layouts = json.layouts;
  if (!isObject(layouts)) return 'layouts: must be an object';
  if (!isFiniteNumber(layouts.width) || !isFiniteNumber(layouts.height))
    return 'layouts: width and height must be numbers';
  const seen = { keys: 0 };
  const keysProblem = checkKeys(layouts.keys, 'layouts.keys', rows, cols, seen);
  if (keysProblem) return keysProblem;
  if (!isObject(layouts.optionKeys)) return 'layouts.optionKeys: must be an object';
  for (const [group, options] of Object.entries(layouts.optionKeys)) {
    if (!isObject(options)) return `layouts.optionKeys.${group}: must be an object`;
    for (const [option, keys] of Object.entries(options)) {
      const where = `layouts.optionKeys.${group}.${option}`;
      const problem = checkKeys(keys, where, rows, cols, seen);
      if (problem) return problem;
    }
  }
  if (layouts.labels !== undefined && !Array.isArray(layouts.labels)) return 'layouts.labels: must be a list';
  if (json.customKeycodes !== undefined && !Array.isArray(json.customKeycodes))
    return 'customKeycodes: must be a list';
  if (version === 'v3') {
    if (!Array.isArray(json.menus)) return 'menus: must be a list';
    const menusProblem = checkMenus(json.menus);
    if (menusProblem) return menusProblem;
    if (!Array.isArray(json.keycodes)) return 'keycodes: must be a list';
  } else {
    if (typeof json.lighting !== 'string' && !isObject(json.lighting))
      return 'lighting: must be a lighting type';
    if (json.customFeatures !== undefined && !Array.isArray(json.customFeatures))
      return 'customFeatures: must be a list';
  }
  return null;
}

/**
 * Keys need numeric geometry, a matrix position inside the matrix or none (the app indexes keymaps by it), and
 * LED and encoder indexes VIA addresses (a virtual keyboard keeps one value per index).
 */
function checkKeys(
  keys: unknown,
  where: string,
  rows: number,
  cols: number,
  seen: { keys: number },
): string | null {
  if (!Array.isArray(keys)) return `${where}: must be a list`;
  // Counted before the keys are looked at: a list of a million keys is refused at once.
  if ((seen.keys += keys.length) > MAX_KEYS) return `layouts: at most ${MAX_KEYS} keys`;
  for (let i = 0; i < keys.length; i++) {
    const key: unknown = keys[i];
    if (!isObject(key)) return `${where}.${i}: must be an object`;
    for (const field of ['x', 'y', 'w', 'h'] as const)
      if (!isFiniteNumber(key[field])) return `${where}.${i}.${field}: must be a number`;
    const { row, col } = key;
    // Decals and encoder-only keys have no matrix position: the compiler gives them -1,-1.
    if (!isIndex(row, rows - 1, -1) || !isIndex(col, cols - 1, -1))
      return `key at matrix ${String(row)},${String(col)} is outside the ${rows}×${cols} matrix`;
    if (!isIndex(key.li ?? 0, MAX_LED_INDEX) || !isIndex(key.ei ?? 0, MAX_ENCODER_INDEX))
      return `${where}.${i}: LED and encoder indexes must be from 0 to 255`;
  }
  return null;
}

const isIndex = (v: unknown, max: number, min = 0) =>
  Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
const isText = (v: unknown) => v === undefined || typeof v === 'string';

/**
 * Menus as `menus.ts` and the menu panes read them: a common-menu name or an entry, an object whose `label` and
 * `showIf` are texts and whose `content` is a text (a text item), a control's value address (`[key, channel,
 * value id, args…]`, bytes on the wire) or a list of entries; at most MAX_MENU_ENTRIES entries, counted before
 * they are queued. Walked without recursion, so a deep menu is no stack overflow.
 */
function checkMenus(menus: readonly unknown[]): string | null {
  const stack: [unknown, string][] = [];
  menus.forEach((m, i) => typeof m !== 'string' && stack.push([m, `menus.${i}`]));
  let entries = stack.length;
  while (stack.length > 0) {
    const [node, where] = stack.pop()!;
    const entry = isObject(node) ? node : {};
    const { content } = entry;
    const list = Array.isArray(content) ? (content as unknown[]) : null;
    const control = typeof entry.type === 'string';
    if (
      entry !== node ||
      !isText(entry.label) ||
      !isText(entry.showIf) ||
      !(entry.options === undefined || Array.isArray(entry.options)) ||
      !(list || typeof content === 'string') ||
      (list &&
        control &&
        !(typeof list[0] === 'string' && list.length > 2 && list.slice(1).every((b) => isIndex(b, 0xff))))
    )
      return `${where}: must be a menu entry`;
    // A text item, or a control's value address: nothing below.
    if (!list || control) continue;
    if ((entries += list.length) > MAX_MENU_ENTRIES) return `menus: at most ${MAX_MENU_ENTRIES} entries`;
    list.forEach((child, i) => stack.push([child, `${where}.content.${i}`]));
  }
  return null;
}
