import { nameBehaviors } from '../convert/zmkBindingText.ts';
import { cellNumber, readZmkUsageText, zmkUsageSuggestions, zmkUsageText } from '../convert/zmkKeyText.ts';
import { keycodeCategories } from '../keycodes/categories.ts';
import {
  hidUsageToKeycode,
  keycodeFitsHidParam,
  keycodeToHidUsage,
  ZMK_KEYCODE_PROTOCOL,
} from '../zmk/hidKeycodes.ts';
import { decodeHidUsage, encodeHidUsage, isValidHidUsage, ZMK_MODS } from '../zmk/hidUsage.ts';
import type { ZmkBehavior } from '../zmk/behavior.ts';
import type { ZmkBinding, ZmkKeymapData } from '../zmk/keymapData.ts';
import type { BindingModel, KeycodeParam, LayerEffect } from './bindingModel.ts';
import type { KeymapView } from './layerReach.ts';
import { seenByHost } from './qmkBindingModel.ts';

/**
 * ZMK's default layer is layer id 0 wherever it stands in the order: it is always on, and a key press looks down
 * the order only as far as its index (zmk app/src/keymap.c). Index 0 when the keymap does not show layer id 0.
 */
export function zmkBaseLayer(keymap: ZmkKeymapData): number {
  return Math.max(
    0,
    keymap.layers.findIndex((l) => l.id === 0),
  );
}

/**
 * A ZMK keyboard's bindings for the keymap analysis: layers in index order (the order they stack in), positions in
 * the selected physical layout's key order, only its `keyCount` positions drawn (the keymap lists one binding per
 * position of the longest layout).
 */
export function zmkKeymapView(keymap: ZmkKeymapData, keyCount: number): KeymapView<ZmkBinding> {
  return {
    keymap: keymap.layers.map((l) => l.bindings),
    used: Array.from({ length: keyCount }, (_, i) => i),
  };
}

/** The cells of ZMK's own behaviors that change layers, by their devicetree label, and what each does. */
const LAYER_BEHAVIORS: Readonly<Record<string, Exclude<LayerEffect['kind'], 'triLayer' | 'default'>>> = {
  mo: 'hold',
  lt: 'hold',
  tog: 'toggle',
  to: 'to',
  sl: 'oneShot',
};

/** Behaviors whose first parameter (`kp`, `kt`, `sk`) or second (`mt`, `lt`: the tap) is the key the computer sees. */
const TAPPED_KEY: Readonly<Record<string, 'param1' | 'param2'>> = {
  kp: 'param1',
  kt: 'param1',
  sk: 'param1',
  mt: 'param2',
  lt: 'param2',
};

/**
 * ZMK bindings as the keymap analysis reads them (src/keymap/bindingModel.ts), for the keyboard's behaviors and
 * layers: `&trans` falls through; `&mo` and `&lt` hold a layer on, `&tog` toggles it, `&to` turns it on alone
 * (over the default layer), `&sl` for the next key. Layer parameters hold layer ids; the analysis works on
 * indexes, so each is turned into its layer's index (an id not in the keymap does nothing). Behaviors are known
 * only as ZMK's own, by the same naming as the .keymap export (`nameBehaviors`: display name and parameter
 * shape); one of the user's keymap (a hold-tap, a macro) or a conditional layer is not reported by ZMK Studio,
 * so it is never taken to change layers.
 */
export function zmkBindingModel(
  keymap: ZmkKeymapData,
  behaviors: readonly ZmkBehavior[],
): BindingModel<ZmkBinding> {
  const labels = new Map<number, string>();
  for (const [id, naming] of nameBehaviors(behaviors))
    if (naming.kind === 'builtIn') labels.set(id, naming.builtIn.label);
  const indexOf = new Map(keymap.layers.map((l, index) => [l.id, index]));
  const label = (binding: ZmkBinding) => labels.get(binding.behaviorId);

  return {
    isTransparent: (binding) => label(binding) === 'trans',
    layerEffects(binding) {
      const kind = LAYER_BEHAVIORS[label(binding) ?? ''];
      const layer = indexOf.get(binding.param1);
      return kind === undefined || layer === undefined ? [] : [{ kind, layer }];
    },
    hostKeycode(binding) {
      const param = TAPPED_KEY[label(binding) ?? ''];
      if (!param) return null;
      const code = hidUsageToKeycode(binding[param]);
      // Implicit modifiers (LS(N1)) are pressed with the key; the key event names the key itself.
      return code !== null && seenByHost(code & 0xff) ? code & 0xff : null;
    },
  };
}

/**
 * A ZMK `hid_usage` parameter in the shared keycode picker: the keycodes standing for a usage the build's maxima
 * accept (the keyboard and consumer pages: Basic and Media), named as ZMK's keys.h names them (`N1`, `C_VOL_UP`);
 * the button marked is the key without its implicit modifiers, and a picked key keeps the modifiers already on
 * (LS(N1) stays shifted when 2 is picked; a picked keycode's own modifiers are added). Any key of the build's
 * maxima, with any modifiers, is typed as a .keymap writes it (Any, offered beside the Basic keys).
 */
export function zmkHidUsageParam(keyboardMax: number, consumerMax: number): KeycodeParam<number> {
  return {
    categories: () =>
      keycodeCategories({
        protocol: ZMK_KEYCODE_PROTOCOL,
        definitionVersion: 'v3',
        keycodeModules: [],
        macroCount: 0,
        macrosSupported: false,
        layerCount: 0,
      })
        .map((c) => ({
          id: c.id,
          hasAnyButton: c.id === 'basic',
          keycodes: c.keycodes
            .filter((k) => keycodeFitsHidParam(k.code, keyboardMax, consumerMax))
            .map((k) => ({ ...k, name: zmkUsageText(keycodeToHidUsage(k.code)!) ?? k.name })),
        }))
        .filter((c) => c.keycodes.length > 0),
    keycodeOf: (value) => hidUsageToKeycode(encodeHidUsage({ ...decodeHidUsage(value), modifiers: 0 })),
    withKeycode(value, code) {
      const picked = keycodeToHidUsage(code);
      if (picked === null) return null;
      const usage = decodeHidUsage(picked);
      return encodeHidUsage({ ...usage, modifiers: decodeHidUsage(value).modifiers | usage.modifiers });
    },
    modifiers: {
      names: Object.keys(ZMK_MODS),
      of: (value) => decodeHidUsage(value).modifiers,
      with: (value, mask) => encodeHidUsage({ ...decodeHidUsage(value), modifiers: mask }),
    },
    text: {
      write: (value) => zmkUsageText(value) ?? cellNumber(value),
      example: 'N1, LS(N1), C_VOL_UP',
      keycodeOf: hidUsageToKeycode,
      suggest: (word) => zmkUsageSuggestions(word).map((s) => ({ name: s.name, code: s.value })),
      read(text) {
        const trimmed = text.trim();
        if (trimmed === '') return null;
        const read = readZmkUsageText(trimmed);
        if (!read.ok) return { ok: false, problem: 'unknownName', text: read.unknownName };
        return isValidHidUsage(read.value, keyboardMax, consumerMax)
          ? { ok: true, value: read.value }
          : { ok: false, problem: 'notTaken', text: trimmed };
      },
    },
  };
}
