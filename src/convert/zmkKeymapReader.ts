import { RefusalError, type Refused } from '../lib/refusal.ts';
import { allNodes, parseDevicetree, stringProp, type DtNode } from './zmkDevicetree.ts';
import { ZMK_STANDARD_INCLUDES, zmkHeaderMacros } from './zmkHeaderMacros.ts';
import {
  evaluateExpression,
  MacroExpander,
  preprocessZmkKeymap,
  zmkSourceRefusals,
  type MacroTable,
} from './zmkPreprocessor.ts';

/** One binding of a `.keymap` as written (`&kp LC(A)`) and its cells as numbers (null: nothing defines it). */
export interface ZmkSourceBinding {
  /** The behavior's devicetree label (`kp`, or the user's own `hm`). */
  label: string;
  /** Each parameter as written after the file's own macros (`LC(A)`, `2`, `BT_CLR`). */
  cells: string[];
  /** The cells as numbers, after ZMK's header macros (`BT_CLR` is two: `BT_CLR_CMD 0`); null: nothing defines it. */
  values: (number | null)[];
  /** Which source line of its layer it was on (for a `.keymap` written back with the same rows). */
  row: number;
}

export interface ZmkSourceLayer {
  /** The layer's node name (`default_layer`). */
  node: string;
  displayName: string | null;
  bindings: ZmkSourceBinding[];
  sensorBindings: ZmkSourceBinding[] | null;
  /** Other properties of the layer node, as written (`label = "…"`), kept for a `.keymap` written back. */
  otherProps: [string, string | true][];
}

/** A behavior the file defines itself (a hold-tap, tap dance, macro, mod-morph …). */
export interface ZmkUserBehavior {
  label: string;
  /** `zmk,behavior-hold-tap` … */
  compatible: string;
  bindingCells: number | null;
}

/** A ZMK `.keymap` read: its keymap, and what it has beyond the keymap (carried as written). */
export interface ZmkKeymapSource {
  fileName: string;
  includes: string[];
  /** Includes beyond ZMK's standard headers: not read, so their macros are unknown. */
  unreadIncludes: string[];
  defineLines: string[];
  layers: ZmkSourceLayer[];
  behaviors: ZmkUserBehavior[];
  /** Combo node names (under `compatible = "zmk,combos"`). */
  combos: string[];
  /** Conditional layer node names (under `compatible = "zmk,conditional-layers"`). */
  conditionalLayers: string[];
  /** `&label { … };` overrides of behaviors' settings, as written. */
  overrides: string[];
  /** The root's nodes besides the keymap (behaviors, macros, combos, conditional layers …), as written. */
  rootNodes: string[];
}

const compatibleOf = (node: DtNode) => stringProp(node, 'compatible') ?? '';

/** The bindings in a `< … >, < … >` value: `&label` starts one, the cells after it are its parameters. */
function bindingsOf(value: string, macros: MacroTable, all: MacroExpander): ZmkSourceBinding[] {
  const out: ZmkSourceBinding[] = [];
  const groups = [...value.matchAll(/<([^>]*)>/g)].map((m) => m[1]!);
  let row = 0;
  for (const group of groups) {
    let depth = 0;
    let token = '';
    const push = () => {
      if (!token) return;
      if (token.startsWith('&')) out.push({ label: token.slice(1), cells: [], values: [], row });
      else if (out.length > 0) {
        const binding = out[out.length - 1]!;
        binding.cells.push(token);
        binding.values.push(...cellValues(token, macros, all));
      }
      token = '';
    };
    for (const ch of group) {
      if (ch === '(') depth++;
      if (ch === ')') depth--;
      if (/\s/.test(ch) && depth <= 0) {
        push();
        if (ch === '\n') row++;
      } else token += ch;
    }
    push();
    row++;
  }
  return out;
}

