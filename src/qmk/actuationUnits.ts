/**
 * Travel units of analog (Hall-effect) actuation, apart from `actuation.ts`: the first screen's keyboard labels a
 * key's travel with them, and a module it imports brings along every export any pane uses (docs/performance.md).
 */

/** 0–4 mm on screen is 0–400 on the keyboard. */
export const UNITS_PER_MM = 100;
export const MAX_TRAVEL = 400;
