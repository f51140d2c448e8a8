import { ZMK_KEYS } from '../../src/convert/generated/zmkKeys.ts';
import { ZMK_BUILT_IN_BEHAVIORS } from '../../src/convert/zmkBuiltInBehaviors.ts';

/**
 * A small reader of the `.keymap` files Keyloom writes (not of ZMK keymaps at large): layers with their node,
 * display-name and status, each binding as its label, its cells as numbers and the comment beside it. Names are
 * read with ZMK's keys.h table (all its names, generated/zmkKeys.ts), ZMK's modifier functions and the named
 * constants and two-cell command macros of the dt-bindings headers.
 */
export interface ReadBinding {
  label: string;
  cells: number[];
  comment: string | null;
}

export interface ReadLayer {
  node: string;
  displayName: string | null;
  status: string | null;
  bindings: ReadBinding[];
}

const MOD_BITS: Record<string, number> = { LC: 1, LS: 2, LA: 4, LG: 8, RC: 16, RS: 32, RA: 64, RG: 128 };

/** Every name a cell may hold, as the cells it stands for (BT_SEL_CMD is one cell, BT_CLR two: `3 0`). */
function cellNames(): Map<string, number[]> {
  const names = new Map<string, number[]>();
  for (const [value, ...list] of ZMK_KEYS) for (const name of list) names.set(name, [value]);
  for (const { cells } of ZMK_BUILT_IN_BEHAVIORS) {
    if (!('kind' in cells)) continue;
    if (cells.kind === 'constants')
      for (const [value, name] of Object.entries(cells.names)) names.set(name, [Number(value)]);
    else
      for (const [value, command] of Object.entries(cells.commands)) {
        names.set(command.cmd, [Number(value)]);
        if (command.name)
          names.set(command.name, command.takesArgument ? [Number(value)] : [Number(value), 0]);
      }
  }
  return names;
}

const NAMES = cellNames();

function cellValues(text: string): number[] {
  if (/^(0x[0-9a-f]+|\d+)$/i.test(text)) return [Number(text)];
  const call = /^([A-Z]{2})\((.*)\)$/.exec(text);
  if (call && MOD_BITS[call[1]!] !== undefined) {
    const [inner] = cellValues(call[2]!);
    return [((MOD_BITS[call[1]!]! << 24) | inner!) >>> 0];
  }
  const named = NAMES.get(text);
  if (!named) throw new Error(`unknown cell "${text}"`);
  return named;
}

/** Tokens of a bindings list: `&label`, cells (parentheses kept together) and comments. */
function tokens(list: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < list.length) {
    if (/\s/.test(list[i]!)) i++;
    else if (list.startsWith('/*', i)) {
      const end = list.indexOf('*/', i) + 2;
      out.push(list.slice(i, end));
      i = end;
    } else {
      let depth = 0;
      const start = i;
      while (i < list.length && (depth > 0 || !/\s/.test(list[i]!))) {
        if (list[i] === '(') depth++;
        if (list[i] === ')') depth--;
        i++;
      }
      out.push(list.slice(start, i));
    }
  }
  return out;
}

/** A devicetree string's text: `\xNN` and `\c` escapes undone. */
function unescape(text: string | undefined): string | null {
  if (text === undefined) return null;
  return text.replace(/\\x([0-9a-f]{2})|\\(.)/gi, (_, hex: string | undefined, c: string | undefined) =>
    hex ? String.fromCharCode(parseInt(hex, 16)) : c!,
  );
}

export function readZmkKeymapText(text: string): { includes: string[]; layers: ReadLayer[] } {
  const includes = [...text.matchAll(/^#include <([^>]+)>/gm)].map((m) => m[1]!);
  const keymap = /keymap \{([\s\S]*)\n {4}\};\n\};/.exec(text)?.[1];
  if (!keymap) throw new Error('no keymap node');
  const layers: ReadLayer[] = [];
  for (const match of keymap.matchAll(/\n {8}([\w.,+-]+) \{\n([\s\S]*?)\n {8}\};/g)) {
    const body = match[2]!;
    const list = /bindings = <\n([\s\S]*?)\n\s*>;/.exec(body)?.[1] ?? '';
    const bindings: ReadBinding[] = [];
    for (const token of tokens(list)) {
      if (token.startsWith('&')) bindings.push({ label: token.slice(1), cells: [], comment: null });
      else if (token.startsWith('/*')) bindings[bindings.length - 1]!.comment = token.slice(2, -2).trim();
      else bindings[bindings.length - 1]!.cells.push(...cellValues(token));
    }
    layers.push({
      node: match[1]!,
      displayName: unescape(/display-name = "((?:[^"\\]|\\.)*)";/.exec(body)?.[1]),
      status: /status = "([^"]*)";/.exec(body)?.[1] ?? null,
      bindings,
    });
  }
  return { includes, layers };
}
