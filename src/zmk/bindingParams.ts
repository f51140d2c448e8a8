import { encodeHidUsage, HID_PAGE_KEYBOARD, isValidHidUsage } from './hidUsage.ts';
import type { ZmkBehavior, ZmkParamSet, ZmkParamValue } from './behavior.ts';
import type { ZmkLayer } from './keymapData.ts';

/** A layer as the editor offers it: its id (what parameters hold) and its name. */
export interface ZmkLayerChoice {
  id: number;
  name: string;
  /**
   * Taken out of the order this session (its bindings and name kept): keys may still name it, so legends and the
   * editor can say so, but it is never offered and never counts as valid.
   */
  removed?: boolean;
}

/**
 * The keyboard's layers as the binding editor and the legends name them (by id, with their names, the id for
 * none), then the ones removed this session and not back in the order, marked: keys that still name them say so.
 */
export function layerChoices(
  layers: readonly ZmkLayer[],
  removed: readonly ZmkLayer[] = [],
): ZmkLayerChoice[] {
  const shown = layers.map((l) => ({ id: l.id, name: l.name || String(l.id) }));
  const gone = removed
    .filter((r) => !shown.some((l) => l.id === r.id))
    .map((l) => ({ id: l.id, name: l.name || String(l.id), removed: true }));
  return [...shown, ...gone];
}

/** The layers a binding may name now: the ones in the order. */
export const shownLayers = (layers: readonly ZmkLayerChoice[]): ZmkLayerChoice[] =>
  layers.filter((l) => !l.removed);

/**
 * What the binding editor shows for one parameter, from the behavior's own descriptions:
 * - `none`: nothing to choose (the parameter is 0);
 * - `choice`: a list of named values (constants; a `nil` description adds its 0);
 * - `range`: a number from min to max, inclusive;
 * - `hidUsage`: a key through the keycode picker (keyboard page up to keyboardMax, consumer up to consumerMax);
 * - `layer`: one of the keyboard's layers, shown by name, sent as its id;
 * - `alternatives`: several of the above, the user picks which kind first (e.g. a constant or a range).
 */
export type ZmkParamEditor =
  | { kind: 'none' }
  | { kind: 'choice'; label: string; options: { value: number; label: string }[] }
  | { kind: 'range'; label: string; min: number; max: number }
  | { kind: 'hidUsage'; label: string; keyboardMax: number; consumerMax: number }
  | { kind: 'layer'; label: string; layers: ZmkLayerChoice[]; removed: ZmkLayerChoice[] }
  | { kind: 'alternatives'; alternatives: Exclude<ZmkParamEditor, { kind: 'none' | 'alternatives' }>[] };

/** One kind of editor (an `alternatives` editor offers several). */
export type ZmkSingleEditor = Exclude<ZmkParamEditor, { kind: 'none' | 'alternatives' }>;
type SingleEditor = ZmkSingleEditor;

/** Whether `value` is one the editor offers (which of an `alternatives` editor's kinds a parameter is in now). */
export function editorOffers(editor: ZmkSingleEditor, value: number): boolean {
  switch (editor.kind) {
    case 'choice':
      return editor.options.some((o) => o.value === value);
    case 'range':
      return value >= editor.min && value <= editor.max;
    case 'layer':
      return editor.layers.some((l) => l.id === value);
    case 'hidUsage':
      return isValidHidUsage(value, editor.keyboardMax, editor.consumerMax);
  }
}

/** The value an editor starts from when the user switches to its kind (a key: A). */
export function editorStart(editor: ZmkSingleEditor): number {
  if (editor.kind === 'choice') return editor.options[0]?.value ?? 0;
  if (editor.kind === 'range') return editor.min;
  if (editor.kind === 'layer') return editor.layers[0]?.id ?? 0;
  return DEFAULT_HID_USAGE;
}

/**
 * Which of an `alternatives` editor's kinds is shown: the one the user `chosen`, else the one offering `value`, else
 * the first.
 */
export function alternativeShown(
  alternatives: readonly ZmkSingleEditor[],
  value: number | null,
  chosen: number | null,
): number {
  if (chosen !== null) return chosen;
  const inUse = value === null ? -1 : alternatives.findIndex((a) => editorOffers(a, value));
  return Math.max(inUse, 0);
}

