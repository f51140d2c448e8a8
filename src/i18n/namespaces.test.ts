import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_NAMESPACES, ON_DEMAND_NAMESPACES } from './i18n.ts';

// Reads the source to check that strings load with the code that shows them: the first screen's code uses only
// the namespaces bundled with it, and every on-demand component awaits the namespaces its code uses.
const src = path.join(import.meta.dirname, '..');
const FIRST_SCREEN = new Set<string>(FIRST_SCREEN_NAMESPACES);
const ON_DEMAND = new Set<string>(ON_DEMAND_NAMESPACES);
// Shown only when a typed route is refused: its component suspends on its own namespace inside a Suspense.
const FIRST_SCREEN_CODE_ON_DEMAND_STRINGS = new Set(['gates']);

const english = (ns: string) =>
  JSON.parse(readFileSync(path.join(src, 'i18n/locales/en', `${ns}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
const read = (file: string) => withoutComments(readFileSync(file, 'utf8'));

/** Namespaces named by useTranslation, and by a namespace prefix inside a t() call's key. */
function namespacesIn(text: string): { declared: Set<string>; prefixed: Set<string> } {
  const declared = new Set<string>();
  for (const m of text.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*')/g))
    for (const n of m[1]!.matchAll(/'([^']+)'/g)) declared.add(n[1]!);
  const prefixed = new Set<string>();
  for (const m of text.matchAll(/\bt[a-z]?\(\s*['`]([A-Za-z]+):/g)) prefixed.add(m[1]!);
  return { declared, prefixed };
}

/** The module and everything it imports statically (dynamic imports are other chunks, but for starters'). */
function closure(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry) || !existsSync(entry)) return seen;
  seen.add(entry);
  const text = read(entry);
  const imports = [...text.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+'(\.[^']+)'/gms)];
  // A starter chunk (`…Start.ts`, vite.config.ts) is one dynamic import standing for the module it loads.
  if (/Start\.ts$/.test(entry)) imports.push(...text.matchAll(/import\('(\.[^']+)'\)/g));
  for (const m of imports) closure(path.normalize(path.join(path.dirname(entry), m[1]!)), seen);
  return seen;
}

function used(files: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const f of files) {
    const { declared, prefixed } = namespacesIn(read(f));
    for (const n of [...declared, ...prefixed]) out.add(n);
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourceFiles(path.join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !/\.test\./.test(e.name)
        ? [path.join(dir, e.name)]
        : [],
  );
}
const uiFiles = sourceFiles(path.join(src, 'ui'));

/** Every `onDemand(() => import('…'), [...])` and `withStrings(import('…'), [...])` in the UI. */
function onDemandCalls(): { file: string; module: string; namespaces: string[] }[] {
  const calls = [];
  for (const file of uiFiles) {
    const text = read(file);
    const pattern =
      /(?:onDemand\(\s*\(\)\s*=>\s*import\('([^']+)'\)[\s\S]*?,\s*\[([^\]]*)\]\s*,?\s*\)|withStrings\(\s*import\('([^']+)'\)\s*,\s*\[([^\]]*)\]\))/g;
    for (const m of text.matchAll(pattern)) {
      const module = path.normalize(path.join(path.dirname(file), (m[1] ?? m[3])!));
      const namespaces = [...(m[2] ?? m[4])!.matchAll(/'([^']+)'/g)].map((n) => n[1]!);
      calls.push({ file: path.relative(src, file), module, namespaces });
    }
  }
  return calls;
}

describe('string namespaces', () => {
  it('every namespace file is either bundled with the first screen or loaded on demand, in every language', () => {
    const files = readdirSync(path.join(src, 'i18n/locales/en')).map((f) => f.replace(/\.json$/, ''));
    expect([...files].sort()).toEqual([...FIRST_SCREEN, ...ON_DEMAND].sort());
    expect([...FIRST_SCREEN].filter((n) => ON_DEMAND.has(n))).toEqual([]);
    for (const lng of ['zh', 'ko', 'ja'])
      expect(readdirSync(path.join(src, 'i18n/locales', lng)).sort(), lng).toEqual(
        files.map((f) => `${f}.json`).sort(),
      );
  });

  it('the first screen’s code uses only the strings bundled with it', () => {
    const first = used(closure(path.join(src, 'main.tsx')));
    const outside = [...first].filter(
      (n) => !FIRST_SCREEN.has(n) && !FIRST_SCREEN_CODE_ON_DEMAND_STRINGS.has(n),
    );
    expect(outside).toEqual([]);
  });

  it('each on-demand pane, dialog and screen awaits exactly the on-demand namespaces its code uses', () => {
    const calls = onDemandCalls();
    // The panes, the dialogs, the screens, the keyboard views, the firmware modal, the Vial unlock dialog.
    expect(calls.length).toBeGreaterThan(25);
    for (const call of calls) {
      const needed = [...used(closure(call.module))].filter((n) => ON_DEMAND.has(n)).sort();
      expect([...call.namespaces].sort(), `${call.file} → ${path.relative(src, call.module)}`).toEqual(
        needed,
      );
    }
  });

  it('a key prefixed with a namespace names one the component awaits, or one of the first screen', () => {
    for (const file of uiFiles) {
      const { declared, prefixed } = namespacesIn(read(file));
      const unsure = [...prefixed].filter((n) => !declared.has(n) && !FIRST_SCREEN.has(n));
      expect(unsure, path.relative(src, file)).toEqual([]);
    }
  });

  it('every literal key the UI translates exists in English', () => {
    const has = (ns: string, key: string) => {
      let node: unknown = english(ns);
      const parts = key.split('.');
      const last = parts.pop()!;
      for (const p of parts) node = (node as Record<string, unknown> | undefined)?.[p];
      const leaf = node as Record<string, unknown> | undefined;
      return !!leaf && (last in leaf || `${last}_other` in leaf);
    };
    const missing: string[] = [];
    for (const file of uiFiles) {
      const text = read(file);
      // Which namespace each t function (t, tf, tv, …) is bound to in this file.
      const bound = new Map<string, Set<string>>();
      for (const m of text.matchAll(
        /\{\s*t(?:\s*:\s*(\w+))?[^}]*\}\s*=\s*useTranslation\(\s*(\[\s*)?'([^']+)'/g,
      ))
        (bound.get(m[1] ?? 't') ?? bound.set(m[1] ?? 't', new Set()).get(m[1] ?? 't')!).add(m[3]!);
      for (const [alias, namespaces] of bound)
        for (const m of text.matchAll(new RegExp(`\\b${alias}\\(\\s*'([^'$]+)'`, 'g'))) {
          const [ns, key] = m[1]!.includes(':') ? m[1]!.split(':') : [undefined, m[1]!];
          const candidates = ns ? [ns] : [...namespaces];
          if (!candidates.some((n) => has(n, key!))) missing.push(`${path.relative(src, file)}: ${m[1]}`);
        }
    }
    expect(missing).toEqual([]);
  });
});
