import { RefusalError } from '../lib/refusal.ts';
import { ZMK_SOURCE_LIMITS, zmkSourceRefusals } from './zmkPreprocessor.ts';

/**
 * A devicetree source after the preprocessor, as nodes: `label: name@unit { prop = value; child { … }; };`,
 * the root `/ { … };` and reference overrides `&label { … };`. Property values are kept as written (cells,
 * strings); each node keeps the text it was written as, so a `.keymap` written back carries it unchanged.
 */
export interface DtNode {
  /** `keymap`, `/` for the root, `&mt` for an override of the `mt` label. */
  name: string;
  labels: string[];
  props: Map<string, string | true>;
  children: DtNode[];
  /** The node as written (labels, name, body and the closing `};`). */
  text: string;
  line: number;
}

const L = ZMK_SOURCE_LIMITS;
/** Nodes in a whole file (a keymap has a few dozen; behaviors and combos add tens). */
const MAX_NODES = 10_000;

/** Reads the top-level items of a devicetree source (throws a RefusalError for what it cannot read). */
export function parseDevicetree(text: string): DtNode[] {
  let i = 0;
  let nodes = 0;
  // Line starts once: a line number per node by binary search (a slice per node is quadratic on a big file).
  const starts = [0];
  for (let k = text.indexOf('\n'); k >= 0; k = text.indexOf('\n', k + 1)) starts.push(k + 1);
  const lineAt = (at: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  const fail = (what: string, at = i): never => {
    throw new RefusalError(zmkSourceRefusals.refusal('structure', { what, line: lineAt(at) }));
  };

  /** Up to the next `{`, `;` or `}` outside strings, `< >` and `( )`; which one ended it. */
  const statement = (): { head: string; end: string } => {
    const start = i;
    let angle = 0;
    let paren = 0;
    for (; i < text.length; i++) {
      const ch = text[i]!;
      if (ch === '"') {
        const close = text.indexOf('"', i + 1);
        if (close < 0) fail('a string that does not end');
        i = close;
      } else if (ch === '<') angle++;
      else if (ch === '>' && angle > 0) angle--;
      else if (ch === '(') paren++;
      else if (ch === ')' && paren > 0) paren--;
      else if (angle === 0 && paren === 0 && (ch === '{' || ch === ';' || ch === '}'))
        return { head: text.slice(start, i).trim(), end: ch };
    }
    return { head: text.slice(start).trim(), end: '' };
  };

  const body = (node: DtNode, depth: number) => {
    if (depth > L.nesting) fail(`nodes nested more than ${L.nesting} deep`);
    for (;;) {
      const start = i;
      const { head, end } = statement();
      if (end === '}') {
        if (head !== '') fail(`"${head.slice(0, 40)}" without a ;`);
        i++;
        return;
      }
      if (end === '') fail('a node that does not end');
      if (end === ';') {
        i++;
        if (head === '') continue;
        const eq = head.indexOf('=');
        if (eq < 0) node.props.set(head, true);
        else node.props.set(head.slice(0, eq).trim(), head.slice(eq + 1).trim());
        continue;
      }
      node.children.push(child(head, start, depth + 1));
    }
  };

  const child = (head: string, start: number, depth: number): DtNode => {
    if (++nodes > MAX_NODES) fail(`more than ${MAX_NODES} nodes`);
    const labels: string[] = [];
    let name = head;
    for (let m = /^([A-Za-z_]\w*)\s*:\s*/.exec(name); m; m = /^([A-Za-z_]\w*)\s*:\s*/.exec(name)) {
      labels.push(m[1]!);
      name = name.slice(m[0].length);
    }
    const node: DtNode = { name, labels, props: new Map(), children: [], text: '', line: lineAt(start) };
    i++; // the {
    body(node, depth);
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (text[i] === ';') i++;
    node.text = text.slice(start, i).trim();
    return node;
  };

  const top: DtNode[] = [];
  for (;;) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (i >= text.length) return top;
    const start = i;
    const { head, end } = statement();
    if (end === '{') top.push(child(head, start, 1));
    else if (end === ';')
      i++; // /dts-v1/; and other top-level statements
    else fail(head ? `"${head.slice(0, 40)}" where a node should be` : 'a } with no node to close');
  }
}

/** A property's text value without quotes (`display-name = "Base"` → Base); null when absent or not a string. */
export function stringProp(node: DtNode, name: string): string | null {
  const value = node.props.get(name);
  if (typeof value !== 'string') return null;
  const m = /^"((?:[^"\\]|\\.)*)"$/.exec(value);
  return m ? m[1]!.replace(/\\(.)/g, '$1') : null;
}

/** Every node below `nodes` (depth first), with the nodes themselves. */
export function allNodes(nodes: readonly DtNode[]): DtNode[] {
  return nodes.flatMap((n) => [n, ...allNodes(n.children)]);
}