/** The parameter once the user switches to kind `editor`: null when `value` fits it and stays, else its start. */
export function alternativeStart(editor: ZmkSingleEditor, value: number | null): number | null {
  return value !== null && editorOffers(editor, value) ? null : editorStart(editor);
}

/** The editor for a parameter described by `values` (alternatives of one parameter slot). */
export function paramEditor(
  values: readonly ZmkParamValue[],
  layers: readonly ZmkLayerChoice[],
): ZmkParamEditor {
  const editors: SingleEditor[] = [];
  const options: { value: number; label: string }[] = [];
  let choiceLabel = '';
  for (const value of values) {
    if (value.kind === 'constant' || value.kind === 'nil') {
      const number = value.kind === 'constant' ? value.value : 0;
      if (!options.some((o) => o.value === number)) options.push({ value: number, label: value.name });
      choiceLabel ||= value.name;
    } else if (value.kind === 'range')
      editors.push({ kind: 'range', label: value.name, min: value.min, max: value.max });
    else if (value.kind === 'hidUsage')
      editors.push({
        kind: 'hidUsage',
        label: value.name,
        keyboardMax: value.keyboardMax,
        consumerMax: value.consumerMax,
      });
    else if (value.kind === 'layerId')
      editors.push({
        kind: 'layer',
        label: value.name,
        layers: shownLayers(layers),
        removed: layers.filter((l) => l.removed),
      });
  }
  // A lone `nil` is "no parameter", not a one-item list.
  const onlyNil = options.length === 1 && values.every((v) => v.kind === 'nil' || v.kind === 'unknown');
  if (options.length > 0 && !onlyNil) editors.unshift({ kind: 'choice', label: choiceLabel, options });
  if (editors.length === 0) return { kind: 'none' };
  if (editors.length === 1) return editors[0]!;
  return { kind: 'alternatives', alternatives: editors };
}

/**
 * Whether `param` fits one description. The firmware's rules (docs/zmk-studio-protocol.md "Parameter
 * descriptions"), made stricter where the firmware slips: a layer id must be one of `layerIds`, and a HID usage
 * must be within the maxima it describes. An `unknown` description (newer firmware) accepts nothing.
 */
export function paramMatches(value: ZmkParamValue, param: number, layerIds: readonly number[]): boolean {
  switch (value.kind) {
    case 'nil':
      return param === 0;
    case 'constant':
      return param === value.value;
    case 'range':
      return param >= value.min && param <= value.max;
    case 'hidUsage':
      return isValidHidUsage(param, value.keyboardMax, value.consumerMax);
    case 'layerId':
      return layerIds.includes(param);
    default:
      return false;
  }
}

/** A parameter slot accepts `param` when a description matches it, or it has none and `param` is 0. */
function slotAccepts(values: readonly ZmkParamValue[], param: number, layerIds: readonly number[]): boolean {
  return values.length === 0 ? param === 0 : values.some((v) => paramMatches(v, param, layerIds));
}

/** The sets of `behavior` whose param1 accepts `param1`. */
export function setsForParam1(
  behavior: ZmkBehavior,
  param1: number,
  layerIds: readonly number[],
): ZmkParamSet[] {
  return behavior.sets.filter((set) => slotAccepts(set.param1, param1, layerIds));
}

/** The editor for param1: every set's param1 descriptions together. */
export function param1Editor(behavior: ZmkBehavior, layers: readonly ZmkLayerChoice[]): ZmkParamEditor {
  return paramEditor(
    behavior.sets.flatMap((set) => set.param1),
    layers,
  );
}

/** The editor for param2 once param1 is `param1`: the param2 descriptions of the sets param1 picks. */
export function param2Editor(
  behavior: ZmkBehavior,
  param1: number,
  layers: readonly ZmkLayerChoice[],
): ZmkParamEditor {
  const ids = shownLayers(layers).map((l) => l.id);
  return paramEditor(
    setsForParam1(behavior, param1, ids).flatMap((set) => set.param2),
    layers,
  );
}

export type ZmkBindingProblem = 'param1' | 'param2' | null;

