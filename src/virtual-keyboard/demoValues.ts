import { rangeBytes, type rangeControls } from '../definitions/menus.ts';
import type { MenuValueSpec } from '../definitions/menuValues.ts';

// A lit keyboard: a visible effect at a good brightness in a clear blue (hue and saturation in 0–255).
const BRIGHTNESS = 200;
const EFFECT = 1;
const SPEED = 128;
const COLOUR = [170, 255];

/**
 * Starting values for a virtual keyboard's v3 menu values, so a fresh board looks alive: lighting on
 * (brightness, effect, speed, colour by the value's key) and every range at the middle of its bounds,
 * never a number its slider cannot hold.
 */
export function initialMenuValue(spec: MenuValueSpec, ranges: ReturnType<typeof rangeControls>): number[] {
  const key = spec.key ?? '';
  const range = ranges.get(key);
  if (/brightness$/.test(key))
    return range ? rangeBytes(Math.min(BRIGHTNESS, range.limits[1]), range.limits[1]) : [BRIGHTNESS];
  if (/effect_speed$/.test(key)) return [SPEED];
  if (/effect$/.test(key)) return [EFFECT];
  if (/colou?r$/.test(key) && spec.length === 2) return COLOUR;
  if (range) {
    const [min, max] = range.limits;
    return rangeBytes(Math.round((min + max) / 2), max);
  }
  return [];
}

/** The same for v2 lighting value ids (via-protocol.md §6.1): QMK backlight and rgblight. */
export function initialLightingValue(valueId: number): number[] {
  switch (valueId) {
    case 0x09: // backlight brightness
    case 0x80: // rgblight brightness
      return [BRIGHTNESS];
    case 0x81: // rgblight effect
      return [EFFECT];
    case 0x82: // rgblight effect speed
      return [1];
    case 0x83: // rgblight colour
      return COLOUR;
    default:
      return [];
  }
}
