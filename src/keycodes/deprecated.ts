/**
 * Deprecated names found in older layout files, rewritten on load (core.md §3): SPC_FN1–3 → LT(n,KC_SPC),
 * MACRO00–15 → MACRO(n), USER00–15 → CUSTOM(n). Shifted symbols (KC_TILD …) are handled as LSFT(base).
 * Returns the modern expression, or null when `name` is not deprecated.
 */
export function deprecatedExpression(name: string): string | null {
  const upper = name.toUpperCase();
  let m = /^SPC_FN([1-3])$/.exec(upper);
  if (m) return `LT(${m[1]},KC_SPC)`;
  m = /^MACRO(\d\d)$/.exec(upper);
  if (m && Number(m[1]) <= 15) return `MACRO(${Number(m[1])})`;
  m = /^USER(\d\d)$/.exec(upper);
  if (m && Number(m[1]) <= 15) return `CUSTOM(${Number(m[1])})`;
  return null;
}
