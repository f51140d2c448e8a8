/**
 * Turns a Vial keyboard's own definition (vial.json, read from the firmware) into the VIA v2 source form the
 * definition compiler accepts (docs/vial-protocol.md "The definition in the firmware"). What differs:
 * - encoders: Vial draws each as two keys (label 0 "index,direction", label 4 "e"); VIA as one key with label 4
 *   "e<index>" and, for a press, label 0 "row,col". The first key of an encoder becomes VIA's encoder key (no
 *   press: Vial boards map the press as an ordinary key), the second a decal, so nothing after it moves;
 * - keys vial-gui ignores (no "row,col" in label 0) become decals;
 * - the USB ids are the board's (most vial.json files carry ids too, some none, some stale); `lighting` 'vialrgb'
 *   (not a VIA preset: VialRGB is not supported) and a missing one become 'none'; everything VIA's schemas do not
 *   know (`vial`, …) is left out;
 * - a vial.json with VIA v3 `menus` (a few boards have them) becomes a v3 source (menus, keycodes), any other a
 *   v2 one (lighting presets).
 */

// KLE legend lines → label indices, per alignment `a` (KLE's table; VIA's reader uses the same one).
const ALIGNMENTS: readonly (readonly number[])[] = [
  [0, 6, 2, 8, 9, 11, 3, 5, 1, 4, 7, 10],
  [1, 7, -1, -1, 9, 11, 4, -1, -1, -1, -1, 10],
  [3, -1, 5, -1, 9, 11, -1, -1, 4, -1, -1, 10],
  [4, -1, -1, -1, 9, 11, -1, -1, -1, -1, -1, 10],
  [0, 6, 2, 8, 10, -1, 3, 5, 1, 4, 7, -1],
  [1, 7, -1, -1, 10, -1, 4, -1, -1, -1, -1, -1],
  [3, -1, 5, -1, 10, -1, -1, -1, 4, -1, -1, -1],
  [4, -1, -1, -1, 10, -1, -1, -1, -1, -1, -1, -1],
];
/** KLE's default alignment (kle-serial, which vial-gui reads with). */
const DEFAULT_ALIGNMENT = 4;

export type VialConversion =
  { ok: true; value: Record<string, unknown>; version: 'v2' | 'v3' } | { ok: false; message: string };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const hex4 = (n: number) => `0x${n.toString(16).toUpperCase().padStart(4, '0')}`;

/** Labels of a KLE legend by index, read with alignment `a`. */
function labelsOf(legend: string, a: number): string[] {
  const map = ALIGNMENTS[a] ?? ALIGNMENTS[DEFAULT_ALIGNMENT]!;
  const labels: string[] = [];
  legend.split('\n').forEach((text, line) => {
    const index = map[line];
    if (index !== undefined && index >= 0) labels[index] = text.trim();
  });
  return labels;
}

/** A legend holding `labels` (index → text) at alignment `a`; null when `a` has no line for one of them. */
function legendOf(labels: Record<number, string>, a: number): string | null {
  const map = ALIGNMENTS[a] ?? ALIGNMENTS[DEFAULT_ALIGNMENT]!;
  const lines: string[] = [];
  for (const [index, text] of Object.entries(labels)) {
    const line = map.indexOf(Number(index));
    if (line < 0) return null;
    lines[line] = text;
  }
  return Array.from(lines, (t) => t ?? '').join('\n');
}

