import type { DefinitionVersion, Result, ServedDefinition } from './compile.ts';
import { shortLimitMessage } from './definitionLimits.ts';
import { servedSizeProblem } from './definitionSize.ts';

/**
 * The run-time guard for served definitions (fetched from our own server or read back from the cache).
 * They were validated in full with the reader's schemas when `npm run definitions` built them, so the app does
 * not ship those validators (≈ 70 kB gz) on its first screen; this check only makes sure that what arrived is
 * whole, within Keyloom's size limits (`definitionSize.ts`: what the protocol addresses, so a virtual keyboard
 * built from it allocates nothing absurd) and has the shape the app reads, menus included — a truncated file, a
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
  // Sizes first: every later check walks the definition.
  const size = servedSizeProblem(json);
  if (size) return shortLimitMessage(size);
  if (!Number.isInteger(json.vendorProductId) || (json.vendorProductId as number) < 0)
    return 'vendorProductId: must be a whole number';
  const name = json.name;
  if (typeof name !== 'string' && !(isObject(name) && Array.isArray(name.options)))
    return 'name: must be a string';
  const matrix = json.matrix;
  if (!isObject(matrix) || !isCount(matrix.rows, 255) || !isCount(matrix.cols, 255))
    return 'matrix: rows and cols must be whole numbers from 1 to 255';
  const layouts = json.layouts;
  if (!isObject(layouts)) return 'layouts: must be an object';
  if (!isFiniteNumber(layouts.width) || !isFiniteNumber(layouts.height))
    return 'layouts: width and height must be numbers';
  const keysProblem = checkKeys(layouts.keys, 'layouts.keys', matrix.rows as number, matrix.cols as number);
  if (keysProblem) return keysProblem;
  if (!isObject(layouts.optionKeys)) return 'layouts.optionKeys: must be an object';
  for (const [group, options] of Object.entries(layouts.optionKeys)) {
    if (!isObject(options)) return `layouts.optionKeys.${group}: must be an object`;
    for (const [option, keys] of Object.entries(options)) {
      const where = `layouts.optionKeys.${group}.${option}`;
      const problem = checkKeys(keys, where, matrix.rows as number, matrix.cols as number);
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
  }
  return null;
}

/** Keys need numeric geometry and a matrix position inside the matrix or none (the app indexes keymaps by it). */
function checkKeys(keys: unknown, where: string, rows: number, cols: number): string | null {
  if (!Array.isArray(keys)) return `${where}: must be a list`;
  for (let i = 0; i < keys.length; i++) {
    const key: unknown = keys[i];
    if (!isObject(key)) return `${where}.${i}: must be an object`;
    for (const field of ['x', 'y', 'w', 'h'] as const)
      if (!isFiniteNumber(key[field])) return `${where}.${i}.${field}: must be a number`;
    const { row, col } = key;
    if (!Number.isInteger(row) || !Number.isInteger(col))
      return `${where}.${i}: row and col must be whole numbers`;
    // Decals and encoder-only keys have no matrix position: the compiler gives them -1,-1.
    if ((row as number) < -1 || (col as number) < -1) return `${where}.${i}: row and col must be -1 or more`;
    if ((row as number) >= rows || (col as number) >= cols)
      return `key at matrix ${String(row)},${String(col)} is outside the ${rows}×${cols} matrix`;
  }
  return null;
}

const isByte = (v: unknown) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 0xff;

/**
 * Menus as `menus.ts` and the menu panes read them: a common-menu name or an object; in an object, `label` and
 * `showIf` are texts, and `content` is a text (a text item), a control's value address (`[key, channel, value
 * id, args…]`, bytes on the wire) or a list of entries, each an object. Walked without recursion (its size was
 * bounded first).
 */
function checkMenus(menus: readonly unknown[]): string | null {
  const stack: [unknown, string][] = [];
  for (let i = menus.length - 1; i >= 0; i--) {
    if (typeof menus[i] === 'string') continue;
    stack.push([menus[i], `menus.${i}`]);
  }
  while (stack.length > 0) {
    const [node, where] = stack.pop()!;
    if (!isObject(node)) return `${where}: must be a menu entry`;
    if (node.label !== undefined && typeof node.label !== 'string') return `${where}.label: must be a text`;
    if (node.showIf !== undefined && typeof node.showIf !== 'string')
      return `${where}.showIf: must be a text`;
    if (node.options !== undefined && !Array.isArray(node.options)) return `${where}.options: must be a list`;
    const { content } = node;
    if (typeof content === 'string') continue;
    if (!Array.isArray(content)) return `${where}.content: must be a text or a list`;
    if (typeof node.type === 'string') {
      const [key, ...address] = content as unknown[];
      if (typeof key !== 'string' || address.length < 2 || !address.every(isByte))
        return `${where}.content: must be a key, a channel, a value id and argument bytes`;
      continue;
    }
    for (let i = content.length - 1; i >= 0; i--) stack.push([content[i], `${where}.content.${i}`]);
  }
  return null;
}
