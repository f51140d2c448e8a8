import type { KeycodeSuggestion } from '../keycodes/autocomplete.ts';
import type { KeycodeCategory } from '../keycodes/categories.ts';

/**
 * What a binding does to layers, whatever the firmware. Everything in this folder reads keymaps only through a
 * `BindingModel`, so QMK's 16-bit keycodes (`qmkBindingModel.ts`) and other firmwares' bindings share the same
 * transparency, reach, find and move code.
 */
export type LayerEffect =
  /** The layer is on while the key is held (MO, LT and TT held, LM). */
  | { kind: 'hold'; layer: number }
  /** The layer is on for the next key pressed, then off again by itself (OSL). */
  | { kind: 'oneShot'; layer: number }
  /** Turns the layer on, or off when it is on (TG, TT tapped). */
  | { kind: 'toggle'; layer: number }
  /** Turns the layer on and every other layer but the default one off (TO). */
  | { kind: 'to'; layer: number }
  /** Makes the layer the default one, the base every other layer sits on (DF, PDF). */
  | { kind: 'default'; layer: number }
  /**
   * Held, turns `layer` on; while `partner` is on as well, `both` comes on too (QMK's tri-layer keys: Lower,
   * Upper, FN_MO13, FN_MO23).
   */
  | { kind: 'triLayer'; layer: number; partner: number; both: number };

/** Whether the layer stays on after the key is released (TG, TO, DF): such a layer needs a way back. */
export function latches(effect: LayerEffect): boolean {
  return effect.kind === 'toggle' || effect.kind === 'to' || effect.kind === 'default';
}

/** How one firmware's bindings read for the analysis. `B` is its binding type (QMK: the 16-bit keycode). */
export interface BindingModel<B> {
  /** Whether the binding hands the press to the next active layer below it (KC_TRNS). */
  isTransparent(binding: B): boolean;
  /** What tapping or holding it does to layers; empty for a binding that leaves the layers alone. */
  layerEffects(binding: B): readonly LayerEffect[];
  /**
   * The key the computer sees when the binding is tapped, as a basic keycode in QMK's numbering of HID usages
   * (0x04 A … 0xE7 right GUI; KC_A, LCTL(KC_A), LT(1,KC_A) and MT(MOD_LSFT,KC_A) all give 0x04), or null for
   * a binding the computer never sees as a key (layer keys, macros, lighting, the bootloader).
   */
  hostKeycode(binding: B): number | null;
}

/**
 * How one family's key parameter is chosen with the keycode picker every family shares
 * (ui/configure/keymap/KeymapPane.tsx): the buttons are Keyloom's keycodes (QMK's numbering, with their legends),
 * and the family says which of them its parameter takes and how a picked one becomes its value. A VIA keymap's
 * key is the keycode itself; a ZMK `hid_usage` parameter keeps its implicit modifiers (`zmkHidUsageParam`).
 */
export interface KeycodeParam<V> {
  /** The keycode categories offered (only the keycodes the parameter takes; categories left empty dropped). */
  categories(): KeycodeCategory[];
  /** The keycode button marked as chosen for `value` (null: none). */
  keycodeOf(value: V): number | null;
  /** `value` with the picked keycode as its key, or null when the parameter cannot hold it. */
  withKeycode(value: V, code: number): V | null;
  /** A key typed in the family's own words (the picker's 'Any'), when the family has them. */
  text?: KeycodeText<V>;
  /** Modifiers the value holds with its key, toggled on their own (ZMK's implicit modifiers), when it has them. */
  modifiers?: KeycodeModifiers<V>;
}

/** Modifiers a parameter's value holds beside its key: bit `i` of the mask is `names[i]`. */
export interface KeycodeModifiers<V> {
  /** The family's names for the bits, lowest first (ZMK: LCTL … RGUI). */
  names: readonly string[];
  of(value: V): number;
  /** `value` holding exactly the modifiers in `mask`, its key kept. */
  with(value: V, mask: number): V;
}

/** A family's text for a key: written, completed and read back (ZMK: `LS(N1)`, as a .keymap writes it). */
export interface KeycodeText<V> {
  write(value: V): string;
  /** A few keys as the family writes them, as the field's placeholder. */
  example: string;
  /** The keycode (QMK's numbering, modifiers included) `value` stands for, to name it; null: named by its text. */
  keycodeOf(value: V): number | null;
  /** Names completing `word`, the one being typed (`code` -1: a function still to be filled in). */
  suggest(word: string): KeycodeSuggestion[];
  /**
   * The value `text` stands for, or why none: a name the family does not know, or a key this parameter does not
   * take. null when nothing is typed.
   */
  read(
    text: string,
  ): { ok: true; value: V } | { ok: false; problem: 'unknownName' | 'notTaken'; text: string } | null;
}
