/**
 * The RGB-matrix mode numbers of Keychron's boards at the protocol's commit (docs/keychron-protocol.md): the
 * numbers a mixed-RGB effect list holds (0 = empty slot) and VIA channel 3 shows. Names are QMK's effect names,
 * shown as QMK and Keychron's definitions write them. 23 (per-key RGB) and 24 (mixed RGB) cannot be in a list.
 */
export const KEYCHRON_EFFECT_NAMES: readonly string[] = [
  '',
  'Solid Color',
  'Breathing',
  'Band Spiral Val',
  'Cycle All',
  'Cycle Left Right',
  'Cycle Up Down',
  'Rainbow Moving Chevron',
  'Cycle Out In',
  'Cycle Out In Dual',
  'Cycle Pinwheel',
  'Cycle Spiral',
  'Dual Beacon',
  'Rainbow Beacon',
  'Jellybean Raindrops',
  'Pixel Rain',
  'Typing Heatmap',
  'Digital Rain',
  'Reactive Simple',
  'Reactive Multiwide',
  'Reactive Multinexus',
  'Splash',
  'Solid Splash',
];
