import { refusalTable, RefusalError, type Refused } from '../lib/refusal.ts';

/**
 * The part of the C preprocessor a ZMK `.keymap` uses (Zephyr runs `cpp` over devicetree sources): comments,
 * line continuations, `#include` (recorded: the standard headers' names come from zmkHeaderMacros.ts), object-
 * and function-like `#define`s with `#` and `##`, `#undef`, and `#if/#ifdef/#ifndef/#elif/#else/#endif` with
 * `defined()` and C's integer arithmetic. Everything is bounded (ZMK_SOURCE_LIMITS): a hostile file is refused
 * with a named reason, never left to run.
 */

export const ZMK_SOURCE_LIMITS = {
  /** A real keymap is a few kB; a hundred times that is a file of something else. */
  bytes: 512_000,
  /** Macro expansions in the whole file (keys.h names count one each). */
  expansions: 200_000,
  /** A macro inside a macro inside … */
  depth: 64,
  /** The text macros expand to. */
  expandedBytes: 4_000_000,
  /** `#if` nesting, devicetree node nesting. */
  nesting: 32,
  defines: 4096,
} as const;

const L = ZMK_SOURCE_LIMITS;

/** Why a `.keymap` is not read (`refusals:zmkSource.<name>`). */
export const zmkSourceRefusals = refusalTable('zmkSource', {
  tooLarge:
    'Could not read the .keymap: it is {{size}} bytes; Keyloom reads .keymap files of at most {{max}}.',
  expansion:
    'Could not read the .keymap: its macros expand more than {{max}} times or {{depth}} deep ({{name}}).',
  nesting: 'Could not read the .keymap: #if or nodes nest more than {{max}} deep (line {{line}}).',
  defines: 'Could not read the .keymap: it has more than {{max}} #defines.',
  directive: 'Could not read the .keymap: line {{line}}: {{text}}',
  structure: 'Could not read the .keymap: {{what}} near line {{line}}.',
  noKeymap: 'Could not read the .keymap: it has no node with compatible = "zmk,keymap".',
  noLayers: 'Could not read the .keymap: its keymap has no layers with bindings.',
});

export interface Macro {
  params: string[] | null;
  body: string;
  /** Defined by the file itself (not by a ZMK header). */
  user: boolean;
}

export type MacroTable = Map<string, Macro>;

export interface Preprocessed {
  /** The file with directives taken out and the file's own macros expanded (ZMK's header names left as written). */
  text: string;
  /** Every macro: ZMK's headers' and the file's. */
  macros: MacroTable;
  /** `#include` targets in order, as written (`<behaviors.dtsi>`, `"my_combos.dtsi"`). */
  includes: string[];
  /** The file's own `#define` lines as written (for a `.keymap` written back). */
  defineLines: string[];
}

/** Comments out, line continuations joined, strings kept (a `//` inside one is not a comment). */
function stripComments(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') {
      const end = text.indexOf('"', i + 1);
      const stop = end < 0 ? text.length : end + 1;
      out += text.slice(i, stop);
      i = stop - 1;
    } else if (ch === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const comment = text.slice(i, end < 0 ? text.length : end + 2);
      out += comment.replace(/[^\n]/g, ' ');
      i = (end < 0 ? text.length : end + 2) - 1;
    } else out += ch;
  }
  return out.replace(/\\\r?\n/g, ' ');
}

type Token = { kind: 'id' | 'other'; text: string };

const TOKEN = /[A-Za-z_][A-Za-z0-9_]*|0[xX][0-9a-fA-F]+[uUlL]*|\d+[uUlL]*|"(?:[^"\\]|\\.)*"|##|\s+|./gs;

function tokenize(text: string): Token[] {
  return (text.match(TOKEN) ?? []).map((t) => ({
    kind: /^[A-Za-z_]/.test(t) ? 'id' : 'other',
    text: t,
  }));
}

/**
 * Expands macros in `text` as the C preprocessor does (arguments expanded first, a macro not expanded inside
 * itself), counting every expansion against the file's budget. `only` limits which macros expand.
 */
export class MacroExpander {
  private count = 0;

  constructor(
    private readonly macros: MacroTable,
    private readonly only: (name: string, macro: Macro) => boolean = () => true,
  ) {}

  expand(text: string): string {
    const out = this.run(tokenize(text), new Set(), 0);
    if (out.length > L.expandedBytes) this.fail('(text)');
    return out;
  }

  private fail(name: string): never {
    throw new RefusalError(
      zmkSourceRefusals.refusal('expansion', { max: L.expansions, depth: L.depth, name }),
    );
  }

