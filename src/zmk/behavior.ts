// A ZMK behavior as the keymap model holds it: its local id, name and how its two parameters are filled.

/** One accepted value (or kind of value) of a behavior parameter, as the firmware describes it. */
export type ZmkParamValue =
  | { name: string; kind: 'nil' }
  | { name: string; kind: 'constant'; value: number }
  | { name: string; kind: 'range'; min: number; max: number }
  /** A HID usage: `(modifiers << 24) | (page << 16) | id`, page 7 up to keyboardMax or 12 up to consumerMax. */
  | { name: string; kind: 'hidUsage'; keyboardMax: number; consumerMax: number }
  /** A layer id (not an index). */
  | { name: string; kind: 'layerId' }
  /** A kind newer firmware describes and this revision does not know. */
  | { name: string; kind: 'unknown' };

/** One alternative way to fill a binding's two parameters. */
export interface ZmkParamSet {
  param1: ZmkParamValue[];
  param2: ZmkParamValue[];
}

export interface ZmkBehavior {
  /** The behavior's local id, as bindings carry it. */
  id: number;
  displayName: string;
  /** No sets: the behavior takes no parameters (both must be 0). */
  sets: ZmkParamSet[];
}
