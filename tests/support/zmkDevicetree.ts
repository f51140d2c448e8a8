import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ZMK_DIR } from '../fixtures/paths.ts';
import { cValues } from './cValues.ts';

/** A layer of a preprocessed keymap: its node, display-name, status and bindings as numbers. */
export interface DevicetreeLayer {
  node: string;
  displayName: string | null;
  status: string | null;
  bindings: { label: string; cells: number[] }[];
}

export interface DevicetreeKeymap {
  layers: DevicetreeLayer[];
  /** `#binding-cells` of every behavior node the preprocessed file defines, by label (ZMK's own .dtsi). */
  bindingCells: Map<string, number>;
}

const INCLUDE_DIRS = [
  path.join(ZMK_DIR, 'app', 'include'),
  path.join(ZMK_DIR, 'app', 'dts'),
  path.join(ZMK_DIR, 'zephyr', 'include'),
];

/**
 * Runs a `.keymap` through the C preprocessor as Zephyr does for devicetree sources (`-x assembler-with-cpp
 * -nostdinc -undef -D__DTS__`), against ZMK's own `behaviors.dtsi` and dt-bindings headers (tests/fixtures/zmk).
 * Throws with the preprocessor's message when an include is missing.
 */
export function preprocessKeymap(cc: string, keymap: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'keyloom-zmk-'));
  try {
    const file = path.join(dir, 'board.keymap');
    writeFileSync(file, keymap);
    return execFileSync(
      cc,
      [
        '-E',
        '-P',
        '-x',
        'assembler-with-cpp',
        '-nostdinc',
        '-undef',
        '-D__DTS__',
        ...INCLUDE_DIRS.map((d) => `-I${d}`),
        file,
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text between the brace after `start` and its closing brace. */
function block(text: string, start: number): { body: string; end: number } {
  const open = text.indexOf('{', start);
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return { body: text.slice(open + 1, i), end: i };
  }
  throw new Error('unbalanced braces');
}

/** Cells of a `< … >` list: whitespace-separated at parenthesis depth 0 (an expression must be parenthesised). */
export function cellTexts(list: string): string[] {
  const cells: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of list) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (/\s/.test(ch) && depth === 0) {
      if (current) cells.push(current);
      current = '';
    } else current += ch;
  }
  if (current) cells.push(current);
  return cells;
}

/**
 * Reads a preprocessed keymap the way dtc sees its layers: the `zmk,keymap` node's children, each `bindings`
 * list split into `&label` and the cells after it, every cell's expression computed by the C compiler (so a name
 * the headers do not define fails here). Also every behavior's `#binding-cells` from ZMK's .dtsi.
 */
export function readDevicetreeKeymap(cc: string, preprocessed: string): DevicetreeKeymap {
  const bindingCells = new Map<string, number>();
  for (const match of preprocessed.matchAll(/(\w+)\s*:\s*[\w,-]+\s*\{/g)) {
    const cells = /#binding-cells\s*=\s*<\s*(\d+)\s*>/.exec(block(preprocessed, match.index).body);
    if (cells) bindingCells.set(match[1]!, Number(cells[1]));
  }
  const keymapAt = preprocessed.search(/\bkeymap\s*\{/);
  if (keymapAt < 0) throw new Error('no keymap node');
  const keymap = block(preprocessed, keymapAt).body;
  if (!/compatible\s*=\s*"zmk,keymap"/.test(keymap)) throw new Error('the keymap node is not zmk,keymap');

  const raw: {
    node: string;
    displayName: string | null;
    status: string | null;
    bindings: { label: string; cells: string[] }[];
  }[] = [];
  for (let at = 0; ;) {
    const node = /([A-Za-z][\w,.+-]*)\s*\{/g;
    node.lastIndex = at;
    const match = node.exec(keymap);
    if (!match) break;
    const { body, end } = block(keymap, match.index);
    at = end + 1;
    const list = /bindings\s*=\s*<([^>]*)>/.exec(body)?.[1] ?? '';
    const bindings: { label: string; cells: string[] }[] = [];
    for (const cell of cellTexts(list)) {
      if (cell.startsWith('&')) bindings.push({ label: cell.slice(1), cells: [] });
      else if (bindings.length === 0) throw new Error(`a cell before any behavior: ${cell}`);
      else bindings[bindings.length - 1]!.cells.push(cell);
    }
    raw.push({
      node: match[1]!,
      displayName: /display-name\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(body)?.[1] ?? null,
      status: /status\s*=\s*"([^"]*)"/.exec(body)?.[1] ?? null,
      bindings,
    });
  }
  const expressions = raw.flatMap((l) => l.bindings.flatMap((b) => b.cells));
  const values = expressions.length > 0 ? cValues(cc, { includeDirs: [], includes: [] }, expressions) : [];
  let next = 0;
  return {
    bindingCells,
    layers: raw.map((l) => ({
      ...l,
      bindings: l.bindings.map((b) => ({ label: b.label, cells: b.cells.map(() => values[next++]!) })),
    })),
  };
}
