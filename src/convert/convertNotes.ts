import { refusalText, type RefusalValue } from '../lib/refusal.ts';

/**
 * What a conversion could not carry, or carried differently, named for the user (the app words each kind in
 * its four languages; the CLI prints `noteMessage`). Nothing is dropped without one of these.
 */
export type ConvertNote =
  /** Keycodes whose number nothing names in the source numbering: written as the same number, not converted. */
  | { kind: 'unnamedKeycode'; protocol: number; codes: string[]; count: number }
  /** Keys on matrix positions the chosen LAYOUT macro does not have (they cannot be written there). */
  | { kind: 'outsideLayout'; layout: string; count: number; positions: string[] }
  /** What the keyboard stores beside its keymap (lighting, actuation, …), which no keymap format holds. */
  | { kind: 'keyboardStored'; features: StoredFeature[]; format: string }
  /** A feature the target format has no place for. */
  | { kind: 'notInFormat'; feature: Feature; count: number; format: string }
  /** Characters a QMK macro cannot type (SEND_STRING sends ASCII only). */
  | { kind: 'macroText'; macro: number; characters: string }
  /** A macro script that does not read (left out). */
  | { kind: 'macroInvalid'; macro: number; reason: RefusalValue }
  /** Macros beyond what the target holds (keymap.json and QMK's QK_MACRO_n names: 32). */
  | { kind: 'tooManyMacros'; count: number; max: number }
  /** A tap dance action QMK's tap dance code cannot press (a layer or other quantum key). */
  | { kind: 'tapDanceAction'; index: number; keycode: string }
  /** Which LAYOUT macro of the keyboard.json/info.json was used, and what else it offers. */
  | { kind: 'layoutChosen'; layout: string; others: string[] }
  /** The keyboard.json/info.json names other USB ids than the keyboard's. */
  | { kind: 'usbIdsDiffer'; info: string; board: string }
  /** An import's keyboard.json/info.json is another keyboard's (its USB ids): its LAYOUT places that one's keys. */
  | { kind: 'infoOtherKeyboard'; info: string; infoIds: string; keyboard: string; ids: string }
  /** keymap.json's `keyboard` (QMK's folder name) is a guess from the keyboard's name: check it. */
  | { kind: 'keyboardNameGuessed'; name: string }
  /** config.h lines the keymap.c needs (written in its header and in the rules/config snippet). */
  | { kind: 'configLines'; lines: string[] }
  /** Encoders in the source that the keyboard (or the other side) does not have. */
  | { kind: 'encoderCount'; inSource: number; kept: number }
  /** Layers beyond what the target keyboard has. */
  | { kind: 'extraLayers'; inSource: number; kept: number }
  /** ZMK: bindings of a behavior that is not one of ZMK's own (the firmware gives its name, never its label). */
  | { kind: 'zmkUnknownBehavior'; name: string; id: number; count: number }
  /** ZMK: bindings of a behavior named like one of ZMK's own that does not match it (twice, other parameters). */
  | { kind: 'zmkUncertainBehavior'; name: string; id: number; count: number }
  /** ZMK: layer parameters naming a layer that is not in the keymap (removed through Studio). */
  | { kind: 'zmkMissingLayer'; ids: string; count: number }
  /** ZMK: HID usages keys.h has no name for, written as numbers (ZMK reads them the same). */
  | { kind: 'zmkUnnamedUsage'; values: string; count: number }
  /** ZMK: parameters a behavior's bindings have no cell for (the behavior takes fewer), left out. */
  | { kind: 'zmkDroppedParams'; count: number }
  /** ZMK: keymap positions the selected physical layout does not have (behavior id 0), written as &none. */
  | { kind: 'zmkUnmappedPositions'; layout: string; count: number }
  /**
   * ZMK: keymap positions (of its own layout `layout`) the shown layout `shown` does not report, with nothing read
   * earlier: written as &none.
   */
  | { kind: 'zmkUnreadPositions'; layout: string; shown: string; count: number }
  /** ZMK: the bindings follow the selected physical layout's order, which is the .keymap's only if it is the default. */
  | { kind: 'zmkLayoutOrder'; layout: string }
  /** ZMK: what ZMK Studio does not report (combos, macros, behavior settings, sensor-bindings). */
  | { kind: 'zmkNotReported' }
  /** Names from the user's own code written as the same text (keymap.c, keymap.json): their code defines them. */
  | { kind: 'userNamesAsText'; count: number; format: string; list: string }
  /** Names from the user's own code written as text into a format of numbers (the user chose `keep`). */
  | { kind: 'userNamesKept'; count: number; format: string; list: string }
  /** Names from the user's own code written as KC_NO (the user chose `none`). */
  | { kind: 'userNamesNone'; count: number; format: string; list: string }
  /** ZMK → QMK: bindings QMK has no keycode for (Bluetooth, output, lighting, the file's own behaviors): KC_NO. */
  | { kind: 'zmkBindingsNotCarried'; count: number; list: string }
  /** ZMK → QMK: what a .keymap has beyond its layers (its own behaviors, combos, sensor-bindings). */
  | { kind: 'zmkSourceNotCarried'; list: string };

export type Feature =
  | 'tapDance'
  | 'combos'
  | 'keyOverrides'
  | 'settings'
  | 'macros'
  | 'encoders'
  | 'layerNames'
  | 'layoutOptions';

/** What a keyboard stores outside its keymap, which keymap files do not hold. */
export type StoredFeature = 'lighting' | 'menus' | 'actuation' | 'matrixLighting' | 'perKeyColors';

