import { jsonTextProblem } from '../definitions/definitionText.ts';
import { z } from '../formats/zod.ts';
import { DOCUMENT_LIMITS } from './keymapDocument.ts';
import { byteCount } from '../lib/messageTemplate.ts';
import { refusalTable, type RefusalTable, type Refused } from '../lib/refusal.ts';

/**
 * QMK's keyboard.json / info.json (data-driven keyboard description), read for what a keymap needs: each
 * `LAYOUT…` macro as the matrix positions of its arguments in order (`layouts.NAME.layout[i].matrix = [row,
 * col]`), the aliases (`layout_aliases`), the matrix size, the USB ids and the encoder count. Other fields are
 * ignored. Facts of the format: docs/keymap-formats.md.
 */

/**
 * How large a keyboard.json / info.json (and a keymap.json, `qmkKeymapJsonReader.ts`) is read, checked before
 * parsing (issue 33: 200,000 layout keys took seconds to refuse): QMK's largest are ~100 kB with a dozen LAYOUT
 * macros and nest 6 deep.
 */
export const QMK_FILE_LIMITS = { bytes: 1_000_000, depth: 32, layouts: 256, aliases: 256 } as const;

/**
 * A QMK JSON file's text parsed, once its size and nesting are within QMK_FILE_LIMITS (checked before parsing);
 * else the reader's own refusal: `tooLarge`, `tooDeep` or `json` of its table (keyboard.json/info.json and
 * keymap.json name the three alike).
 */
export function readQmkJson(
  text: string,
  { refuse }: RefusalTable<'json' | 'tooLarge' | 'tooDeep'>,
): { ok: true; json: unknown } | Refused {
  const problem = jsonTextProblem(text, QMK_FILE_LIMITS.bytes, QMK_FILE_LIMITS.depth);
  if (problem?.subject === 'depth') return refuse('tooDeep', { depth: QMK_FILE_LIMITS.depth });
  if (problem)
    return refuse('tooLarge', { size: byteCount(problem.count), max: byteCount(QMK_FILE_LIMITS.bytes) });
  try {
    return { ok: true, json: JSON.parse(text) };
  } catch {
    return refuse('json');
  }
}

const position = z.tuple([
  z
    .number()
    .int()
    .min(0)
    .max(DOCUMENT_LIMITS.rows - 1),
  z
    .number()
    .int()
    .min(0)
    .max(DOCUMENT_LIMITS.cols - 1),
]);
const layoutKey = z.object({
  matrix: position,
  x: z.number().optional(),
  y: z.number().optional(),
  label: z.string().optional(),
});
const hexId = z.string().regex(/^0x[0-9a-f]{1,4}$/i);

const QmkInfoSchema = z.object({
  keyboard_name: z.string().optional(),
  manufacturer: z.string().optional(),
  usb: z.object({ vid: hexId.optional(), pid: hexId.optional() }).optional(),
  matrix_size: z
    .object({
      rows: z.number().int().min(1).max(DOCUMENT_LIMITS.rows),
      cols: z.number().int().min(1).max(DOCUMENT_LIMITS.cols),
    })
    .optional(),
  layouts: z.record(
    z.string().regex(/^LAYOUT\w*$/),
    z.object({ layout: z.array(layoutKey).min(1).max(DOCUMENT_LIMITS.keys) }),
  ),
  layout_aliases: z.record(z.string(), z.string()).optional(),
  encoder: z.object({ rotary: z.array(z.unknown()).optional() }).optional(),
});

export interface QmkLayout {
  name: string;
  /** The macro's arguments in order: matrix position and, when given, the drawing row (y). */
  keys: { row: number; col: number; y: number; label?: string | undefined }[];
}

export interface QmkInfo {
  name: string;
  /** `(vid << 16) | pid` when the file says both. */
  vendorProductId: number | null;
  matrix: { rows: number; cols: number } | null;
  layouts: QmkLayout[];
  /** Alias → layout name (`LAYOUT` → `LAYOUT_ansi`). */
  aliases: Record<string, string>;
  /** Rotary encoders the file declares (null: it does not say). */
  encoderCount: number | null;
}