/**
 * Which parameter keeps `behavior` with (`param1`, `param2`) from being a binding the firmware takes: no sets →
 * both must be 0; else some set must accept param1 and param2 together. null when it is valid.
 */
export function bindingProblem(
  behavior: ZmkBehavior,
  param1: number,
  param2: number,
  layerIds: readonly number[],
): ZmkBindingProblem {
  if (behavior.sets.length === 0) return param1 !== 0 ? 'param1' : param2 !== 0 ? 'param2' : null;
  const sets = setsForParam1(behavior, param1, layerIds);
  if (sets.length === 0) return 'param1';
  return sets.some((set) => slotAccepts(set.param2, param2, layerIds)) ? null : 'param2';
}

/** The keyboard page's "A", the first key the picker offers for a fresh HID usage parameter. */
export const DEFAULT_HID_USAGE = encodeHidUsage({ modifiers: 0, page: HID_PAGE_KEYBOARD, id: 0x04 });

function firstValue(values: readonly ZmkParamValue[], layerIds: readonly number[]): number | null {
  for (const value of values) {
    if (value.kind === 'constant') return value.value;
    if (value.kind === 'nil') return 0;
    if (value.kind === 'range') return value.min;
    if (value.kind === 'hidUsage') return DEFAULT_HID_USAGE;
    if (value.kind === 'layerId' && layerIds.length > 0) return layerIds[Math.min(1, layerIds.length - 1)]!;
  }
  return values.length === 0 ? 0 : null;
}

/**
 * Parameters for `behavior` when the user switches a key to it: the current ones when they still fit (so &kp A
 * → &sk A keeps A), a param1 that fits param2 moved there (&kp B → &lt: B on tap), else the first value each slot
 * offers (a constant, a range's minimum, "A", the second
 * layer — the first one is the base layer). null when the behavior offers nothing this revision can fill.
 */
export function defaultParams(
  behavior: ZmkBehavior,
  layers: readonly ZmkLayerChoice[],
  current: { param1: number; param2: number } = { param1: 0, param2: 0 },
): { param1: number; param2: number } | null {
  const ids = shownLayers(layers).map((l) => l.id);
  if (bindingProblem(behavior, current.param1, current.param2, ids) === null) return { ...current };
  if (behavior.sets.length === 0) return { param1: 0, param2: 0 };
  for (const set of behavior.sets) {
    const param1 = slotAccepts(set.param1, current.param1, ids)
      ? current.param1
      : firstValue(set.param1, ids);
    if (param1 === null) continue;
    // A key that was param1 (&kp A) becomes the tap key when it fits there (&lt, &mt: A on tap).
    const param2 = slotAccepts(set.param2, current.param2, ids)
      ? current.param2
      : current.param1 !== param1 && current.param1 !== 0 && slotAccepts(set.param2, current.param1, ids)
        ? current.param1
        : firstValue(set.param2, ids);
    if (param2 !== null && bindingProblem(behavior, param1, param2, ids) === null) return { param1, param2 };
  }
  return null;
}

/**
 * A parameter as text for legends and lists: a constant's name, a layer's name, a range value as a number;
 * null for a HID usage (the keycode legends draw those) or a value no description names.
 */
export function paramText(
  values: readonly ZmkParamValue[],
  param: number,
  layers: readonly ZmkLayerChoice[],
): string | null {
  const ids = shownLayers(layers).map((l) => l.id);
  for (const value of values) {
    if (!paramMatches(value, param, ids)) continue;
    if (value.kind === 'constant') return value.name;
    if (value.kind === 'layerId') return layers.find((l) => l.id === param)?.name || String(param);
    if (value.kind === 'range') return String(param);
    return null;
  }
  return null;
}

/** A list parameter's values with their names: layers by the keyboard's names, named values through `name`. */
export function paramOptions(
  editor: Extract<ZmkSingleEditor, { kind: 'choice' | 'layer' }>,
  name: (label: string) => string,
): { value: number; label: string }[] {
  return editor.kind === 'layer'
    ? editor.layers.map((l) => ({ value: l.id, label: l.name }))
    : editor.options.map((o) => ({ value: o.value, label: name(o.label) }));
}
