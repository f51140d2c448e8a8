import { blockCommentLine, commentName } from './cText.ts';
import { noteMessage, type ConvertNote } from './convertNotes.ts';
import { formatUsbIds, type KeymapDocument } from './keymapDocument.ts';
import type { QmkInfo, QmkLayout } from './qmkInfo.ts';
import { comboCode, keyOverrideCode, macroCode, type FeatureCode } from './qmkFeatureCode.ts';
import { tapDanceCode } from './qmkTapDanceCode.ts';
import { QmkKeyWriter, type QmkKey } from './qmkKeyText.ts';
import { chooseQmkLayout, type LayoutRequest } from './qmkLayoutChoice.ts';
import { userNameInC, userNameLookup, userNamesAsTextNote } from './userNames.ts';
import type { ConvertResult } from './writtenFile.ts';

type UserNames = ReturnType<typeof userNameLookup>;

export interface KeymapCOptions extends LayoutRequest {
  /** The board's keyboard.json/info.json: keys written with its LAYOUT macro; absent, the matrix form. */
  info?: QmkInfo | null | undefined;
  /** Macros as process_record_user code (default) or left to VIA's dynamic macros. */
  macros?: 'code' | 'via' | undefined;
}

const cell = (k: QmkKey) => (k.comment ? `${k.text} /* ${k.comment} */` : k.text);

/**
 * A keymap.c that compiles in today's QMK with no edits: the layers in matrix form
 * (`keymaps[][MATRIX_ROWS][MATRIX_COLS]`, exact for any board) or with the board's LAYOUT macro, keycodes by
 * QMK's names in today's numbering, encoders as an encoder_map, macros, tap dance, combos and key overrides as
 * QMK feature code; a header saying what came from where, and the rules.mk (and config.h) lines it needs, also
 * as a `rules.mk` file. What cannot be carried is listed in `notes` and in the header.
 */
export function writeKeymapC(doc: KeymapDocument, options: KeymapCOptions = {}): ConvertResult {
  const keys = new QmkKeyWriter(doc.protocol);
  const notes: ConvertNote[] = [];
  let layout: QmkLayout | null = null;
  if (options.info) {
    const chosen = chooseQmkLayout(doc, options.info, options);
    if (!chosen.ok) return chosen;
    layout = chosen.layout;
    notes.push(...chosen.notes);
  }
  const own = userNameLookup(doc);
  const layers = doc.layers.map((layer, l) => layerCode(doc, layer, l, layout, keys, own));
  const encoders = encoderCode(doc, keys, own);
  const features: FeatureCode[] = [
    macroCode(doc, keys, options.macros ?? 'code'),
    tapDanceCode(doc, keys, options.macros ?? 'code'),
    comboCode(doc, keys),
    keyOverrideCode(doc, keys),
  ];
  if (encoders) features.unshift(encoders);
  notes.push(...userNamesAsTextNote(doc, 'keymap.c'), ...keys.notes(), ...features.flatMap((f) => f.notes));
  const settings = Object.keys(doc.vial?.settings ?? {}).length;
  if (settings > 0)
    notes.push({ kind: 'notInFormat', feature: 'settings', count: settings, format: 'keymap.c' });
  const rules = [...new Set(features.flatMap((f) => f.rules))];
  const config = [...new Set(features.flatMap((f) => f.config))];
  if (config.length > 0) notes.push({ kind: 'configLines', lines: config });

  const text = [
    ...header(doc, keys, layout, features, rules, config, notes),
    '#include QMK_KEYBOARD_H',
    '',
    '// clang-format off',
    'const uint16_t PROGMEM keymaps[][MATRIX_ROWS][MATRIX_COLS] = {',
    ...layers.flat(),
    '};',
    '// clang-format on',
    ...features.flatMap((f) => (f.code.length > 0 ? ['', ...f.code] : [])),
    '',
  ].join('\n');
  const rulesText = rules.length > 0 ? rules.join('\n') + '\n' : '# No features beyond the keymap.\n';
  return {
    ok: true,
    files: [
      { name: 'keymap.c', text, type: 'text/x-c' },
      { name: 'rules.mk', text: rulesText, type: 'text/plain' },
    ],
    notes,
  };
}

function layerTitle(doc: KeymapDocument, l: number): string {
  const name = doc.layerNames?.[l];
  return name ? `Layer ${l}: ${commentName(name)}` : `Layer ${l}`;
}

