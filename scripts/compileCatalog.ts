/**
 * The build step of ADR 0011: one namespace's strings as translators write them (`src/i18n/locales/<lng>/*.json`,
 * i18next's format: nested keys, `{{name}}` placeholders, `key_one`/`key_other` plural forms) turned into a
 * catalog compiled for Lingui's runtime, so no message is parsed in the browser.
 *
 * Each message is written as ICU MessageFormat (placeholders `{name}`, plural forms one `{count, plural, …}`,
 * ICU's special characters quoted) and compiled by Lingui's own compiler, so the runtime gets exactly what it
 * expects. Whatever cannot be said that way stops the build with the file and key: another i18next feature
 * (`{{- x}}`, `{{x, format}}`, `$t(…)` nesting, ordinal plurals), a plain key beside its own plural forms, plural
 * forms without `_other`, a value that is not a string.
 */
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import {
  BACKSLASH_STAND_IN,
  type CompiledCatalog,
  type CompiledMessage,
  type CompiledToken,
} from '../src/i18n/catalogFormat.ts';

/** i18next's plural suffixes (CLDR's categories); `_zero` is also what i18next picks for a count of 0. */
const PLURAL_KEY = /^(.+)_(zero|one|two|few|many|other)$/;
/** What i18next reads as a placeholder (its default `{{` … `}}`, shortest match). */
const I18NEXT_PLACEHOLDER = /\{\{(.+?)\}\}/g;
const PLACEHOLDER_NAME = /^\s*(\w+)\s*$/;

/** A message the step cannot compile: the build stops with this. */
export class CatalogError extends Error {
  override name = 'CatalogError';
}

/**
 * Text as ICU reads it back unchanged. Apostrophes are doubled; from the first special character on (`{`, `}`,
 * and inside a plural form `#`, which there stands for the count) the rest is one quoted literal. A quote closes
 * only at the end of the text, where a placeholder's `{`, a form's `}` or the message's end follows: a closing
 * quote followed by a doubled apostrophe would read as an apostrophe and quote on (`{'{`). Outside a plural form
 * `#` stays bare, since ICU keeps the quotes of a quoted `#` there.
 */
export function escapeIcuText(text: string, inPlural: boolean): string {
  const first = text.search(inPlural ? /[{}#]/ : /[{}]/);
  const doubled = (part: string) => part.replaceAll("'", "''");
  return first < 0 ? doubled(text) : `${doubled(text.slice(0, first))}'${doubled(text.slice(first))}'`;
}

/** One i18next message as ICU: `{{name}}` → `{name}`, the text between escaped. */
export function icuOfMessage(message: string, inPlural: boolean): string {
  if (message.includes('$t(')) throw new CatalogError('nesting ($t(…)) is not supported');
  let icu = '';
  let last = 0;
  for (const match of message.matchAll(I18NEXT_PLACEHOLDER)) {
    const name = PLACEHOLDER_NAME.exec(match[1]!)?.[1];
    if (!name) throw new CatalogError(`unsupported placeholder ${match[0]} (only {{name}})`);
    icu += `${escapeIcuText(message.slice(last, match.index), inPlural)}{${name}}`;
    last = match.index + match[0].length;
  }
  return icu + escapeIcuText(message.slice(last), inPlural);
}

/** A key's plural forms as one ICU plural over `count` (i18next's plural variable). */
export function icuOfPlural(forms: Partial<Record<string, string>>): string {
  if (forms.other === undefined) throw new CatalogError('plural forms without _other');
  const cases = Object.entries(forms).map(([category, message]) => {
    const body = `{${icuOfMessage(message!, true)}}`;
    // i18next takes `_zero` for a count of 0 in every language (and for CLDR's zero category where there is one).
    return category === 'zero' ? `=0 ${body} zero ${body}` : `${category} ${body}`;
  });
  return `{count, plural, ${cases.join(' ')}}`;
}

/**
 * In a plural form Lingui's runtime reads a text piece that is exactly `#` as the count. Text never uses the
 * count that way (placeholders are `{count}`), so such a piece, a literal `#` between two placeholders, is given
 * as a choice whose only case is `#`: a choice is formatted without the count.
 */
function literalHashes(tokens: CompiledToken[], inPlural: boolean): CompiledToken[] {
  return tokens.map((token) => {
    if (token === '#' && inPlural) return ['', 'select', { other: '#' }];
    if (typeof token === 'string' || token[1] !== 'plural') return token;
    const [name, type, format] = token;
    const cases = Object.entries(format as Record<string, unknown>).map(([key, value]) => [
      key,
      Array.isArray(value) ? literalHashes(value as CompiledToken[], true) : value,
    ]);
    return [name, type, Object.fromEntries(cases)];
  });
}

function compile(icu: string): CompiledMessage {
  const tokens = compileMessageOrThrow(icu, (text) => text.replaceAll('\\', BACKSLASH_STAND_IN));
  return literalHashes(tokens as CompiledToken[], false);
}

function flatten(value: unknown, prefix: string, out: Map<string, string>): Map<string, string> {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object' && !Array.isArray(value))
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  else throw new CatalogError(`${prefix || 'the file'}: ${JSON.stringify(value)} is not a string`);
  return out;
}

/**
 * One namespace file's strings (parsed JSON) as a compiled catalog keyed by the flattened key (`doctor.title`;
 * plural forms under their key without suffix). `where` names the file in the error that stops the build.
 */
export function compileCatalog(strings: unknown, where: string): CompiledCatalog {
  const flat = flatten(strings, '', new Map());
  const plurals = new Map<string, Record<string, string>>();
  const catalog: CompiledCatalog = {};
  const fail = (key: string, error: unknown): never => {
    const why = error instanceof Error ? error.message : String(error);
    throw new CatalogError(`${where}: ${key}: ${why}`);
  };
  for (const [key, message] of flat) {
    const plural = PLURAL_KEY.exec(key);
    if (plural && /_ordinal$/.test(plural[1]!)) fail(key, 'ordinal plurals are not supported');
    if (plural)
      (plurals.get(plural[1]!) ?? plurals.set(plural[1]!, {}).get(plural[1]!)!)[plural[2]!] = message;
    else {
      try {
        catalog[key] = compile(icuOfMessage(message, false));
      } catch (error) {
        fail(key, error);
      }
    }
  }
  for (const [key, forms] of plurals) {
    if (key in catalog) fail(key, 'a plain key beside its own plural forms');
    try {
      catalog[key] = compile(icuOfPlural(forms));
    } catch (error) {
      fail(key, error);
    }
  }
  return catalog;
}
