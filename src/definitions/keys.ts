/**
 * Counting what a definition has across all of its keys. Split boards often place encoders (`ei`) and LEDs (`li`)
 * only inside layout-option groups, so anything that sizes firmware data must look at every key of every option,
 * not only `layouts.keys` (those are the keys drawn whatever the options).
 */

interface IndexedKey {
  ei?: number | undefined;
  li?: number | undefined;
}

interface Layouts<K> {
  keys: K[];
  optionKeys: Record<string, Record<string, K[]>>;
}

/** The base keys followed by the keys of every choice of every layout-option group. */
export function everyKey<K>(layouts: Layouts<K>): K[] {
  return [
    ...layouts.keys,
    ...Object.values(layouts.optionKeys).flatMap((group) => Object.values(group).flat()),
  ];
}

function highestIndex<K extends IndexedKey>(keys: readonly K[], field: 'ei' | 'li'): number {
  return keys.reduce((max, k) => (k[field] !== undefined ? Math.max(max, k[field] + 1) : max), 0);
}

/** Encoders the firmware has: one more than the highest `ei` on any key, layout options included. */
export function encoderCount<K extends IndexedKey>(definition: { layouts: Layouts<K> }): number {
  return highestIndex(everyKey(definition.layouts), 'ei');
}

/** Per-key LEDs the firmware addresses: one more than the highest `li` on any key, layout options included. */
export function ledCount<K extends IndexedKey>(definition: { layouts: Layouts<K> }): number {
  return highestIndex(everyKey(definition.layouts), 'li');
}
