import { safeName } from '../lib/safeName.ts';
import type { VialFeatures } from '../vial/entries.ts';

/**
 * A keymap between formats: what a keyboard holds (or a file describes), in numbers, with where it came from.
 * Every reader produces one and every writer takes one (convert.ts), so the app's Export and `keyloom convert`
 * run the same code. Keycodes are in the numbering of `protocol` (a VIA protocol: ≤ 10 legacy, 11, ≥ 12 QMK's
 * today); writers for another numbering carry them by name (keycodes/numbering.ts), never by number.
 */
export interface KeymapDocument {
  keyboard: KeyboardFacts;
  /** The VIA protocol whose keycode numbering `layers`, `encoders` and `vial` use. */
  protocol: number;
  /** The VIA protocol whose names and macro format `macros` use (a Vial board's macros read as protocol 11). */
  macroProtocol: number;
  /** [layer][row × cols + col]. */
  layers: number[][];
  /** [layer][encoder] = [clockwise, counter-clockwise] (as the device store keeps them); [] without encoders. */
  encoders: [number, number][][];
  /** Macro scripts (`{KC_A}` taps, `{+KC_A}`/`{-KC_A}`, `{100}` delays, text; src/macros), in `macroProtocol`. */
  macros: string[];
  /** A Vial board's tap dance, combos, key overrides and QMK settings; absent on other boards. */
  vial?: VialFeatures | undefined;
  /** The user's layer names by layer ('' unnamed). */
  layerNames?: string[] | undefined;
  /** Packed VIA layout options (definitions' `layouts.labels`), when known. */
  layoutOptions?: number | null | undefined;
  /** Where it came from, in words for headers ("the keyboard", "file.layout.json"). */
  source: string;
}

export interface KeyboardFacts {
  name: string;
  /** VIA's vendor/product id ((vid << 16) | pid); null when the source does not say (a .vil, a keymap.json). */
  vendorProductId: number | null;
  rows: number;
  cols: number;
  /** A Vial board's protocol and UID (hex), for a .vil. */
  vial?: { protocol: number; uid: string } | undefined;
  /** The VIA protocol the board reports (a .vil records it; a Vial board reports 9 whatever its numbering). */
  viaProtocol?: number | undefined;
}

/** The most keys, layers and encoders a document may hold: bounds for everything read from outside. */
export const DOCUMENT_LIMITS = {
  rows: 64,
  cols: 64,
  keys: 1024,
  layers: 32,
  encoders: 32,
  macros: 256,
} as const;

/** `0x4B4C0001` → `0x4B4C:0x0001` (vendor and product id as VIA writes them). */
export function formatUsbIds(vendorProductId: number): string {
  const hex = (n: number) => '0x' + n.toString(16).toUpperCase().padStart(4, '0');
  return `${hex(vendorProductId >>> 16)}:${hex(vendorProductId & 0xffff)}`;
}

/** Matrix row and column of a key index. */
export function matrixOf(doc: Pick<KeymapDocument, 'keyboard'>, index: number): { row: number; col: number } {
  return { row: Math.floor(index / doc.keyboard.cols), col: index % doc.keyboard.cols };
}

/**
 * The document with its names through `safeName` (lib/safeName.ts): the keyboard's name and the layer names,
 * which come from devices, files and links, are written into every format without bidi or control characters.
 */
export function safeDocument(doc: KeymapDocument): KeymapDocument {
  return {
    ...doc,
    keyboard: { ...doc.keyboard, name: safeName(doc.keyboard.name) },
    ...(doc.layerNames ? { layerNames: doc.layerNames.map(safeName) } : {}),
  };
}
