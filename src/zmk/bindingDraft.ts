import {
  bindingProblem,
  paramEditor,
  param1Editor,
  param2Editor,
  setsForParam1,
  shownLayers,
  type ZmkLayerChoice,
  type ZmkParamEditor,
  paramMatches,
} from './bindingParams.ts';
import type { ZmkBehavior, ZmkParamSet, ZmkParamValue } from './behavior.ts';

/** A binding being chosen in the editor: a parameter the user has not chosen yet is null. */
export interface ZmkDraftParams {
  param1: number | null;
  param2: number | null;
}

/** What a parameter does in a hold-tap (&mt, &lt and the user's own): labelled by its role, not only its kind. */
export type ZmkParamRole = 'hold' | 'tap' | null;

/**
 * Whether `behavior` reads as a hold-tap: one set, a key or layer for the hold, a key for the tap — how ZMK
 * describes every hold-tap (the hold behavior's first parameter, then the tap behavior's; both are named "Key"
 * or "Layer", so the role is not in the names).
 */
export function isHoldTap(behavior: ZmkBehavior): boolean {
  const [set, ...more] = behavior.sets;
  return (
    !!set &&
    more.length === 0 &&
    set.param1.length > 0 &&
    set.param2.length > 0 &&
    set.param1.every((v) => v.kind === 'hidUsage' || v.kind === 'layerId') &&
    set.param2.every((v) => v.kind === 'hidUsage')
  );
}

/** The role of parameter `slot` (1 or 2) of `behavior`. */
export function paramRole(behavior: ZmkBehavior, slot: 1 | 2): ZmkParamRole {
  if (!isHoldTap(behavior)) return null;
  return slot === 1 ? 'hold' : 'tap';
}

/** Whether the hold of a hold-tap is a key (a Mod-Tap: the editor offers modifiers for it). */
export function holdsModifier(behavior: ZmkBehavior): boolean {
  return isHoldTap(behavior) && behavior.sets[0]!.param1.some((v) => v.kind === 'hidUsage');
}

/**
 * A Mod-Tap's hold: a modifier chosen from a list (`ZMK_MODIFIER_KEYS`), not any key (a hold that types another key
 * is kept and shown, not offered).
 */
export const MODIFIER_HOLD = { kind: 'modifier' } as const;

/** How param1 is chosen: a Mod-Tap's hold as a modifier, else as the behavior describes it. */
export function draftParam1Editor(
  behavior: ZmkBehavior,
  layers: readonly ZmkLayerChoice[],
): ZmkParamEditor | typeof MODIFIER_HOLD {
  return holdsModifier(behavior) ? MODIFIER_HOLD : param1Editor(behavior, layers);
}

const accepts = (values: readonly ZmkParamValue[], param: number, ids: readonly number[]) =>
  values.length === 0 ? param === 0 : values.some((v) => paramMatches(v, param, ids));

/** The one value a slot can take (no description, a lone `nil`, a lone constant), else null: the user chooses. */
function onlyValue(values: readonly ZmkParamValue[]): number | null {
  if (values.length === 0) return 0;
  if (values.length !== 1) return null;
  const [value] = values;
  return value!.kind === 'nil' ? 0 : value!.kind === 'constant' ? value!.value : null;
}

/** A slot's parameter carried over (when the slot takes it), else its only value, else null. */
function carry(values: readonly ZmkParamValue[], current: number | null, ids: readonly number[]) {
  return current !== null && accepts(values, current, ids) ? current : onlyValue(values);
}

/** The sets param2 is read from: the ones param1 picks, or the only set while param1 is not chosen. */
function setsFor(behavior: ZmkBehavior, param1: number | null, ids: readonly number[]): ZmkParamSet[] {
  if (param1 !== null) return setsForParam1(behavior, param1, ids);
  return behavior.sets.length === 1 ? behavior.sets : [];
}

/**
 * The parameters shown when the user switches a key to `behavior`: nothing is guessed. The current binding stays
 * when it fits as it is; otherwise a parameter is carried over where its slot takes it — a key pressed now
 * becomes a hold-tap's tap (&kp Q → &mt: Q on tap), never its hold — a slot with one possible value takes it,
 * and every other parameter is left for the user (null). Nothing reaches the keyboard until `draftComplete`.
 */
