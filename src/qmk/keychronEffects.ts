import { KC_RGB_MODE_IDS, KC_RGB_MODE_PER_KEY_RGB } from './keychronValues.ts';

/** QMK's name for an effect id as its definitions show it: 'cycle_left_right' → 'Cycle Left Right'. */
function effectName(id: string): string {
  if (id === 'off') return '';
  // QMK's definitions drop "Solid" from the reactive effects' names ('Reactive Simple').
  const words = id.replace(/^solid_reactive_/, 'reactive_').split('_');
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

/**
 * The RGB-matrix mode numbers of Keychron's boards at the protocol's commit (docs/keychron-protocol.md): the
 * numbers a mixed-RGB effect list holds (0 = empty slot) and VIA channel 3 shows, named from the firmware's mode
 * ids (`KC_RGB_MODE_IDS`). 23 (per-key RGB) and 24 (mixed RGB) cannot be in a list, so they are not named here.
 */
export const KEYCHRON_EFFECT_NAMES: readonly string[] = KC_RGB_MODE_IDS.slice(0, KC_RGB_MODE_PER_KEY_RGB).map(
  effectName,
);
