// A ZMK keymap as plain data: layers of bindings (behavior id and two parameters) and the physical layouts.

export interface ZmkBinding {
  /** The behavior's local id; 0 for a position the selected physical layout does not map. */
  behaviorId: number;
  param1: number;
  param2: number;
}

export interface ZmkLayer {
  /** Stable for the build (behaviors' layer parameters hold ids). */
  id: number;
  name: string;
  /** One per keymap position, in the selected physical layout's key order. */
  bindings: ZmkBinding[];
}

export interface ZmkKeymapData {
  /** In index order (the order layers stack in). */
  layers: ZmkLayer[];
  /** Spare layer slots `addLayer` can still fill. */
  availableLayers: number;
  /** A name must be shorter than this in UTF-8 bytes. */
  maxLayerNameLength: number;
}

/** A key's place and size in centi-keyunits (100 = 1u), rotation `r` in centi-degrees clockwise about rx/ry. */
export interface ZmkKeyGeometry {
  width: number;
  height: number;
  x: number;
  y: number;
  r: number;
  rx: number;
  ry: number;
}

export interface ZmkPhysicalLayouts {
  activeIndex: number;
  layouts: { name: string; keys: ZmkKeyGeometry[] }[];
}