/** One written parameter as cells: a header macro may stand for two (`BT_CLR` → `BT_CLR_CMD 0`). */
function cellValues(cell: string, macros: MacroTable, all: MacroExpander): (number | null)[] {
  if (/^[A-Za-z_]\w*$/.test(cell) && !macros.has(cell)) return [null];
  const cells: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of all.expand(cell)) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (/\s/.test(ch) && depth <= 0) {
      if (current) cells.push(current);
      current = '';
    } else current += ch;
  }
  if (current) cells.push(current);
  // A name still there after expansion is one nothing defines (C would read it as 0: a keymap means a key).
  return cells.map((c) =>
    /[A-Za-z_]/.test(c.replace(/0[xX][0-9a-fA-F]+[uUlL]*|\d+[uUlL]*/g, '')) ? null : evaluateExpression(c),
  );
}

/**
 * Reads a ZMK `.keymap`: the C preprocessor's part (zmkPreprocessor.ts, with ZMK's standard headers' names),
 * then the devicetree (zmkDevicetree.ts): the `zmk,keymap` node's layers with their bindings and
 * sensor-bindings, and the file's own behaviors, combos, conditional layers and overrides, listed and kept as
 * written. Refuses (one named reason) only what is not a keymap or is over a bound.
 */
export function readZmkKeymapSource(
  text: string,
  fileName: string,
): { ok: true; source: ZmkKeymapSource } | Refused {
  const pre = preprocessZmkKeymap(text, zmkHeaderMacros());
  if (!pre.ok) return pre;
  const { macros, includes, defineLines } = pre.value;
  const all = new MacroExpander(macros);
  try {
    const top = parseDevicetree(pre.value.text);
    const roots = top.filter((n) => n.name === '/');
    const nodes = allNodes(top);
    const keymap = nodes.find((n) => compatibleOf(n) === 'zmk,keymap');
    if (!keymap) return zmkSourceRefusals.refuse('noKeymap');
    const layers = keymap.children.flatMap((layer): ZmkSourceLayer[] => {
      const bindings = layer.props.get('bindings');
      if (typeof bindings !== 'string') return [];
      const sensor = layer.props.get('sensor-bindings');
      return [
        {
          node: layer.name,
          displayName: stringProp(layer, 'display-name') ?? stringProp(layer, 'label'),
          bindings: bindingsOf(bindings, macros, all),
          sensorBindings: typeof sensor === 'string' ? bindingsOf(sensor, macros, all) : null,
          otherProps: [...layer.props].filter(
            ([k]) => k !== 'bindings' && k !== 'sensor-bindings' && k !== 'display-name',
          ),
        },
      ];
    });
    if (layers.length === 0) return zmkSourceRefusals.refuse('noLayers');
    const childrenOf = (compatible: string) =>
      nodes.filter((n) => compatibleOf(n) === compatible).flatMap((n) => n.children.map((c) => c.name));
    const cells = (n: DtNode) => {
      const v = n.props.get('#binding-cells');
      return typeof v === 'string' ? evaluateExpression(v.replace(/[<>]/g, '')) : null;
    };
    return {
      ok: true,
      source: {
        fileName,
        includes,
        unreadIncludes: includes
          .map((i) => i.replace(/^[<"]|[>"]$/g, ''))
          .filter((i) => !ZMK_STANDARD_INCLUDES.has(i)),
        defineLines,
        layers,
        behaviors: nodes
          .filter((n) => compatibleOf(n).startsWith('zmk,behavior-') && n.labels.length > 0)
          .map((n) => ({ label: n.labels[0]!, compatible: compatibleOf(n), bindingCells: cells(n) })),
        combos: childrenOf('zmk,combos'),
        conditionalLayers: childrenOf('zmk,conditional-layers'),
        overrides: top.filter((n) => n.name.startsWith('&')).map((n) => n.text),
        rootNodes: roots.flatMap((r) => r.children.filter((c) => c !== keymap).map((c) => c.text)),
      },
    };
  } catch (e) {
    if (e instanceof RefusalError) return { ok: false, refusal: e.refusal, message: e.message };
    throw e;
  }
}
