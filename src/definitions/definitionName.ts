/** The name to show: dynamic (object) names show their first option. */
export function definitionName(def: { name: unknown }): string {
  if (typeof def.name === 'string') return def.name;
  const options = (def.name as { options?: unknown[] } | null)?.options;
  return typeof options?.[0] === 'string' ? options[0] : 'Keyboard';
}
