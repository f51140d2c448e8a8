/**
 * The call-site half of ADR 0011, repeatable: every source file that takes `useTranslation` from react-i18next
 * or the `TFunction` type from i18next takes them from `src/i18n/useTranslation.ts` instead (one import line
 * changes; `TFunction<'ns'>` loses its namespace argument, which ours does not have). Files already converted are
 * left as they are, so it can run again after branches that still use i18next are merged.
 *
 * `npx tsx scripts/codemod-lingui.ts [folder …]` (default: src tests e2e bench). Prints each file it changed, and
 * exits 1 naming any file that uses something else of i18next (an instance, `Trans`, `initReactI18next`): those
 * need a hand (see src/i18n/README.md for what replaces what).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const HOOK_MODULE = path.resolve(import.meta.dirname, '../src/i18n/useTranslation.ts');
/** What our module offers under the same name. */
const CONVERTIBLE = new Set(['useTranslation', 'TFunction']);
const I18NEXT_IMPORT =
  /^import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"](?:react-i18next|i18next)['"];?[ \t]*\n/gm;
const ANY_I18NEXT = /from\s+['"](?:react-i18next|i18next)['"]|import\(\s*['"](?:react-i18next|i18next)['"]/;

/** `file`'s text with its i18next imports pointed at our module, or null when it needs a hand. */
export function convertSource(text: string, file: string): string | null {
  const names: { name: string; type: boolean }[] = [];
  let unconvertible = false;
  const without = text.replace(I18NEXT_IMPORT, (_line, typeOnly: string | undefined, list: string) => {
    for (const raw of list
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const type = !!typeOnly || raw.startsWith('type ');
      const name = raw.replace(/^type\s+/, '');
      if (!CONVERTIBLE.has(name)) unconvertible = true;
      names.push({ name, type });
    }
    return '\u0000';
  });
  if (unconvertible || ANY_I18NEXT.test(without)) return null;
  if (!names.length) return text;
  let from = path.relative(path.dirname(file), HOOK_MODULE).split(path.sep).join('/');
  if (!from.startsWith('.')) from = `./${from}`;
  const specifiers = [...new Map(names.map((n) => [n.name, n])).values()]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((n) => (n.type && names.some((m) => !m.type) ? `type ${n.name}` : n.name));
  const typeOnly = names.every((n) => n.type) ? 'type ' : '';
  const line = `import ${typeOnly}{ ${specifiers.join(', ')} } from '${from}';\n`;
  // The new line where the first old one was; any later ones go.
  let out = without.replace('\u0000', line).replaceAll('\u0000', '');
  if (names.some((n) => n.name === 'TFunction')) out = out.replace(/\bTFunction<[^<>]*>/g, 'TFunction');
  return out;
}

function sourceFiles(dir: string): string[] {
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(tsx?|mts|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '..');
  const folders = process.argv.slice(2);
  const files = (folders.length ? folders : ['src', 'tests', 'e2e', 'bench']).flatMap((f) =>
    sourceFiles(path.resolve(root, f)),
  );
  const byHand: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (!ANY_I18NEXT.test(text)) continue;
    const converted = convertSource(text, file);
    if (converted === null) byHand.push(path.relative(root, file));
    else if (converted !== text) {
      writeFileSync(file, converted);
      console.log(`converted ${path.relative(root, file)}`);
    }
  }
  if (byHand.length) {
    console.error(
      `needs a hand (uses more of i18next than useTranslation/TFunction):\n  ${byHand.join('\n  ')}`,
    );
    process.exitCode = 1;
  }
}
