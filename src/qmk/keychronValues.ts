/**
 * The values of Keychron's settings as its firmware numbers them (docs/keychron-protocol.md, at the commit named
 * there): debounce types and times, Snap Click types, report-rate dividers, NKRO bits, OS indicator bits, and the
 * RGB-matrix modes by number. The panes show these and check what the user sets against them; the requests
 * (protocol/keychron/) and the virtual boards use the same numbers.
 */

// Debounce (0xA7 0x05/0x06)
/** Debounce type: symmetric defer, global. */
export const KC_DEBOUNCE_SYM_DEFER_GLOBAL = 0;
/** Debounce type: symmetric defer, per row. */
export const KC_DEBOUNCE_SYM_DEFER_PER_ROW = 1;
/** Debounce type: symmetric defer, per key. */
export const KC_DEBOUNCE_SYM_DEFER_PER_KEY = 2;
/** Debounce type: symmetric eager, per row. */
export const KC_DEBOUNCE_SYM_EAGER_PER_ROW = 3;
/** Debounce type: symmetric eager, per key (the default type). */
export const KC_DEBOUNCE_SYM_EAGER_PER_KEY = 4;
/** Debounce type: asymmetric eager-defer, per key (its time is capped at KC_DEBOUNCE_ASYM_MAX_MS). */
export const KC_DEBOUNCE_ASYM_EAGER_DEFER_PER_KEY = 5;
/** Debounce type: none. */
export const KC_DEBOUNCE_NONE = 6;
/** Number of debounce types; a set with type ≥ this fails. */
export const KC_DEBOUNCE_TYPE_COUNT = 7;
/** Default debounce type after flashing. */
export const KC_DEBOUNCE_DEFAULT_TYPE = KC_DEBOUNCE_SYM_EAGER_PER_KEY;
/** Largest time (ms) the asymmetric eager-defer type keeps; larger values are stored as this. */
export const KC_DEBOUNCE_ASYM_MAX_MS = 127;
/** Largest debounce time (ms) a set can carry (one byte). */
export const KC_DEBOUNCE_MAX_MS = 255;

// Snap Click types (0xA7 0x07-0x0A)
/** Snap Click type: off. */
export const KC_SNAP_CLICK_TYPE_NONE = 0;
/** Snap Click type: regular. */
export const KC_SNAP_CLICK_TYPE_REGULAR = 1;
/** Snap Click type: last input wins. */
export const KC_SNAP_CLICK_TYPE_LAST_INPUT = 2;
/** Snap Click type: first key wins. */
export const KC_SNAP_CLICK_TYPE_FIRST_KEY = 3;
/** Snap Click type: second key wins. */
export const KC_SNAP_CLICK_TYPE_SECOND_KEY = 4;
/** Snap Click type: neutral (both cancel). */
export const KC_SNAP_CLICK_TYPE_NEUTRAL = 5;
/** Number of Snap Click types; an entry with type ≥ this fails the whole set. */
export const KC_SNAP_CLICK_TYPE_COUNT = 6;

// Report rate (0xA7 0x0D/0x0E)
/** Report rate at divider 0 (Hz); rate = KC_REPORT_RATE_BASE_HZ >> divider. */
export const KC_REPORT_RATE_BASE_HZ = 8000;
/** Largest divider (125 Hz). */
export const KC_REPORT_RATE_DIVIDER_MAX = 6;
/** Default divider after flashing and factory reset (1 kHz). */
export const KC_REPORT_RATE_DIVIDER_DEFAULT = 3;
/** Divider 0: 8 kHz. */
export const KC_REPORT_RATE_8K = 0;
/** Divider 1: 4 kHz. */
export const KC_REPORT_RATE_4K = 1;
/** Divider 2: 2 kHz. */
export const KC_REPORT_RATE_2K = 2;
/** Divider 3: 1 kHz. */
export const KC_REPORT_RATE_1K = 3;
/** Divider 4: 500 Hz. */
export const KC_REPORT_RATE_500 = 4;
/** Divider 5: 250 Hz. */
export const KC_REPORT_RATE_250 = 5;
/** Divider 6: 125 Hz. */
export const KC_REPORT_RATE_125 = 6;
/** Supported-dividers mask the firmware reports (bit n = divider n): dividers 0-6. */
export const KC_REPORT_RATE_SUPPORTED_MASK = 0x7f;

// NKRO (0xA7 0x12/0x13)
/** NKRO bits: NKRO on. */
export const KC_NKRO_ON = 0x01;
/** NKRO bits: switchable by 0xA7 0x13. */
export const KC_NKRO_SWITCHABLE = 0x02;
/** NKRO bits: adaptive NKRO (cannot be switched). */
export const KC_NKRO_ADAPTIVE = 0x04;

// OS indicator (0xA8 0x03/0x04)
/** OS indicator bit (supported and disable masks): Num Lock. */
export const KC_OS_INDICATOR_NUM_LOCK = 0x01;
/** OS indicator bit: Caps Lock. */
export const KC_OS_INDICATOR_CAPS_LOCK = 0x02;
/** OS indicator bit: Scroll Lock. */
export const KC_OS_INDICATOR_SCROLL_LOCK = 0x04;
/** OS indicator bit: Compose. */
export const KC_OS_INDICATOR_COMPOSE = 0x08;
/** OS indicator bit: Kana lock. */
export const KC_OS_INDICATOR_KANA = 0x10;
/** Lowest OS indicator brightness the firmware keeps (a smaller v is stored as this). */
export const KC_OS_INDICATOR_MIN_V = 128;
/** OS indicator defaults after flashing: nothing disabled, hue 255, sat 0, val 255 (white). */
export const KC_OS_INDICATOR_DEFAULT = { disable: 0, hue: 255, sat: 0, val: 255 } as const;

/**
 * RGB-matrix mode numbers on these boards (VIA channel 3 effect ids and mixed-RGB effect numbers): 0 off,
 * 1 solid colour … 22 solid splash, 23 per-key RGB, 24 mixed RGB. Mixed-RGB effect-list entries must be below
 * KC_RGB_MODE_MIXED_RGB.
 */
export const KC_RGB_MODE_OFF = 0;
/** Mode 1: solid colour. */
export const KC_RGB_MODE_SOLID_COLOR = 1;
/** Mode 23: Keychron per-key RGB. */
export const KC_RGB_MODE_PER_KEY_RGB = 23;
/** Mode 24: Keychron mixed RGB (also the mode count − 1 and the limit for effect-list entries). */
export const KC_RGB_MODE_MIXED_RGB = 24;

/**
 * RGB-matrix modes of both boards by number (index = mode; VIA channel 3 effect ids and mixed-RGB effect
 * numbers), as QMK numbers the animations their keyboard.json enables, then Keychron's two. Identifiers, not
 * display text: the UI maps them to translated names.
 */
export const KC_RGB_MODE_IDS = [
  'off',
  'solid_color',
  'breathing',
  'band_spiral_val',
  'cycle_all',
  'cycle_left_right',
  'cycle_up_down',
  'rainbow_moving_chevron',
  'cycle_out_in',
  'cycle_out_in_dual',
  'cycle_pinwheel',
  'cycle_spiral',
  'dual_beacon',
  'rainbow_beacon',
  'jellybean_raindrops',
  'pixel_rain',
  'typing_heatmap',
  'digital_rain',
  'solid_reactive_simple',
  'solid_reactive_multiwide',
  'solid_reactive_multinexus',
  'splash',
  'solid_splash',
  'per_key_rgb',
  'mixed_rgb',
] as const;
