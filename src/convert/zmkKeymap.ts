import { refusalTable } from '../lib/refusal.ts';
import { noteMessage, type ConvertNote } from './convertNotes.ts';
import type { ConvertResult } from './writtenFile.ts';
import {
  commentText,
  isUnmapped,
  nameBehaviors,
  ZMK_LABEL,
  zmkBindingText,
  ZmkTally,
} from './zmkBindingText.ts';
import { zmkKeymapGrid } from './zmkKeymapGrid.ts';
import { safeZmkSnapshot, type ZmkKeymapSnapshot } from './zmkSnapshot.ts';

export interface ZmkKeymapOptions {
  /**
   * Devicetree labels for behaviors of the user's own keymap, by the display name the firmware reports
   * (`{ 'Home Row Mods': 'hm' }`): their bindings are written with them instead of as comments.
   */
  labels?: Readonly<Record<string, string>> | undefined;
  /** Where the keymap came from, for the header ("the keyboard", a file name). */
  source?: string | undefined;
}

/** Why a ZMK keymap is not written (lib/refusal.ts: `refusals:zmkKeymap.<name>`). */
export const zmkKeymapRefusals = refusalTable('zmkKeymap', {
  noLayers: 'The ZMK keymap has no layers to write.',
  label: '"{{label}}" is not a devicetree label (letters, digits and _, not first a digit).',
});

const INDENT = ' '.repeat(4);

/** A behavior the keymap's bindings use that Keyloom cannot name by itself, and how many bindings use it. */
export interface ZmkUnnamedBehavior {
  id: number;
  displayName: string;
  /** `unknown`: not one of ZMK's own; `uncertain`: named like one of them but not matching it. */
  kind: 'unknown' | 'uncertain';
  count: number;
}

/**
 * The behaviors the writer would keep as comments (in order of first use, layer by layer): the ones a label
 * (`ZmkKeymapOptions.labels`, by display name) lets it write. Positions the selected layout does not have are
 * left out, as the writer leaves them.
 */
export function unnamedBehaviors(snapshot: ZmkKeymapSnapshot): ZmkUnnamedBehavior[] {
  const naming = nameBehaviors(snapshot.behaviors);
  const found = new Map<number, ZmkUnnamedBehavior>();
  for (const layer of snapshot.keymap.layers)
    for (const binding of layer.bindings) {
      const named = naming.get(binding.behaviorId);
      if (!named || named.kind === 'builtIn' || named.kind === 'labelled') continue;
      const entry = found.get(binding.behaviorId) ?? {
        id: binding.behaviorId,
        displayName: named.behavior.displayName,
        kind: named.kind,
        count: 0,
      };
      entry.count++;
      found.set(binding.behaviorId, entry);
    }
  return [...found.values()];
}

/** A devicetree string literal: `"` and `\` escaped, control characters as `\xNN`. */
function dtString(text: string): string {
  const escaped = text.replace(/["\\]/g, (c) => '\\' + c);
  // eslint-disable-next-line no-control-regex -- control characters are what is escaped
  return `"${escaped.replace(/[\u0000-\u001f\u007f]/g, (c) => '\\x' + c.charCodeAt(0).toString(16).padStart(2, '0'))}"`;
}

/** Lower-case letters, digits and `_` from a name ("Keyloom Split 42" → keyloom_split_42), at most `max` long. */
function slug(name: string, max: number): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, max)
    .replace(/_+$/, '');
}

/** The keyboard's exports are named after it: 'Keyloom Split 42' → keyloom_split_42(.keymap, .zmk.json). */
export function zmkFileStem(keyboardName: string): string {
  return slug(keyboardName, 40) || 'zmk';
}

/** Devicetree node names for the layers: `<name>_layer`, `layer_<n>` for a name with no letters, all different. */
function layerNodeNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name, i) => {
    // Node names stay within devicetree's 31 characters, with `_layer` and a number to tell two apart.
    const base = slug(name, 20);
    let node = /^[a-z]/.test(base) ? `${base}_layer` : `layer_${i}`;
    if (used.has(node)) node = `${node}_${i}`;
    used.add(node);
    return node;
  });
}

function header(
  snapshot: ZmkKeymapSnapshot,
  source: string,
  layoutName: string | null,
  notes: ConvertNote[],
): string[] {
  const lines = [
    `${snapshot.keyboardName || 'ZMK keyboard'}: keymap written by Keyloom from ${source} (ZMK Studio).`,
    layoutName === null
      ? 'The keyboard reports no physical layout: keys in keymap order, ten to a line.'
      : `Keys in the order of the physical layout "${layoutName}", one line per row of keys.`,
    "Paste it over your zmk-config's config/<keyboard>.keymap. Layer parameters are layer indexes in this",
    'file; layer names are display-name. A binding Keyloom cannot name is written as &none followed by a',
    'comment holding it: put the label from your own keymap in place of that &none.',
  ];
  if (notes.length > 0) lines.push('', 'Check:', ...notes.map((n) => `- ${noteMessage(n)}`));
  return [
    '/*',
    ...lines.flatMap((l) => wrap(commentText(l), 110)).map((l) => ` *${l ? ' ' + l : ''}`),
    ' */',
  ];
}