/** Why a keyboard.json/info.json is refused (lib/refusal.ts): the page shows `refusals:qmkInfo.<name>`. */
export const qmkInfoRefusals = refusalTable('qmkInfo', {
  json: 'Could not read the keyboard.json/info.json: it is not JSON.',
  tooLarge:
    'Could not read the keyboard.json/info.json: it is {{size}} bytes; Keyloom reads QMK files of at most {{max}}.',
  tooDeep: 'Could not read the keyboard.json/info.json: it nests lists and objects more than {{depth}} deep.',
  tooMany: 'Could not read the keyboard.json/info.json: {{where}} has more than {{limit}} entries.',
  shape:
    'Could not read the keyboard.json/info.json: {{where}} is missing or has the wrong form (it needs "layouts" with matrix positions).',
  position:
    "The keyboard.json/info.json's {{layout}} uses matrix position [{{row}}, {{col}}], outside the keyboard's {{rows}}×{{cols}} matrix: it is for another keyboard.",
  unknownLayout: 'The keyboard.json/info.json has no {{layout}} (it has {{known}}).',
  matrix:
    'The keyboard.json/info.json describes a {{info}} matrix, the keymap a {{keymap}} one: it is for another keyboard.',
});

/** Reads a keyboard.json / info.json; one clear line when it is not one. */
export function readQmkInfo(text: string): { ok: true; info: QmkInfo } | Refused {
  const { refuse } = qmkInfoRefusals;
  const read = readQmkJson(text, qmkInfoRefusals);
  if (!read.ok) return read;
  const json = read.json;
  // Records have no length for the schema to bound: counted before it reads each entry.
  for (const field of ['layouts', 'layout_aliases'] as const) {
    const record = (json as Record<string, unknown> | null)?.[field];
    const limit = field === 'layouts' ? QMK_FILE_LIMITS.layouts : QMK_FILE_LIMITS.aliases;
    if (typeof record === 'object' && record !== null && Object.keys(record).length > limit)
      return refuse('tooMany', { where: field, limit });
  }
  const parsed = QmkInfoSchema.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') || 'layouts';
    return refuse('shape', { where });
  }
  const data = parsed.data;
  const vid = data.usb?.vid;
  const pid = data.usb?.pid;
  return {
    ok: true,
    info: {
      name: data.keyboard_name ?? 'keyboard',
      vendorProductId: vid && pid ? ((parseInt(vid, 16) << 16) | parseInt(pid, 16)) >>> 0 : null,
      matrix: data.matrix_size ?? null,
      layouts: Object.entries(data.layouts).map(([name, { layout }]) => ({
        name,
        keys: layout.map((k) => ({ row: k.matrix[0], col: k.matrix[1], y: k.y ?? 0, label: k.label })),
      })),
      aliases: data.layout_aliases ?? {},
      encoderCount: data.encoder?.rotary?.length ?? null,
    },
  };
}

/** A layout by name or alias; null when the file has neither. */
export function findLayout(info: QmkInfo, name: string): QmkLayout | null {
  const target = info.aliases[name] ?? name;
  return info.layouts.find((l) => l.name === target) ?? null;
}

/** Every position of every layout lies inside the keyboard's matrix; else the refusal naming the first that does not. */
export function checkInfoFits(info: QmkInfo, rows: number, cols: number): Refused | null {
  for (const layout of info.layouts)
    for (const k of layout.keys)
      if (k.row >= rows || k.col >= cols)
        return qmkInfoRefusals.refuse('position', {
          layout: layout.name,
          row: k.row,
          col: k.col,
          rows,
          cols,
        });
  return null;
}

/**
 * The LAYOUT macro that fits the keys the user has (matrix indexes `row × cols + col` of the keys in their
 * chosen layout options): the one covering most of them, then the one with fewest keys beyond them, then the
 * one QMK's `LAYOUT` alias names, then file order.
 */
export function bestLayout(info: QmkInfo, used: ReadonlySet<number>, cols: number): QmkLayout {
  const preferred = info.aliases['LAYOUT'];
  const score = (l: QmkLayout) => {
    const positions = new Set(l.keys.map((k) => k.row * cols + k.col));
    let covered = 0;
    for (const p of used) if (positions.has(p)) covered++;
    return { covered, extra: positions.size - covered, preferred: l.name === preferred ? 1 : 0 };
  };
  let best = info.layouts[0]!;
  let bestScore = score(best);
  for (const layout of info.layouts.slice(1)) {
    const s = score(layout);
    if (
      s.covered > bestScore.covered ||
      (s.covered === bestScore.covered && s.extra < bestScore.extra) ||
      (s.covered === bestScore.covered && s.extra === bestScore.extra && s.preferred > bestScore.preferred)
    ) {
      best = layout;
      bestScore = s;
    }
  }
  return best;
}
