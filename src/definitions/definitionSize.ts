/**
 * The size checks of one definition, in source form (KLE `layouts.keymap`) or served form (`layouts.keys`),
 * run before any schema validation: each reads only counts and numbers, treats any unexpected shape as "not
 * mine to judge" (the schema names it afterwards) and returns the first bound broken (`definitionLimits.ts`).
 * Every loop is bounded: by a length checked just before it, or by `jsonSizeProblem`'s count of values.
 */
import { DEFINITION_LIMITS as LIMITS, overLimit, type LimitProblem } from './definitionLimits.ts';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): readonly unknown[] => (Array.isArray(v) ? v : []);

/**
 * A source definition's sizes: matrix, KLE rows and keys, layout options (each check reads lengths before it
 * loops, so they come first and name the specific count), then the JSON bounds, then menus and other lists.
 */
export function sourceSizeProblem(json: unknown): LimitProblem | null {
  if (!isObject(json)) return jsonSizeProblem(json);
  const layouts = isObject(json.layouts) ? json.layouts : {};
  return (
    matrixProblem(json.matrix) ??
    keymapProblem(layouts.keymap) ??
    labelsProblem(layouts.labels) ??
    jsonSizeProblem(json) ??
    extrasProblem(json)
  );
}

/**
 * A served definition's sizes: JSON bounds, matrix, keys (layout options included) with their LED and encoder
 * indexes, layout options, menus, lists. Also the last check of a compiled source definition, whose LED and
 * encoder indexes come out of KLE legends (`l2147483693`).
 */
export function servedSizeProblem(json: unknown): LimitProblem | null {
  if (!isObject(json)) return jsonSizeProblem(json);
  const layouts = isObject(json.layouts) ? json.layouts : {};
  return (
    matrixProblem(json.matrix) ??
    servedKeysProblem(layouts) ??
    labelsProblem(layouts.labels) ??
    jsonSizeProblem(json) ??
    extrasProblem(json)
  );
}

function matrixProblem(matrix: unknown): LimitProblem | null {
  if (!isObject(matrix)) return null;
  const { rows, cols } = matrix;
  if (typeof rows === 'number' && rows > LIMITS.matrixRows) return overLimit('matrixRows', rows);
  if (typeof cols === 'number' && cols > LIMITS.matrixCols) return overLimit('matrixCols', cols);
  if (typeof rows === 'number' && typeof cols === 'number' && rows * cols > LIMITS.matrixPositions)
    return overLimit('matrixPositions', rows * cols);
  return null;
}

function keymapProblem(keymap: unknown): LimitProblem | null {
  if (!Array.isArray(keymap)) return null;
  if (keymap.length > LIMITS.kleRows) return overLimit('kleRows', keymap.length, 'layouts.keymap');
  let keys = 0;
  for (let r = 0; r < keymap.length; r++) {
    const row = list(keymap[r]);
    if (row.length > LIMITS.rowEntries) return overLimit('rowEntries', row.length, `layouts.keymap.${r}`);
    for (const entry of row) if (typeof entry === 'string') keys++;
  }
  return keys > LIMITS.keys ? overLimit('keys', keys) : null;
}

function servedKeysProblem(layouts: Json): LimitProblem | null {
  const lists: [string, readonly unknown[]][] = [['layouts.keys', list(layouts.keys)]];
  if (isObject(layouts.optionKeys)) {
    const groups = Object.entries(layouts.optionKeys);
    if (groups.length > LIMITS.labels) return overLimit('labels', groups.length, 'layouts.optionKeys');
    for (const [group, options] of groups) {
      if (!isObject(options)) continue;
      const choices = Object.entries(options);
      if (choices.length > LIMITS.choices)
        return overLimit('choices', choices.length, `layouts.optionKeys.${group}`);
      for (const [option, keys] of choices) lists.push([`layouts.optionKeys.${group}.${option}`, list(keys)]);
    }
  }
  let keys = 0;
  for (const [, entries] of lists) keys += entries.length;
  if (keys > LIMITS.keys) return overLimit('keys', keys);
  for (const [where, entries] of lists) {
    for (let i = 0; i < entries.length; i++) {
      const key = entries[i];
      if (!isObject(key)) continue;
      if (key.li !== undefined && !isIndex(key.li, LIMITS.ledIndex))
        return overLimit('ledIndex', Number(key.li), `${where}.${i}`);
      if (key.ei !== undefined && !isIndex(key.ei, LIMITS.encoderIndex))
        return overLimit('encoderIndex', Number(key.ei), `${where}.${i}`);
    }
  }
  return null;
}

