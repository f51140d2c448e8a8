import { ZmkError } from './errors.ts';

/**
 * The most of each thing a ZMK keyboard can report, checked before Keyloom allocates or loops over what it
 * reported. Each bound and its source is in docs/zmk-studio-protocol.md "Limits": ZMK's own types where they
 * bound it (a layer is one bit of a 32-bit state; a physical layout index is a uint8_t; a serial number is at
 * most 32 bytes), otherwise a bound far above any keyboard's that keeps the largest reply a few megabytes.
 * The .zmk.json reader (convert/zmkSnapshot.ts) uses the same numbers.
 */
export const ZMK_LIMITS = {
  /** `zmk_keymap_layers_state_t` is a uint32_t: one bit per layer (app/include/zmk/keymap.h). */
  layers: 32,
  /** Keymap positions per layer: ZMK's bindings live in RAM, 32 × 1024 of them fill the largest SoC's. */
  positions: 1024,
  /** Behaviors listed (each costs one details request on load); a stock build has about 40. */
  behaviors: 512,
  /** Parameter sets of one behavior, and descriptions per parameter in one set. */
  sets: 64,
  values: 256,
  /**
   * Descriptions of one behavior in all its sets, and of every behavior together: the largest stock behaviors
   * (&bt, &rgb_ug) describe a few dozen, so 512 behaviors at the per-set bounds (8 million) never load.
   */
  behaviorValues: 1024,
  allBehaviorValues: 16_384,
  /** Physical layouts: selected by a uint8_t index (`zmk_physical_layouts_select`). */
  layouts: 256,
  /** Any name's length in UTF-8 bytes (device, layer, behavior, parameter, layout); Bluetooth allows 248. */
  text: 256,
  /** `CONFIG_ZMK_KEYMAP_LAYER_NAME_MAX_LEN` (default 20): a name buffer per layer. */
  layerNameLength: 256,
  /** A key's size, place or rotation, as a magnitude (centi-units): `int16_t` fields of `zmk_key_physical_attrs`. */
  coordinate: 32768,
  /** The chip's hardware id: `id_buffer[32]` (app/src/studio/core_subsystem.c). */
  serialNumber: 32,
} as const;

export type ZmkLimitName = keyof typeof ZMK_LIMITS;

/**
 * The longest frame payload Keyloom accepts (bytes after unescaping): the largest reply within ZMK_LIMITS is
 * the physical layouts' (at most ~2.6 MB with every coordinate a negative int32), so 4 MiB; a longer frame is
 * dropped as it arrives and its request fails 'replyTooLarge'.
 */
export const ZMK_MAX_FRAME_BYTES = 4 * 1024 * 1024;

/** Throws 'overLimit' naming what the keyboard reported, the value and the limit, when `value` exceeds it. */
export function checkLimit(what: ZmkLimitName, value: number, request: string): void {
  const limit = ZMK_LIMITS[what];
  if (value > limit)
    throw new ZmkError('overLimit', request, `${what} ${value}, limit ${limit}`, { what, value, limit });
}

const encoder = new TextEncoder();

/** Throws 'overLimit' for a name longer than ZMK_LIMITS.text (or `limit`) in UTF-8 bytes. */
export function checkText(text: string, request: string, what: ZmkLimitName = 'text'): void {
  const limit = ZMK_LIMITS[what];
  // A UTF-16 unit is at most 3 UTF-8 bytes: most names are decided without encoding them.
  if (text.length <= limit / 3) return;
  const bytes = text.length > limit ? text.length : encoder.encode(text).length;
  if (bytes > limit)
    throw new ZmkError('overLimit', request, `${what} ${bytes}, limit ${limit}`, {
      what,
      value: bytes,
      limit,
    });
}
