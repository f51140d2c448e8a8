/**
 * Analog (Hall-effect) actuation as the user sets it: travel in keyboard units (100 per mm, 0–4 mm), and each key's
 * actuation point, rapid trigger and dynamic keystrokes (extended.md §3, §7). Pure data and rules: the Actuation pane
 * shows them, protocol/actuation.ts lays them out in bytes (docs/adr/0004-actuation-bytes.md).
 */

import { MAX_TRAVEL } from './actuationUnits.ts';

export { MAX_TRAVEL, UNITS_PER_MM } from './actuationUnits.ts';

export interface ApData {
  ap: number;
  dzt: number;
  dzb: number;
}

export interface RtData {
  enabled: boolean;
  /** Continuous rapid trigger: stays armed until the key is fully released. */
  crtEnabled: boolean;
  /** Travel that re-triggers a press, keyboard units (100 per mm). */
  rt1: number;
  /** Travel that releases, keyboard units. */
  rt2: number;
}

/** extended.md §3: RT disabled with 0 by default. */
export const RT_DEFAULT: RtData = { enabled: false, crtEnabled: false, rt1: 0, rt2: 0 };

/** What an action does at a stage: 0 Hold (no change), 1 Press, 2 Release, 3 Tap (press and release). */
export type DksPoint = 0 | 1 | 2 | 3;
export const DKS_POINTS: readonly DksPoint[] = [0, 1, 2, 3];

export interface DksAction {
  keycode: number;
  /** One point per stage: 1st press, bottom out, release from bottom, last release. */
  points: [DksPoint, DksPoint, DksPoint, DksPoint];
}

export interface DksEntry {
  layer: number;
  row: number;
  col: number;
  /** Travel of each stage, keyboard units (100 per mm). */
  actuation: [number, number, number, number];
  actions: [DksAction, DksAction, DksAction, DksAction];
}

/** extended.md §3: actions of key 0 with every point Hold; stages at 0.7, 3.5, 3.5, 0.7 mm. */
export function defaultDks(layer: number, row: number, col: number): DksEntry {
  const action = (): DksAction => ({ keycode: 0, points: [0, 0, 0, 0] });
  return {
    layer,
    row,
    col,
    actuation: [70, 350, 350, 70],
    actions: [action(), action(), action(), action()],
  };
}

/**
 * Why a DKS entry's travels cannot work, or null. Each stage's travel is 0.01–4 mm (1–400 units); the first press
 * comes before bottoming out (shallower), and the last release after releasing from the bottom (shallower
 * again): otherwise the stages would fire out of order. (Releasing from the bottom deeper than bottoming out is
 * allowed: it fires on the first way up.) `stage` is the index of the travel out of range.
 */
export type DksTravelProblem =
  { kind: 'range'; stage: number } | { kind: 'pressAfterBottom' } | { kind: 'lastReleaseBeforeRelease' };

export function dksTravelProblem(actuation: readonly number[]): DksTravelProblem | null {
  const stage = actuation.findIndex((t) => !Number.isInteger(t) || t < 1 || t > MAX_TRAVEL);
  if (stage >= 0) return { kind: 'range', stage };
  const [press, bottom, release, last] = actuation as [number, number, number, number];
  if (press >= bottom) return { kind: 'pressAfterBottom' };
  if (last >= release) return { kind: 'lastReleaseBeforeRelease' };
  return null;
}