function layerCode(
  doc: KeymapDocument,
  layer: readonly number[],
  l: number,
  layout: QmkLayout | null,
  keys: QmkKeyWriter,
  own: UserNames,
): string[] {
  const { rows, cols } = doc.keyboard;
  // A name of the user's own code is written as they wrote it (ANY() taken off): their code defines it.
  const at = (row: number, col: number) => {
    const text = own.key(l, row * cols + col);
    return text === undefined ? cell(keys.key(layer[row * cols + col] ?? 0)) : userNameInC(text);
  };
  if (!layout) {
    const grid = Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => at(r, c)));
    const widths = Array.from({ length: cols }, (_, c) => Math.max(...grid.map((row) => row[c]!.length)));
    return [
      `    [${l}] = { // ${layerTitle(doc, l)}`,
      ...grid.map(
        (row) =>
          `        {${row.map((t, c) => (c < cols - 1 ? (t + ',').padEnd(widths[c]! + 2) : t)).join('')}},`,
      ),
      '    },',
    ];
  }
  // One source line per drawn row of the layout (its keys' y), as QMK's own keymaps are laid out.
  const lines: string[][] = [];
  let lastY: number | null = null;
  for (const k of layout.keys) {
    const y = Math.floor(k.y);
    if (lastY === null || y !== lastY) lines.push([]);
    lastY = y;
    lines[lines.length - 1]!.push(at(k.row, k.col));
  }
  return [
    `    [${l}] = ${layout.name}( // ${layerTitle(doc, l)}`,
    ...lines.map((line, i) => `        ${line.join(', ')}${i < lines.length - 1 ? ',' : ''}`),
    '    ),',
  ];
}

/** encoder_map: every layer (QMK checks it has as many as the keymap), [counter-clockwise, clockwise]. */
function encoderCode(doc: KeymapDocument, keys: QmkKeyWriter, own: UserNames): FeatureCode | null {
  const count = doc.encoders[0]?.length ?? 0;
  if (count === 0) return null;
  const rows = doc.layers.map((_, l) => {
    const pairs = Array.from({ length: count }, (_, e) => {
      const [cw, ccw] = doc.encoders[l]?.[e] ?? [0, 0];
      const text = (code: number, clockwise: boolean) => {
        const mine = own.encoder(l, e, clockwise);
        return mine === undefined ? keys.text(code) : userNameInC(mine);
      };
      return `ENCODER_CCW_CW(${text(ccw, false)}, ${text(cw, true)})`;
    });
    return `    [${l}] = {${pairs.join(', ')}},`;
  });
  return {
    code: [
      '#if defined(ENCODER_MAP_ENABLE)',
      'const uint16_t PROGMEM encoder_map[][NUM_ENCODERS][NUM_DIRECTIONS] = {',
      ...rows,
      '};',
      '#endif',
    ],
    rules: ['ENCODER_ENABLE = yes', 'ENCODER_MAP_ENABLE = yes'],
    config: [],
    notes: [],
    summary: `${count} encoder(s) as an encoder_map`,
  };
}

function header(
  doc: KeymapDocument,
  keys: QmkKeyWriter,
  layout: QmkLayout | null,
  features: FeatureCode[],
  rules: string[],
  config: string[],
  notes: ConvertNote[],
): string[] {
  const ids =
    doc.keyboard.vendorProductId === null ? '' : ` (USB ${formatUsbIds(doc.keyboard.vendorProductId)})`;
  const lines = [
    `keymap.c for ${doc.keyboard.name}${ids}, written by Keyloom from ${doc.source}.`,
    '',
    keys.converts
      ? `Keycodes: QMK's names in today's numbering, converted by name from VIA protocol ${doc.protocol}'s numbering.`
      : "Keycodes: QMK's names in today's numbering (the keyboard's own).",
    layout
      ? `Keys: ${layout.name} from the keyboard.json/info.json you gave (matrix positions mapped through it).`
      : `Keys: matrix form, keymaps[][MATRIX_ROWS][MATRIX_COLS] (${doc.keyboard.rows}×${doc.keyboard.cols}), every matrix position.`,
    `Layers: ${doc.layers.length}.`,
    ...features.flatMap((f) => (f.summary ? [f.summary + '.'] : [])),
    '',
    'rules.mk:',
    ...(rules.length > 0 ? rules.map((r) => '    ' + r) : ['    (nothing beyond the keymap)']),
    ...(config.length > 0 ? ['config.h:', ...config.map((c) => '    ' + c)] : []),
  ];
  const lost = notes.filter((n) => n.kind !== 'layoutChosen' && n.kind !== 'configLines');
  if (lost.length > 0)
    lines.push('', 'Not carried, or carried differently:', ...lost.map((n) => '  - ' + noteMessage(n)));
  return ['/*', ...lines.map((l) => (l ? ` * ${blockCommentLine(l)}` : ' *')), ' */', ''];
}
