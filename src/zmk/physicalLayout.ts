import type { KeyShape } from '../definitions/geometry.ts';
import type { ZmkKeyGeometry, ZmkPhysicalLayouts } from './keymapData.ts';

/** ZMK's physical-layout units per key unit (centi-keyunits) and per degree (centi-degrees). */
const CENTI = 100;

/**
 * A ZMK key (docs/zmk-studio-protocol.md "Physical layouts and units": top-left corner, size, clockwise rotation
 * about an absolute pivot, all in hundredths) as the key shape Keyloom's canvas draws (key units and degrees,
 * rotation clockwise about an absolute pivot, as KLE and VIA definitions have it).
 */
export function zmkKeyShape(key: ZmkKeyGeometry): KeyShape {
  const shape: KeyShape = {
    x: key.x / CENTI,
    y: key.y / CENTI,
    w: key.width / CENTI,
    h: key.height / CENTI,
  };
  if (key.r !== 0) {
    shape.r = key.r / CENTI;
    shape.rx = key.rx / CENTI;
    shape.ry = key.ry / CENTI;
  }
  return shape;
}

/** How many keys the active physical layout has (the keymap positions drawn); 0 before the layouts are read. */
export const activeKeyCount = (layouts: ZmkPhysicalLayouts | null): number =>
  layouts?.layouts[layouts.activeIndex]?.keys.length ?? 0;
