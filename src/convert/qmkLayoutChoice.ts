import type { Refused } from '../lib/refusal.ts';
import type { ConvertNote } from './convertNotes.ts';
import { formatUsbIds, type KeymapDocument } from './keymapDocument.ts';
import {
  bestLayout,
  checkInfoFits,
  findLayout,
  qmkInfoRefusals,
  type QmkInfo,
  type QmkLayout,
} from './qmkInfo.ts';

/** Which LAYOUT macro to write a keymap with, asked by name or chosen by the keys in use. */
export interface LayoutRequest {
  /** A layout or alias of the keyboard.json/info.json; absent: the best fit (`bestLayout`). */
  layoutName?: string | undefined;
  /** Matrix indexes of the keys in the user's layout options (the VIA definition); absent: keys holding anything. */
  used?: ReadonlySet<number> | undefined;
}

/** Matrix indexes holding anything but KC_NO on some layer. */
export function nonEmptyPositions(doc: KeymapDocument): Set<number> {
  const used = new Set<number>();
  for (const layer of doc.layers) layer.forEach((code, i) => code !== 0 && used.add(i));
  return used;
}

/**
 * Checks a keyboard.json/info.json against the keymap (matrix size, positions, USB ids) and picks its LAYOUT
 * macro; keys the macro has no argument for are named in an `outsideLayout` note (they cannot be written with
 * it; the matrix form can).
 */
export function chooseQmkLayout(
  doc: KeymapDocument,
  info: QmkInfo,
  request: LayoutRequest,
): { ok: true; layout: QmkLayout; notes: ConvertNote[] } | Refused {
  const { rows, cols } = doc.keyboard;
  if (info.matrix && (info.matrix.rows !== rows || info.matrix.cols !== cols))
    return qmkInfoRefusals.refuse('matrix', {
      info: `${info.matrix.rows}×${info.matrix.cols}`,
      keymap: `${rows}×${cols}`,
    });
  const misfit = checkInfoFits(info, rows, cols);
  if (misfit) return misfit;
  const layout = request.layoutName
    ? findLayout(info, request.layoutName)
    : bestLayout(info, request.used ?? nonEmptyPositions(doc), cols);
  if (!layout)
    return qmkInfoRefusals.refuse('unknownLayout', {
      layout: request.layoutName!,
      known: info.layouts.map((l) => l.name).join(', '),
    });
  const notes: ConvertNote[] = [
    {
      kind: 'layoutChosen',
      layout: layout.name,
      others: info.layouts.filter((l) => l !== layout).map((l) => l.name),
    },
  ];
  if (
    info.vendorProductId !== null &&
    doc.keyboard.vendorProductId !== null &&
    info.vendorProductId !== doc.keyboard.vendorProductId
  )
    notes.push({
      kind: 'usbIdsDiffer',
      info: formatUsbIds(info.vendorProductId),
      board: formatUsbIds(doc.keyboard.vendorProductId),
    });
  const inLayout = new Set(layout.keys.map((k) => k.row * cols + k.col));
  const outside: string[] = [];
  let count = 0;
  for (const index of nonEmptyPositions(doc)) {
    if (inLayout.has(index)) continue;
    count += doc.layers.filter((layer) => (layer[index] ?? 0) !== 0).length;
    outside.push(`[${Math.floor(index / cols)}, ${index % cols}]`);
  }
  if (count > 0)
    notes.push({ kind: 'outsideLayout', layout: layout.name, count, positions: outside.slice(0, 8) });
  return { ok: true, layout, notes };
}

/** Matrix indexes of a VIA definition's keys under the chosen layout options (decals and keys off the matrix left out). */
export function definitionPositions(
  keys: readonly { row: number; col: number; d?: boolean | undefined }[],
  cols: number,
): Set<number> {
  return new Set(keys.filter((k) => !k.d && k.row >= 0 && k.col >= 0).map((k) => k.row * cols + k.col));
}