/** A line broken at spaces to at most `width` characters (continuation lines indented by two). */
function wrap(line: string, width: number): string[] {
  const out: string[] = [];
  let rest = line;
  while (rest.length > width) {
    const cut = rest.lastIndexOf(' ', width);
    if (cut <= 2) break;
    out.push(rest.slice(0, cut));
    rest = '  ' + rest.slice(cut + 1);
  }
  return [...out, rest];
}

/**
 * A ZMK `.keymap` (devicetree) from a keyboard's keymap as ZMK Studio reports it, ready for a zmk-config: the
 * includes its parameters need, every layer in index order (its name as `display-name`, layer parameters
 * rewritten from layer ids to the written order), the bindings in rows of the selected physical layout, spare
 * layer slots as `status = "reserved"` layers. Behaviors are named as ZMK's own `.dtsi` files name them
 * (zmkBuiltInBehaviors.ts); one Keyloom cannot name is never guessed: `&none` holds its place, the binding is in a
 * comment beside it, and a note lists it. Every note is also in the file's header.
 */
export function writeZmkKeymap(
  unsafeSnapshot: ZmkKeymapSnapshot,
  options: ZmkKeymapOptions = {},
): ConvertResult {
  // Names from the keyboard or a file are written without bidi or control characters (Trojan Source).
  const snapshot = safeZmkSnapshot(unsafeSnapshot);
  const { layers, availableLayers } = snapshot.keymap;
  if (layers.length === 0) return zmkKeymapRefusals.refuse('noLayers');
  const labels = options.labels ?? {};
  const badLabel = Object.values(labels).find((l) => !ZMK_LABEL.test(l));
  if (badLabel !== undefined) return zmkKeymapRefusals.refuse('label', { label: badLabel });

  const { activeIndex, layouts } = snapshot.physicalLayouts;
  const layout = layouts[activeIndex];
  const layoutName = layout?.name ?? null;
  const tally = new ZmkTally();
  const context = {
    naming: nameBehaviors(snapshot.behaviors, labels),
    layerIndex: new Map(layers.map((l, i) => [l.id, i])),
    tally,
  };
  const cells = layers.map((layer) => layer.bindings.map((b) => zmkBindingText(b, context)));
  const lines = zmkKeymapGrid(cells, layout?.keys ?? []);

  const positions = Math.max(...layers.map((l) => l.bindings.length));
  let unmapped = 0;
  for (let p = 0; p < positions; p++)
    if (layers.some(({ bindings }) => bindings[p] && isUnmapped(bindings[p]!, context.naming))) unmapped++;
  const notes: ConvertNote[] = [
    ...tally.notes(),
    ...(unmapped > 0
      ? [{ kind: 'zmkUnmappedPositions', layout: layoutName ?? '', count: unmapped } as const]
      : []),
    ...(layouts.length > 1 ? [{ kind: 'zmkLayoutOrder', layout: layoutName ?? '' } as const] : []),
    { kind: 'zmkNotReported' },
  ];
  const nodes = layerNodeNames(layers.map((l) => l.name));
  const includes = ['behaviors.dtsi', 'dt-bindings/zmk/keys.h', ...[...tally.headers].sort()];
  const out = [
    ...header(snapshot, options.source ?? 'the keyboard', layoutName, notes),
    '',
    ...includes.map((h) => `#include <${h}>`),
    '',
    '/ {',
    `${INDENT}keymap {`,
    `${INDENT.repeat(2)}compatible = "zmk,keymap";`,
  ];
  layers.forEach((layer, i) => {
    out.push('', `${INDENT.repeat(2)}${nodes[i]} {`);
    if (layer.name) out.push(`${INDENT.repeat(3)}display-name = ${dtString(layer.name)};`);
    out.push(`${INDENT.repeat(3)}bindings = <`);
    out.push(...lines[i]!.map((line) => (line ? INDENT.repeat(4) + line : '')));
    out.push(`${INDENT.repeat(3)}>;`, `${INDENT.repeat(2)}};`);
  });
  // Spare slots Studio can add layers into: ZMK's way to keep them is a reserved layer (docs: "Including Extra
  // Layers").
  for (let i = 0; i < availableLayers; i++)
    out.push(
      '',
      `${INDENT.repeat(2)}extra_layer_${i + 1} {`,
      `${INDENT.repeat(3)}status = "reserved";`,
      `${INDENT.repeat(2)}};`,
    );
  out.push(`${INDENT}};`, '};', '');

  const name = `${zmkFileStem(snapshot.keyboardName)}.keymap`;
  return { ok: true, files: [{ name, text: out.join('\n'), type: 'text/plain' }], notes };
}
