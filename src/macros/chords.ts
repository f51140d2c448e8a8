import type { MacroStep } from './macroCodec.ts';

/** QMK's modifier keycodes: KC_LCTL … KC_RGUI. */
const isModifier = (keycode: number) => keycode >= 0xe0 && keycode <= 0xe7;

/**
 * Steps as a person reads them: a chord (modifiers held down, keys tapped, the modifiers let go: Ctrl+C) is one
 * entry covering steps `from` to `to` (exclusive); every other step stands alone.
 */
export type StepGroup =
  | { kind: 'chord'; from: number; to: number; modifiers: number[]; keys: number[] }
  | { kind: 'step'; index: number };

/** The chord that starts at `at`, or null: modifier downs, at least one key (a tap or a down and its up), all the ups. */
function chordAt(steps: readonly MacroStep[], at: number): Extract<StepGroup, { kind: 'chord' }> | null {
  const modifiers: number[] = [];
  let i = at;
  for (let s = steps[i]; s?.kind === 'down' && isModifier(s.keycode); s = steps[++i])
    modifiers.push(s.keycode);
  if (modifiers.length === 0) return null;
  const keys: number[] = [];
  for (;;) {
    const s = steps[i];
    const next = steps[i + 1];
    if (s?.kind === 'tap' && !isModifier(s.keycode)) {
      keys.push(s.keycode);
      i += 1;
    } else if (
      s?.kind === 'down' &&
      !isModifier(s.keycode) &&
      next?.kind === 'up' &&
      next.keycode === s.keycode
    ) {
      keys.push(s.keycode);
      i += 2;
    } else break;
  }
  if (keys.length === 0) return null;
  const held = new Set(modifiers);
  for (let s = steps[i]; s?.kind === 'up' && held.delete(s.keycode); s = steps[++i]);
  return held.size === 0 ? { kind: 'chord', from: at, to: i, modifiers, keys } : null;
}

/** The steps grouped into chords and single steps, in order, covering every step once. */
export function groupChords(steps: readonly MacroStep[]): StepGroup[] {
  const groups: StepGroup[] = [];
  for (let i = 0; i < steps.length;) {
    const chord = chordAt(steps, i);
    groups.push(chord ?? { kind: 'step', index: i });
    i = chord ? chord.to : i + 1;
  }
  return groups;
}
