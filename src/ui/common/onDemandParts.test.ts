import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// onDemandParts.css is in no first-screen stylesheet: a component drawing one of its classes loads it by
// importing it, or the class would draw unstyled until some other component happened to load the file.
const here = import.meta.dirname;
const src = path.resolve(here, '../..');
const partsCss = readFileSync(path.join(here, 'onDemandParts.css'), 'utf8');
const partClasses = new Set([...partsCss.matchAll(/^\.([\w-]+)/gm)].map((m) => m[1]!));

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(full);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [full] : [];
  });
}

/** The class names a file's `className` attributes spell out (string literals, template text outside `${}`). */
function classNamesIn(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(/className=/g)) {
    let at = match.index + match[0].length;
    let expression: string;
    if (text[at] === '{') {
      let depth = 0;
      const start = at;
      do {
        if (text[at] === '{') depth++;
        else if (text[at] === '}') depth--;
        at++;
      } while (depth > 0 && at < text.length);
      expression = text.slice(start, at);
    } else expression = text.slice(at, text.indexOf(text[at]!, at + 1) + 1);
    for (const literal of expression.matchAll(/'([^']*)'|"([^"]*)"|`([^`]*)`/g)) {
      const words = (literal[1] ?? literal[2] ?? literal[3] ?? '').replace(/\$\{[^}]*\}/g, ' ');
      for (const word of words.split(/\s+/)) if (word) names.add(word);
    }
  }
  return names;
}

describe('onDemandParts.css: the on-demand screens’, panes’ and dialogs’ shared classes', () => {
  it('holds the classes it says it does', () => {
    expect([...partClasses]).toEqual(
      expect.arrayContaining(['card', 'row', 'select', 'form-error', 'dialog-actions', 'screen', 'message']),
    );
  });

  it('is imported by every component that draws one of its classes', () => {
    const missing = tsxFiles(src)
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        const used = [...classNamesIn(text)].filter((name) => partClasses.has(name));
        return used.length > 0 && !/import '[./]+(?:common\/|ui\/common\/)?onDemandParts\.css';/.test(text);
      })
      .map((file) => path.relative(src, file));
    expect(missing).toEqual([]);
  });

  it('is the only stylesheet that defines them', () => {
    const first = [
      'ui/theme/global.css',
      'ui/shell/shell.css',
      'ui/canvas/canvas.css',
      'ui/configure/configure.css',
    ];
    for (const file of first) {
      const css = readFileSync(path.join(src, file), 'utf8');
      const defined = [...css.matchAll(/^\.([\w-]+)[\s,:{]/gm)].map((m) => m[1]!);
      expect(defined.filter((name) => partClasses.has(name))).toEqual([]);
    }
  });
});
