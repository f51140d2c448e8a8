import { nameBehaviors, zmkBindingText, ZmkTally } from '../convert/zmkBindingText.ts';
import { hidUsageToKeycode, ZMK_KEYCODE_PROTOCOL } from '../zmk/hidKeycodes.ts';
import type { ZmkBehavior } from '../zmk/behavior.ts';
import type { ZmkBinding, ZmkKeymapData } from '../zmk/keymapData.ts';
import { keycodeQuery } from './keycodeQuery.ts';

/** What a ZMK key face reads: its legend and its full name ('MO Lower', 'Momentary Layer: Lower'). */
export type ZmkDescribe = (binding: ZmkBinding) => { label: string; title: string };

/** Text searches shorter than this match whole words only, so one letter does not match every name. */
const MIN_PARTIAL = 3;

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[\s(),:/*"]+/)
    .filter(Boolean);

/**
 * Reads Find's text for a ZMK keyboard. A key, by Keyloom's name or expression (`A`, `KC_ESC`, `LCTL(KC_C)`),
 * finds every binding holding it in a key parameter (`&kp A`, `&mt LCTRL A`, `&lt 1 A`, and the key with
 * implicit modifiers, as Find does for QMK keycodes); any text also finds a binding by a word of its legend or of
 * its devicetree text as the .keymap export writes it (`MO`, `&mo`, `LSHFT`, `BT_SEL`), and from three letters by
 * any part of its full name or devicetree text (`vol`, `adjust`, `blue`). Null for blank text.
 */
export function zmkBindingQuery(
  text: string,
  keymap: ZmkKeymapData,
  behaviors: readonly ZmkBehavior[],
  describe: ZmkDescribe,
): ((binding: ZmkBinding) => boolean) | null {
  const query = text.trim().toLowerCase();
  if (query === '') return null;
  const keys = keycodeQuery(text, ZMK_KEYCODE_PROTOCOL);
  const byId = new Map(behaviors.map((b) => [b.id, b]));
  const context = {
    naming: nameBehaviors(behaviors),
    layerIndex: new Map(keymap.layers.map((l, i) => [l.id, i])),
    tally: new ZmkTally(),
  };
  /** The parameters the behavior describes as keys (any of its parameter sets). */
  const keyParams = (binding: ZmkBinding): number[] => {
    const sets = byId.get(binding.behaviorId)?.sets ?? [];
    const isKey = (slot: 'param1' | 'param2') => sets.some((s) => s[slot].some((v) => v.kind === 'hidUsage'));
    return [isKey('param1') && binding.param1, isKey('param2') && binding.param2].filter(
      (p): p is number => p !== false,
    );
  };
  const partial = query.length >= MIN_PARTIAL || query.startsWith('&');

  return (binding) => {
    if (keys?.code != null)
      for (const usage of keyParams(binding)) {
        const code = hidUsageToKeycode(usage);
        if (code !== null && keys.matches(code)) return true;
      }
    const face = describe(binding);
    const devicetree = zmkBindingText(binding, context).toLowerCase();
    // A behavior's label is found with or without its & (`bt` as `&bt`), as ZMK's docs and keymaps name it.
    const tree = words(devicetree);
    const labels = tree.filter((w) => w.startsWith('&')).map((w) => w.slice(1));
    if ([...words(face.label), ...tree, ...labels].includes(query)) return true;
    return partial && (devicetree.includes(query) || face.title.toLowerCase().includes(query));
  };
}
