/**
 * Core messages as a code with its values (refusals, lib/refusal.ts): the page translates the code and places the
 * values through src/i18n; the English text for the CLI and logs is filled here, with the same `{{name}}`
 * placeholders the catalogs use.
 */

/** `template` with each `{{name}}` replaced by `value(name)`. */
export function fillTemplate(template: string, value: (name: string) => string): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => value(name));
}

/** `28,672`: how sizes and counts are shown in messages (the same in every language's template). */
export const byteCount = (n: number): string => n.toLocaleString('en-US');