const isIndex = (v: unknown, max: number) =>
  Number.isInteger(v) && (v as number) >= 0 && (v as number) <= max;

function labelsProblem(labels: unknown): LimitProblem | null {
  if (!Array.isArray(labels)) return null;
  if (labels.length > LIMITS.labels) return overLimit('labels', labels.length);
  let bits = 0;
  for (let i = 0; i < labels.length; i++) {
    const label: unknown = labels[i];
    const choices = Array.isArray(label) ? Math.max(label.length - 1, 1) : 2;
    if (choices > LIMITS.choices) return overLimit('choices', choices, `layouts.labels.${i}`);
    bits += Math.max(1, Math.ceil(Math.log2(choices)));
  }
  return bits > LIMITS.optionBits ? overLimit('optionBits', bits) : null;
}

/** Menus (v3 `menus`, v2 `customMenus`), custom keycodes and v2 lighting effect lists. */
function extrasProblem(json: Json): LimitProblem | null {
  const customKeycodes = list(json.customKeycodes).length;
  if (customKeycodes > LIMITS.customKeycodes) return overLimit('customKeycodes', customKeycodes);
  if (isObject(json.lighting)) {
    for (const field of ['effects', 'underglowEffects']) {
      const effects = list(json.lighting[field]).length;
      if (effects > LIMITS.effects) return overLimit('effects', effects, `lighting.${field}`);
    }
  }
  return menusProblem(json.menus, 'menus') ?? menusProblem(json.customMenus, 'customMenus');
}

/** Counts every object of the menu tree (menus, submenus, slices, controls) without recursion; run after jsonSizeProblem. */
function menusProblem(menus: unknown, where: string): LimitProblem | null {
  const stack: [unknown, string][] = list(menus).map((m, i) => [m, `${where}.${i}`]);
  let entries = 0;
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (!isObject(node)) continue;
    entries++;
    const options = list(node.options).length;
    if (options > LIMITS.menuOptions) return overLimit('menuOptions', options, path);
    list(node.content).forEach((child, i) => stack.push([child, `${path}.content.${i}`]));
  }
  // The walk is bounded by jsonSizeProblem's count of values, so the count is exact.
  return entries > LIMITS.menuEntries ? overLimit('menuEntries', entries) : null;
}

/**
 * Walks any JSON value without recursion and returns the first bound it breaks: nesting deeper than `depth`,
 * more than `values` values, a text (or object key) longer than `stringLength`. Stops at the first problem, so
 * its cost is bounded by the limits, not by the input.
 */
export function jsonSizeProblem(value: unknown): LimitProblem | null {
  const { depth: maxDepth, values: maxValues, stringLength } = LIMITS;
  const stack: unknown[] = [value];
  const depths: number[] = [0];
  let values = 0;
  while (stack.length > 0) {
    const item = stack.pop();
    const depth = depths.pop()!;
    values++;
    if (typeof item === 'string') {
      if (item.length > stringLength) return overLimit('stringLength', item.length);
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (depth >= maxDepth) return overLimit('depth', maxDepth + 1);
    const children = Array.isArray(item) ? (item as unknown[]) : Object.keys(item);
    if (values + stack.length + children.length > maxValues) return overLimit('values', maxValues + 1);
    if (Array.isArray(item)) {
      for (const child of children) {
        stack.push(child);
        depths.push(depth + 1);
      }
    } else {
      for (const key of children as string[]) {
        if (key.length > stringLength) return overLimit('stringLength', key.length);
        stack.push((item as Record<string, unknown>)[key]);
        depths.push(depth + 1);
      }
    }
  }
  return null;
}