export function draftParams(
  behavior: ZmkBehavior,
  layers: readonly ZmkLayerChoice[],
  current: { param1: number; param2: number },
): ZmkDraftParams {
  const ids = shownLayers(layers).map((l) => l.id);
  if (bindingProblem(behavior, current.param1, current.param2, ids) === null && !isHoldTap(behavior))
    return { ...current };
  if (behavior.sets.length === 0) return { param1: 0, param2: 0 };
  if (isHoldTap(behavior)) {
    const set = behavior.sets[0]!;
    // The key the binding types now is what the tap types; the hold is chosen (a modifier, a layer).
    const tap = [current.param2, current.param1].find((p) => p !== 0 && accepts(set.param2, p, ids));
    const sameKind = bindingProblem(behavior, current.param1, current.param2, ids) === null;
    return sameKind ? { ...current } : { param1: null, param2: tap ?? null };
  }
  const param1 = carry(
    behavior.sets.flatMap((s) => s.param1),
    current.param1,
    ids,
  );
  return { param1, param2: nextParam2(behavior, layers, param1, current.param2) };
}

/** param2 once param1 is `param1`: kept when the sets param1 picks take it, their only value, else null. */
export function nextParam2(
  behavior: ZmkBehavior,
  layers: readonly ZmkLayerChoice[],
  param1: number | null,
  param2: number | null,
): number | null {
  const ids = shownLayers(layers).map((l) => l.id);
  const sets = setsFor(behavior, param1, ids);
  if (sets.length === 0) return null;
  if (param2 !== null && sets.some((s) => accepts(s.param2, param2, ids))) return param2;
  const only = sets.map((s) => onlyValue(s.param2));
  return only.every((v) => v !== null && v === only[0]) ? only[0]! : null;
}

/**
 * How param2 is chosen while param1 is `param1`: as the sets param1 picks describe it; before param1 is chosen,
 * as the only set describes it (a hold-tap's tap, shown while its hold is chosen), else not yet (null).
 */
export function draftParam2Editor(
  behavior: ZmkBehavior,
  layers: readonly ZmkLayerChoice[],
  param1: number | null,
): ZmkParamEditor | null {
  if (param1 !== null) return param2Editor(behavior, param1, layers);
  return behavior.sets.length === 1 ? paramEditor(behavior.sets[0]!.param2, layers) : null;
}

/** The binding a draft stands for, once every parameter is chosen and the keyboard would take it; else null. */
export function draftComplete(
  behavior: ZmkBehavior,
  layers: readonly ZmkLayerChoice[],
  draft: ZmkDraftParams,
): { param1: number; param2: number } | null {
  const { param1, param2 } = draft;
  if (param1 === null || param2 === null) return null;
  const ids = shownLayers(layers).map((l) => l.id);
  return bindingProblem(behavior, param1, param2, ids) === null ? { param1, param2 } : null;
}

/**
 * `behavior` with a known firmware slip put right for the editor: ZMK's &bt describes its profile as a range up to
 * ZMK_BLE_PROFILE_COUNT inclusive, one past the last profile (five profiles are 0–4), so the range's top is one
 * less. Recognised by ZMK's own names ("Select Profile" with a "Profile" range from 0); anything else is kept.
 */
export function withProfileRangeFixed(behavior: ZmkBehavior): ZmkBehavior {
  const slipped = (set: ZmkParamSet) =>
    set.param1.some((v) => v.kind === 'constant' && v.name === 'Select Profile') &&
    set.param2.some((v) => v.kind === 'range' && v.name === 'Profile' && v.min === 0 && v.max > 0);
  if (!behavior.sets.some(slipped)) return behavior;
  return {
    ...behavior,
    sets: behavior.sets.map((set) =>
      slipped(set)
        ? {
            ...set,
            param2: set.param2.map((v) =>
              v.kind === 'range' && v.name === 'Profile' ? { ...v, max: v.max - 1 } : v,
            ),
          }
        : set,
    ),
  };
}
