/** Sizes as people read them on a keyboard's spec sheet: base 1000, Bytes, kB, MB, GB (extended.md §9). */
const UNITS = ['Bytes', 'kB', 'MB', 'GB'] as const;

export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  const shown = unit === 0 ? String(Math.round(value)) : value.toFixed(value < 10 ? 2 : value < 100 ? 1 : 0);
  return `${shown} ${UNITS[unit]}`;
}
