import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createStrings } from '../src/i18n/strings.ts';
import { CatalogError, compileCatalog } from './compileCatalog.ts';

/** `t` over one namespace written as translators write it, compiled by the build step, in `language`. */
async function translator(files: Record<string, unknown>, language = 'en') {
  const strings = createStrings(async (lng) => (lng in files ? compileCatalog(files[lng], lng) : {}));
  await strings.load(['ns']);
  await strings.changeLanguage(language);
  return strings.getFixedT('ns');
}

/** What i18next showed for a message with its values placed (`{{name}}` by its value, nothing else changed). */
const filled = (message: string, values: Record<string, unknown>) =>
  message.replace(/\{\{(.+?)\}\}/g, (_, name: string) => String(values[name.trim()]));

describe('the catalog build step', () => {
  it('compiles text, placeholders and nested keys', () => {
    expect(
      compileCatalog({ title: 'Connection doctor', doctor: { ids: 'ids {{vid}}:{{ pid }}' } }, 'en/x.json'),
    ).toEqual({
      title: ['Connection doctor'],
      'doctor.ids': ['ids ', ['vid'], ':', ['pid']],
    });
  });

  it('makes one ICU plural over count of _one/_other, and _zero an exact 0', async () => {
    const en = {
      keys_one: '{{count}} key',
      keys_other: '{{count}} keys',
      none_zero: 'no layers',
      none_other: '{{count}} layers',
    };
    const t = await translator({ en });
    expect([0, 1, 2, 1000].map((count) => t('keys', { count }))).toEqual([
      '0 keys',
      '1 key',
      '2 keys',
      '1000 keys',
    ]);
    expect([0, 3].map((count) => t('none', { count }))).toEqual(['no layers', '3 layers']);
    // Japanese has only 'other': its _one (as the catalogs have) is never picked, as with i18next.
    const ja = { keys_one: '{{count}} 個のキー (one)', keys_other: '{{count}} 個のキー' };
    const tj = await translator({ en, ja }, 'ja');
    expect([1, 2].map((count) => tj('keys', { count }))).toEqual(['1 個のキー', '2 個のキー']);
  });

  it('keeps ICU’s special characters as written: braces, apostrophes, # in and out of plural forms, backslashes', async () => {
    const en = {
      macroDelays: '{500} waits 500 ms.',
      unclosed: "Looks like a keycode block - {} - is unclosed! Are you missing an '}'?",
      quoted: "'{'{{name}}'}' and '' and '#'",
      link: 'inside the link (after the #), {{count}} #defines',
      bytes: 'Write each byte as \\x and two hex digits, e.g. {\\x5C} or \\u0041 ({{bytes}})',
      hashes_one: '# {{count}}# #{{count}} {#} item',
      hashes_other: "#{{count}}#{{count}}# '#' items",
    };
    const t = await translator({ en });
    for (const key of ['macroDelays', 'unclosed', 'link'] as const)
      expect(t(key, { count: 3 })).toBe(filled(en[key], { count: 3 }));
    expect(t('quoted', { name: "{x}'" })).toBe("'{'{x}''}' and '' and '#'");
    // Lingui's runtime reads \xHH and \uHHHH in a finished message as characters: neither the text nor a value
    // may lose its backslash.
    expect(t('bytes', { bytes: '\\x41 \\u0042' })).toBe(filled(en.bytes, { bytes: '\\x41 \\u0042' }));
    expect(t('hashes', { count: 1 })).toBe('# 1# #1 {#} item');
    expect(t('hashes', { count: 7 })).toBe("#7#7# '#' items");
  });

  it('places values as i18next did: numbers as written, a missing value as nothing', async () => {
    const t = await translator({ en: { used: '{{used}} of {{total}} bytes' } });
    expect(t('used', { used: 28672, total: '32,768' })).toBe('28672 of 32,768 bytes');
    expect(t('used', { used: 1 })).toBe('1 of  bytes');
  });

  it.each([
    [{ a: 'hello {{- name}}' }, /en\/x\.json: a: unsupported placeholder \{\{- name\}\}/],
    [{ a: 'at {{when, datetime}}' }, /unsupported placeholder/],
    [{ a: 'see $t(other)' }, /nesting/],
    [{ a: 'plain', a_one: 'one', a_other: 'many' }, /a: a plain key beside its own plural forms/],
    [{ a_one: 'one' }, /a: plural forms without _other/],
    [{ place_ordinal_one: '1st' }, /ordinal/],
    [{ a: 3 }, /a: 3 is not a string/],
    [{ a: ['x'] }, /not a string/],
  ])('stops the build on what it cannot compile: %j', (strings, error) => {
    expect(() => compileCatalog(strings, 'en/x.json')).toThrow(CatalogError);
    expect(() => compileCatalog(strings, 'en/x.json')).toThrow(error);
  });

  it('any text with any placeholders and values comes out as i18next filled it (plain and plural)', async () => {
    const text = fc.stringMatching(/^[a-z {}'#\\$,.:x0-9-]{0,12}$/);
    const name = fc.constantFrom('name', 'count', 'b');
    const message = fc
      .array(
        fc.oneof(
          text,
          name.map((n) => `{{${n}}}`),
        ),
        { maxLength: 6 },
      )
      .map((parts) => parts.join(''))
      // A text piece may itself spell a placeholder or nesting; i18next's own reading is the reference then.
      .filter(
        (m) =>
          !m.includes('$t(') &&
          [...m.matchAll(/\{\{(.+?)\}\}/g)].every((p) => /^(name|count|b)$/.test(p[1]!)),
      );
    const value = fc.stringMatching(/^[a-z {}'#\\x0-9]{0,8}$/);
    await fc.assert(
      fc.asyncProperty(message, message, value, value, fc.nat(30), async (one, other, v, b, count) => {
        const t = await translator({ en: { plain: one, many_one: one, many_other: other } });
        expect(t('plain', { name: v, b, count })).toBe(filled(one, { name: v, b, count }));
        expect(t('many', { name: v, b, count })).toBe(
          filled(count === 1 ? one : other, { name: v, b, count }),
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe('the catalogs', () => {
  const root = path.join(import.meta.dirname, '../src/i18n/locales');
  const read = (lng: string, file: string) =>
    JSON.parse(readFileSync(path.join(root, lng, file), 'utf8')) as unknown;
  const flatten = (value: unknown, prefix = ''): [string, string][] =>
    typeof value === 'string'
      ? [[prefix, value]]
      : Object.entries(value as object).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));

  it('every message of every language compiles and shows as i18next showed it, its values placed', async () => {
    let checked = 0;
    for (const lng of readdirSync(root))
      for (const file of readdirSync(path.join(root, 'en'))) {
        const t = await translator({ en: read('en', file), [lng]: read(lng, file) }, lng);
        const plural = new Intl.PluralRules(lng);
        for (const [key, message] of flatten(read(lng, file))) {
          const [, base, form] = /^(.+)_(one|other)$/.exec(key) ?? [undefined, key, undefined];
          const count = form === 'one' ? 1 : 5;
          // A form the language never picks (Japanese _one) is not shown by either library.
          if (form && plural.select(count) !== form) continue;
          const values = { count, name: '"x"\\x41', size: 1024, max: '{4}', file: "a'b#" };
          const placed = Object.fromEntries(
            [...message.matchAll(/\{\{(\w+)\}\}/g)].map((m) => [
              m[1]!,
              values[m[1] as 'name'] ?? `<${m[1]}>`,
            ]),
          );
          // Named with its namespace, as the app names a key whose text may hold a colon (legend words).
          expect(t(`ns:${base!}`, { count, ...placed }), `${lng}/${file}: ${key}`).toBe(
            filled(message, { count, ...placed }),
          );
          checked++;
        }
      }
    expect(checked).toBeGreaterThan(7000);
  });
});
