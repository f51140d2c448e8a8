/**
 * Planning a printed keymap: which layers are worth a sheet, and how many fit on a page. Pure; the print view
 * (ui/configure/saveLoad/PrintKeymap.tsx) draws what this decides.
 */

const KC_NO = 0x0000;
const KC_TRNS = 0x0001;

const isBlank = (code: number) => code === KC_NO || code === KC_TRNS;

/**
 * The layers that hold anything: a layer whose keys (matrix positions `used`, all when omitted) and encoder
 * entries are all KC_TRNS or KC_NO is left out. Layer 0 counts like any other.
 */
export function printableLayers(
  keymap: readonly (readonly number[])[],
  encoders: readonly (readonly (readonly [number, number])[])[] = [],
  used?: readonly number[],
): number[] {
  return keymap.flatMap((codes, layer) => {
    const keys = used ? used.map((i) => codes[i] ?? KC_NO) : codes;
    const knobs = (encoders[layer] ?? []).flat();
    return keys.every(isBlank) && knobs.every(isBlank) ? [] : [layer];
  });
}

/** Printable area of the smaller of A4 (210×297 mm) and US Letter (216×279 mm) with 12 mm margins, in mm. */
export const PRINT_AREA_MM = { width: 186, height: 255 } as const;
/** Room a layer needs besides its drawing: heading, encoder summary and spacing, in mm. */
export const LAYER_EXTRA_MM = 34;

/**
 * Layers per page: two when two drawings at full page width (plus their headings and summaries) fit the
 * printable height of both A4 and Letter, else one. `width`/`height` are the drawing's size in any one unit.
 */
export function layersPerPage(width: number, height: number): 1 | 2 {
  if (width <= 0 || height <= 0) return 1;
  const drawn = (PRINT_AREA_MM.width * height) / width;
  return 2 * (drawn + LAYER_EXTRA_MM) <= PRINT_AREA_MM.height ? 2 : 1;
}

/** Splits layers into pages of `perPage`, keeping their order. */
export function paginate<T>(items: readonly T[], perPage: number): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += perPage) pages.push(items.slice(i, i + perPage));
  return pages;
}