  private run(tokens: Token[], hide: ReadonlySet<string>, depth: number): string {
    if (depth > L.depth) this.fail([...hide].at(-1) ?? '');
    let out = '';
    for (let i = 0; i < tokens.length; i++) {
      // Checked at every level as it grows: a long body used many times would otherwise run to gigabytes.
      if (out.length > L.expandedBytes) this.fail('(text)');
      const t = tokens[i]!;
      const macro = t.kind === 'id' && !hide.has(t.text) ? this.macros.get(t.text) : undefined;
      if (!macro || !this.only(t.text, macro)) {
        out += t.text;
        continue;
      }
      if (++this.count > L.expansions) this.fail(t.text);
      const inner = new Set(hide).add(t.text);
      if (macro.params === null) {
        out += this.run(tokenize(macro.body), inner, depth + 1);
        continue;
      }
      let j = i + 1;
      while (tokens[j] && /^\s+$/.test(tokens[j]!.text)) j++;
      if (tokens[j]?.text !== '(') {
        out += t.text; // a function-like macro's name without arguments is just a name
        continue;
      }
      const args: string[] = [];
      let level = 0;
      let current = '';
      for (j = j + 1; j < tokens.length; j++) {
        const x = tokens[j]!.text;
        if (x === '(') level++;
        if (x === ')' && level-- === 0) break;
        if (x === ',' && level === 0) {
          args.push(current);
          current = '';
        } else current += x;
      }
      args.push(current);
      i = j;
      const expanded = args.map((a) => this.run(tokenize(a), hide, depth + 1).trim());
      const raw = args.map((a) => a.trim());
      const body = tokenize(macro.body);
      let substituted = '';
      for (let k = 0; k < body.length; k++) {
        const b = body[k]!;
        const p = b.kind === 'id' ? macro.params.indexOf(b.text) : -1;
        if (b.text === '#' && body[k + 1]?.kind === 'id' && macro.params.includes(body[k + 1]!.text)) {
          substituted += JSON.stringify(raw[macro.params.indexOf(body[++k]!.text)] ?? '');
        } else if (p >= 0) {
          // An argument beside ## is pasted as written, elsewhere expanded first (C's rule).
          const pasted = body[k - 1]?.text === '##' || body[k + 1]?.text === '##';
          substituted += (pasted ? raw[p] : expanded[p]) ?? '';
        } else substituted += b.text;
      }
      out += this.run(tokenize(substituted.replace(/\s*##\s*/g, '')), inner, depth + 1);
    }
    return out;
  }
}

const DIRECTIVE =
  /^\s*#\s*(include|define|undef|ifdef|ifndef|if|elif|else|endif|error|warning|pragma|line)\b(?!-)\s*(.*)$/;

/**
 * Runs the preprocessor over a `.keymap` with ZMK's header macros (`headers`) already defined. The file's own
 * macros expand; the headers' are left as written for the devicetree reader to evaluate (`&kp LC(A)` stays
 * readable in a `.keymap` written back).
 */
export function preprocessZmkKeymap(
  text: string,
  headers: MacroTable,
): { ok: true; value: Preprocessed } | Refused {
  const { refuse } = zmkSourceRefusals;
  const size = new TextEncoder().encode(text).length;
  if (size > L.bytes) return refuse('tooLarge', { size, max: L.bytes });
  const macros: MacroTable = new Map(headers);
  const includes: string[] = [];
  const defineLines: string[] = [];
  const user = new MacroExpander(macros, (_, m) => m.user);
  const all = new MacroExpander(macros);
  const stack: { active: boolean; taken: boolean }[] = [];
  const active = () => stack.every((s) => s.active);
  const out: string[] = [];
  let defines = 0;
  // Lines between directives expand together: a macro's arguments may run over several lines.
  let block: string[] = [];
  const flush = () => {
    if (block.length > 0) out.push(user.expand(block.join('\n')));
    block = [];
  };
  try {
    const lines = stripComments(text).split('\n');
    for (const [n, line] of lines.entries()) {
      const d = DIRECTIVE.exec(line);
      if (!d) {
        if (active()) block.push(line);
        else out.push('');
        continue;
      }
      flush();
      out.push('');
      const [, name, rest = ''] = d;
      const condition = () => evaluateCondition(rest, macros, all);
      if (name === 'ifdef' || name === 'ifndef' || name === 'if') {
        if (stack.length >= L.nesting) return refuse('nesting', { max: L.nesting, line: n + 1 });
        const on = !active()
          ? false
          : name === 'if'
            ? condition()
            : macros.has(rest.trim()) === (name === 'ifdef');
        stack.push({ active: on, taken: on });
      } else if (name === 'elif' || name === 'else') {
        const top = stack.at(-1);
        if (!top) return refuse('directive', { line: n + 1, text: line.trim() });
        const outer = stack.slice(0, -1).every((s) => s.active);
        top.active = outer && !top.taken && (name === 'else' || condition());
        top.taken ||= top.active;
      } else if (name === 'endif') {
        if (!stack.pop()) return refuse('directive', { line: n + 1, text: line.trim() });
      } else if (!active()) continue;
      else if (name === 'include') includes.push(rest.trim());
      else if (name === 'define') {
        const m = /^([A-Za-z_]\w*)(\(([^)]*)\))?\s*(.*)$/.exec(rest);
        if (!m) return refuse('directive', { line: n + 1, text: line.trim() });
        if (++defines > L.defines) return refuse('defines', { max: L.defines });
        const params =
          m[2] === undefined
            ? null
            : m[3]!
                .split(',')
                .map((p) => p.trim())
                .filter(Boolean);
        macros.set(m[1]!, { params, body: m[4]!.trim(), user: true });
        defineLines.push(line.trim());
      } else if (name === 'undef') macros.delete(rest.trim());
      else if (name === 'error') return refuse('directive', { line: n + 1, text: line.trim() });
    }
    flush();
  } catch (e) {
    if (e instanceof RefusalError) return { ok: false, refusal: e.refusal, message: e.message };
    throw e;
  }
  return { ok: true, value: { text: out.join('\n'), macros, includes, defineLines } };
}

/** `#if`: `defined(X)` and `defined X` first, then macros, then C's rule that a name left over is 0. */
function evaluateCondition(expr: string, macros: MacroTable, all: MacroExpander): boolean {
  const withDefined = expr.replace(
    /defined\s*(\(\s*(\w+)\s*\)|\s+(\w+))/g,
    (_, __, a?: string, b?: string) => (macros.has((a ?? b)!) ? '1' : '0'),
  );
  const value = evaluateExpression(all.expand(withDefined).replace(/[A-Za-z_]\w*/g, '0'));
  return value !== null && value !== 0;
}

/** Parentheses in one expression (a real cell has a handful: `LC(LS(A))`). */
const MAX_PARENTHESES = 256;

/**
 * A C integer expression as devicetree cells hold them (32 bits, unsigned in the end): numbers (decimal, hex,
 * U/L suffixes), parentheses, unary - ~ !, * / % + - << >> < > <= >= == != & ^ | && || and ?:. null when it is
 * not one (a name nothing defines, a division by zero).
 */
export function evaluateExpression(text: string): number | null {
  // Each parenthesis is a level of recursion below: a hostile cell of 100,000 would overflow the stack.
  let open = 0;
  for (const ch of text) if (ch === '(' && ++open > MAX_PARENTHESES) return null;
  const tokens = text.match(/0[xX][0-9a-fA-F]+|\d+|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%()<>&^|~!?:]|\S/g) ?? [];
  let i = 0;
  const peek = () => tokens[i];
  const BINARY: Record<string, [number, (a: number, b: number) => number]> = {
    '||': [1, (a, b) => (a || b ? 1 : 0)],
    '&&': [2, (a, b) => (a && b ? 1 : 0)],
    '|': [3, (a, b) => a | b],
    '^': [4, (a, b) => a ^ b],
    '&': [5, (a, b) => a & b],
    '==': [6, (a, b) => (a === b ? 1 : 0)],
    '!=': [6, (a, b) => (a !== b ? 1 : 0)],
    '<': [7, (a, b) => (a < b ? 1 : 0)],
    '>': [7, (a, b) => (a > b ? 1 : 0)],
    '<=': [7, (a, b) => (a <= b ? 1 : 0)],
    '>=': [7, (a, b) => (a >= b ? 1 : 0)],
    '<<': [8, (a, b) => a << b],
    '>>': [8, (a, b) => a >>> b],
    '+': [9, (a, b) => (a + b) | 0],
    '-': [9, (a, b) => (a - b) | 0],
    '*': [10, (a, b) => Math.imul(a, b)],
    '/': [10, (a, b) => (b === 0 ? NaN : Math.trunc(a / b) | 0)],
    '%': [10, (a, b) => (b === 0 ? NaN : (a % b) | 0)],
  };
  const unary = (): number => {
    const t = tokens[i++];
    if (t === undefined) return NaN;
    if (t === '(') {
      const v = ternary();
      return tokens[i++] === ')' ? v : NaN;
    }
    if (t === '-') return -unary() | 0;
    if (t === '+') return unary();
    if (t === '~') return ~unary();
    if (t === '!') return unary() ? 0 : 1;
    if (/^(0[xX][0-9a-fA-F]+|\d+)$/.test(t)) return Number(t) | 0;
    return NaN;
  };
  const binary = (min: number): number => {
    let left = unary();
    for (;;) {
      const op = BINARY[peek() ?? ''];
      if (!op || op[0] < min) return left;
      i++;
      left = op[1](left, binary(op[0] + 1));
    }
  };
  function ternary(): number {
    const c = binary(1);
    if (peek() !== '?') return c;
    i++;
    const a = ternary();
    if (tokens[i++] !== ':') return NaN;
    const b = ternary();
    return c ? a : b;
  }
  const cleaned = tokens.filter((t) => !/^[uUlL]+$/.test(t));
  tokens.splice(0, tokens.length, ...cleaned);
  const value = ternary();
  return i === tokens.length && Number.isFinite(value) ? value >>> 0 : null;
}
