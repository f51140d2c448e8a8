import { LoadOnce } from '../lib/LoadOnce.ts';

/**
 * The v2 Lighting pane's builder (definitions/lightingMenu.ts) and the VIA reader's lighting presets it reads:
 * only keyboards with a v2 definition need them, so they load with the first one (its keyboard load waits for
 * them); `lightingMenu.current` is the module once here (lib/LoadOnce.ts).
 */
export const lightingMenu = new LoadOnce(() => import('./lightingMenu.ts'));

/** Legacy lighting value ids each v2 lighting preset uses (via-protocol.md §6.1). */
const LIGHTING_PRESETS: Readonly<Record<string, readonly number[]>> = {
  none: [],
  qmk_backlight: [0x09, 0x0a],
  qmk_rgblight: [0x80, 0x81, 0x82, 0x83],
  qmk_backlight_rgblight: [0x09, 0x0a, 0x80, 0x81, 0x82, 0x83],
  wt_mono_backlight: [0x07, 0x08, 0x09, 0x0a, 0x0b],
  wt_rgb_backlight: [
    0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15,
  ],
};

/** Colours (hue, sat) and indicator row/col pairs take two bytes; everything else one (§1.7). */
const TWO_BYTE_LIGHTING = new Set([0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x17, 0x83]);

export function lightingValueLength(valueId: number): number {
  return TWO_BYTE_LIGHTING.has(valueId) ? 2 : 1;
}

/**
 * The lighting value ids a v2 definition's `lighting` (a preset name, or `{extends, supportedLightingValues}`)
 * reads and writes.
 */
export function lightingValueIds(lighting: unknown): readonly number[] {
  const preset =
    typeof lighting === 'string' ? lighting : ((lighting as { extends?: string } | null)?.extends ?? 'none');
  const supported = (lighting as { supportedLightingValues?: number[] } | null)?.supportedLightingValues;
  return supported ?? LIGHTING_PRESETS[preset] ?? [];
}