const STORED_WORDS: Record<StoredFeature, string> = {
  lighting: 'lighting',
  menus: 'menu values',
  actuation: 'actuation',
  matrixLighting: 'matrix lighting animations',
  perKeyColors: 'per-key colours',
};

const FEATURE_WORDS: Record<Feature, string> = {
  tapDance: 'tap dances',
  combos: 'combos',
  keyOverrides: 'key overrides',
  settings: 'QMK settings',
  macros: 'macros',
  encoders: 'encoder entries',
  layerNames: 'layer names',
  layoutOptions: 'layout options',
};

/** One line of English for the CLI (and the app's fallback for a kind it has no words for). */
export function noteMessage(note: ConvertNote): string {
  switch (note.kind) {
    case 'unnamedKeycode':
      return `${note.count} key(s) hold numbers with no name in VIA protocol ${note.protocol}'s numbering (${note.codes.join(', ')}): written as the same number, not converted`;
    case 'outsideLayout':
      return `${note.count} key(s) sit on matrix positions ${note.layout} does not have (${note.positions.join(', ')}): left out`;
    case 'notInFormat':
      return `${note.count} ${FEATURE_WORDS[note.feature]} not carried: ${note.format} has no place for them`;
    case 'keyboardStored':
      return `${note.features.map((f) => STORED_WORDS[f]).join(', ')}: kept on the keyboard, not in ${note.format} (a keymap file holds the keymap only)`;
    case 'macroText':
      return `macro ${note.macro}: characters QMK's SEND_STRING cannot type left out (${note.characters})`;
    case 'macroInvalid':
      return `macro ${note.macro} left out: ${typeof note.reason === 'string' ? note.reason : refusalText(note.reason)}`;
    case 'tooManyMacros':
      return `${note.count} macros: only the first ${note.max} are carried`;
    case 'tapDanceAction':
      return `tap dance ${note.index}: ${note.keycode} cannot be pressed from tap dance code: left out`;
    case 'layoutChosen':
      return `keys written with ${note.layout}${note.others.length > 0 ? ` (also offered: ${note.others.join(', ')})` : ''}`;
    case 'usbIdsDiffer':
      return `the keyboard.json/info.json is for USB ids ${note.info}, the keymap for ${note.board}`;
    case 'infoOtherKeyboard':
      return `the keyboard.json/info.json is the ${note.info}'s (USB ${note.infoIds}), not the ${note.keyboard}'s (USB ${note.ids}): check every key in the preview`;
    case 'keyboardNameGuessed':
      return `keymap.json "keyboard" set to "${note.name}" (a guess): set it to the keyboard's folder in QMK`;
    case 'configLines':
      return `add to config.h: ${note.lines.join('; ')}`;
    case 'encoderCount':
      return `${note.inSource} encoder(s) in the source, ${note.kept} kept`;
    case 'extraLayers':
      return `${note.inSource} layers in the source, ${note.kept} kept`;
    case 'zmkUnknownBehavior':
      return `${note.count} binding(s) of "${note.name}" (behavior id ${note.id}): not one of ZMK's own behaviors, and the firmware does not tell its devicetree label: written as &none with the binding in a comment (give its label: --behavior "${note.name}=LABEL")`;
    case 'zmkUncertainBehavior':
      return `${note.count} binding(s) of "${note.name}" (behavior id ${note.id}): named like one of ZMK's own behaviors but not matching it (the name twice, or other parameters): written as &none with the binding in a comment`;
    case 'zmkMissingLayer':
      return `${note.count} binding(s) name layers that are not in the keymap (ids ${note.ids}): written as &none with the binding in a comment`;
    case 'zmkUnnamedUsage':
      return `${note.count} key(s) hold HID usages ZMK's keys.h has no name for (${note.values}): written as numbers, which ZMK reads the same`;
    case 'zmkDroppedParams':
      return `${note.count} binding(s) carry parameters their behavior takes no cell for: left out`;
    case 'zmkUnmappedPositions':
      return `${note.count} keymap position(s) are not on the selected physical layout "${note.layout}": written as &none (select the keyboard's default layout before exporting)`;
    case 'zmkUnreadPositions':
      return `${note.count} key(s) of "${note.layout}", the keymap's own layout, are not on the layout "${note.shown}" the keyboard shows, so their bindings were not read: written as &none /* not read */. Select "${note.layout}" and export again before using this file`;
    case 'zmkLayoutOrder':
      return `bindings are in the order of the physical layout "${note.layout}" selected on the keyboard; a .keymap lists them in the default layout's order: if "${note.layout}" is not the default, select the default before exporting`;
    case 'userNamesAsText':
      return `${note.count} key(s) hold names from your own code, written as the same text into the ${note.format} (they build where your code defines them): ${note.list}`;
    case 'userNamesKept':
      return `${note.count} key(s) hold names from your own code, written as the same text into the ${note.format}: Keyloom leaves those keys as they are on the keyboard when it loads the file (VIA and Vial refuse names they do not know): ${note.list}`;
    case 'userNamesNone':
      return `${note.count} key(s) hold names from your own code, written as KC_NO into the ${note.format}: ${note.list}`;
    case 'zmkBindingsNotCarried':
      return `${note.count} ZMK binding(s) QMK has no keycode for, written as KC_NO: ${note.list}`;
    case 'zmkSourceNotCarried':
      return `not carried into QMK (write them in your keymap.c): ${note.list}`;
    case 'zmkNotReported':
      return `ZMK Studio does not report combos, macros, behavior settings (hold-tap timing …) or encoders' sensor-bindings: keep them from your own keymap`;
  }
}
