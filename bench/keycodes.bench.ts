import { formatKeycode, keycodeLabel, parseKeycode } from '../src/keycodes/index.ts';
import type { Report } from './run.ts';

const EXPRESSIONS = [
  'KC_A',
  'LT(2,KC_SPC)',
  'MT(MOD_LCTL|MOD_LSFT,KC_A)',
  'LCTL(LSFT(KC_T))',
  'MO(3)',
  'MACRO(5)',
  'QK_BOOT',
  '0x5703',
];

function perSecond(iterations: number, fn: (i: number) => void): number {
  const start = performance.now();
  for (let i = 0; i < iterations; i++) fn(i);
  return iterations / ((performance.now() - start) / 1000);
}

export function run(report: Report) {
  parseKeycode('KC_A', 12); // build tables outside the timing
  const parse = perSecond(200_000, (i) => parseKeycode(EXPRESSIONS[i % EXPRESSIONS.length]!, 12));
  report({ name: 'keycodes: parse expressions', value: Math.round(parse), unit: 'expr/s', limit: 100_000 });
  const format = perSecond(200_000, (i) => formatKeycode((i * 7919) & 0xffff, 12));
  report({ name: 'keycodes: format numbers', value: Math.round(format), unit: 'codes/s', limit: 100_000 });

  // Labelling every key of a 6×21 board on 8 layers, as the keymap pane does on load.
  const keys = 6 * 21 * 8;
  const start = performance.now();
  for (let i = 0; i < keys; i++) keycodeLabel((i * 131) & 0x7fff, 12);
  report({
    name: 'keycodes: label a 6x21x8 keymap',
    value: performance.now() - start,
    unit: 'ms',
    limit: 16,
  });
}
