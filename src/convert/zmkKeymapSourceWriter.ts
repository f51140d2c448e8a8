import type { ZmkKeymapSource, ZmkSourceBinding, ZmkSourceLayer } from './zmkKeymapReader.ts';

const INDENT = '    ';

/** A binding as devicetree text: `&kp LC(A)`. */
export function sourceBindingText(binding: Pick<ZmkSourceBinding, 'label' | 'cells'>): string {
  return ['&' + binding.label, ...binding.cells].join(' ');
}

/** The bindings in their source rows (as the file had them), aligned in columns. */
function bindingRows(bindings: readonly ZmkSourceBinding[], indent: string): string[] {
  const rows: string[][] = [];
  let last: number | null = null;
  for (const b of bindings) {
    if (last === null || b.row !== last) rows.push([]);
    last = b.row;
    rows[rows.length - 1]!.push(sourceBindingText(b));
  }
  const widths: number[] = [];
  for (const row of rows) row.forEach((t, c) => (widths[c] = Math.max(widths[c] ?? 0, t.length)));
  return rows.map(
    (row) =>
      indent +
      row
        .map((t, c) => (c < row.length - 1 ? t.padEnd(widths[c]!) : t))
        .join('  ')
        .trimEnd(),
  );
}

function layerText(layer: ZmkSourceLayer): string[] {
  const inner = INDENT.repeat(3);
  const lines = [`${INDENT.repeat(2)}${layer.node} {`];
  if (layer.displayName !== null)
    lines.push(`${inner}display-name = "${layer.displayName.replace(/["\\]/g, (c) => '\\' + c)}";`);
  for (const [name, value] of layer.otherProps)
    lines.push(value === true ? `${inner}${name};` : `${inner}${name} = ${value};`);
  lines.push(`${inner}bindings = <`, ...bindingRows(layer.bindings, inner + INDENT), `${inner}>;`);
  if (layer.sensorBindings)
    lines.push(`${inner}sensor-bindings = <${layer.sensorBindings.map(sourceBindingText).join(' ')}>;`);
  lines.push(`${INDENT.repeat(2)}};`);
  return lines;
}

/**
 * A read `.keymap` written back: its includes and `#define`s, its behavior overrides, the root's other nodes
 * (the user's behaviors, macros, combos, conditional layers) as they were written (after the file's own macros),
 * and the keymap from `layers` (the file's, or edited) with each binding's text. ZMK builds it as it built the
 * original.
 */
export function writeZmkKeymapSource(
  source: ZmkKeymapSource,
  layers: readonly ZmkSourceLayer[] = source.layers,
): string {
  const indentNode = (text: string) =>
    text
      .split('\n')
      .map((l, i) => (i === 0 ? INDENT + l.trim() : INDENT + l.replace(/^ {0,4}/, '')))
      .join('\n');
  return [
    `/* keymap written by Keyloom from ${source.fileName.replace(/\*\//g, '* /')} */`,
    '',
    ...source.includes.map((i) => `#include ${i}`),
    ...(source.defineLines.length > 0 ? ['', ...source.defineLines] : []),
    ...(source.overrides.length > 0 ? ['', ...source.overrides] : []),
    '',
    '/ {',
    ...source.rootNodes.flatMap((n) => [indentNode(n), '']),
    `${INDENT}keymap {`,
    `${INDENT.repeat(2)}compatible = "zmk,keymap";`,
    ...layers.flatMap((l) => ['', ...layerText(l)]),
    `${INDENT}};`,
    '};',
    '',
  ].join('\n');
}