/** Rewrites a Vial KLE keymap into VIA's: encoders as one `e<index>` key each, ignored keys as decals. */
function convertKeymap(keymap: unknown[]): { ok: true; keymap: unknown[] } | { ok: false; message: string } {
  let a = DEFAULT_ALIGNMENT;
  const encodersSeen = new Set<number>();
  const rows: unknown[] = [];
  for (const [r, row] of keymap.entries()) {
    if (!Array.isArray(row)) {
      rows.push(row); // KLE's keyboard metadata object
      continue;
    }
    const out: unknown[] = [];
    let decal = false;
    for (const item of row) {
      if (isObject(item)) {
        if (typeof item.a === 'number') a = item.a;
        decal = item.d === true;
        out.push(item);
        continue;
      }
      if (typeof item !== 'string') return { ok: false, message: `layouts.keymap row ${r}: not a KLE key` };
      const labels = labelsOf(item, a);
      const wasDecal = decal;
      decal = false;
      if (wasDecal) {
        out.push(item);
        continue;
      }
      if (labels[4] === 'e') {
        const match = /^(\d+)\s*,\s*([01])$/.exec(labels[0] ?? '');
        if (!match)
          return {
            ok: false,
            message: `layouts.keymap row ${r}: encoder key '${item}' needs "index,direction"`,
          };
        const index = Number(match[1]);
        if (encodersSeen.has(index)) {
          out.push({ d: true }, item);
          continue;
        }
        encodersSeen.add(index);
        const wanted: Record<number, string> = { 4: `e${index}` };
        if (labels[8]) wanted[8] = labels[8];
        const legend = legendOf(wanted, a);
        if (legend === null)
          return { ok: false, message: `layouts.keymap row ${r}: alignment ${a} cannot hold an encoder` };
        out.push(legend);
        continue;
      }
      if (!/^\d+\s*,\s*\d+$/.test(labels[0] ?? '')) {
        out.push({ d: true }, item);
        continue;
      }
      out.push(item);
    }
    rows.push(out);
  }
  return { ok: true, keymap: rows };
}

/**
 * The VIA source definition (v2, or v3 with menus) for a Vial keyboard whose firmware sent `json`, with the USB ids it enumerated
 * with; a message saying what is wrong when `json` is not a Vial definition.
 */
export function vialToViaSource(
  json: unknown,
  ids: { vendorId: number; productId: number; productName: string },
): VialConversion {
  if (!isObject(json)) return { ok: false, message: 'not a JSON object' };
  const { matrix, layouts } = json;
  if (!isObject(matrix) || !Number.isInteger(matrix.rows) || !Number.isInteger(matrix.cols))
    return { ok: false, message: 'matrix: needs whole numbers rows and cols' };
  if (!isObject(layouts) || !Array.isArray(layouts.keymap))
    return { ok: false, message: 'layouts.keymap: missing or not a KLE array' };
  const keymap = convertKeymap(layouts.keymap);
  if (!keymap.ok) return keymap;
  const common = {
    name: typeof json.name === 'string' && json.name.trim() ? json.name : ids.productName || 'Vial keyboard',
    vendorId: hex4(ids.vendorId),
    productId: hex4(ids.productId),
    matrix: { rows: matrix.rows, cols: matrix.cols },
    layouts: {
      keymap: keymap.keymap,
      ...(layouts.labels !== undefined ? { labels: layouts.labels } : {}),
    },
    ...(json.customKeycodes !== undefined ? { customKeycodes: json.customKeycodes } : {}),
  };
  if (Array.isArray(json.menus))
    return {
      ok: true,
      version: 'v3',
      value: {
        ...common,
        menus: json.menus,
        ...(json.keycodes !== undefined ? { keycodes: json.keycodes } : {}),
      },
    };
  return { ok: true, version: 'v2', value: { ...common, lighting: lightingOf(json.lighting) } };
}

const PRESETS = ['qmk_backlight', 'qmk_rgblight', 'qmk_backlight_rgblight', 'none'];

/** A VIA v2 lighting value: a preset name, or VIA's `{extends, …}` object, as the file has it; else 'none'. */
function lightingOf(lighting: unknown): unknown {
  if (typeof lighting === 'string') return PRESETS.includes(lighting) ? lighting : 'none';
  if (isObject(lighting) && typeof lighting.extends === 'string') return lighting;
  return 'none';
}
