import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.join(import.meta.dirname, 'locales');
const OTHER_LANGUAGES = ['zh', 'ko', 'ja'];
// Strings that are the same in every language (brand names, technical units, the keycap sets' names).
const SAME_IN_ALL = new Set([
  'Keyloom',
  '2D',
  '3D',
  'VIA',
  'CSV',
  'OK',
  // Keychron's name for its SOCD feature, as Keychron writes it in every language.
  'Snap Click',
  // The two positions of a keyboard's Mac/Windows switch, printed as these names on the switch.
  'Mac',
  'Windows',
  ...['Olivia', 'Olive', 'Olny', 'Greg', 'Carbon', 'Chocolate', 'Modern Dolch', 'Nautilus', 'Predator'],
]);

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value))
      for (const [kk, vv] of flatten(v, prefix ? `${prefix}.${k}` : k)) out.set(kk, vv);
  return out;
}

const read = (lng: string, file: string) =>
  flatten(JSON.parse(readFileSync(path.join(root, lng, file), 'utf8')));
const namespaces = readdirSync(path.join(root, 'en')).filter((f) => f.endsWith('.json'));

describe('translations', () => {
  it('has namespaces', () => expect(namespaces.length).toBeGreaterThan(0));

  for (const ns of namespaces) {
    for (const lng of OTHER_LANGUAGES) {
      it(`${lng}/${ns} has every key of en/${ns}, translated`, () => {
        const en = read('en', ns);
        const other = read(lng, ns);
        // A plural form the language does not have (zh, ja and ko have only 'other') is not missing.
        const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories as string[];
        const plural = /_(zero|one|two|few|many|other)$/;
        const missing = [...en.keys()].filter(
          (k) => !other.has(k) && !(plural.test(k) && !categories.includes(k.match(plural)![1]!)),
        );
        expect(missing, `missing in ${lng}/${ns}`).toEqual([]);
        const untranslated = [...en].filter(
          ([k, v]) =>
            other.get(k) === v &&
            /[A-Za-z]{3}/.test(v) &&
            !SAME_IN_ALL.has(v) &&
            // Keycap sets are product names (GMK Olivia, Modern Dolch): written as their makers write them.
            !k.startsWith('keycapThemes.') &&
            !/^[A-Z0-9_(),. |]+$/.test(v),
        );
        expect(
          untranslated.map(([k]) => k),
          `left in English in ${lng}/${ns}`,
        ).toEqual([]);
      });
    }
  }

  // Plurals: every key counted in English ({{count}} with _one/_other) has each form the language uses.
  for (const lng of ['en', ...OTHER_LANGUAGES]) {
    it(`${lng} has every plural form its counted strings need`, () => {
      const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories as string[];
      for (const ns of namespaces) {
        const en = read('en', ns);
        const strings = read(lng, ns);
        const bases = new Set([...en.keys()].filter((k) => k.endsWith('_other')).map((k) => k.slice(0, -6)));
        for (const base of bases)
          for (const c of categories)
            expect(strings.has(`${base}_${c}`), `${lng}/${ns} ${base}_${c}`).toBe(true);
      }
    });
  }
});
