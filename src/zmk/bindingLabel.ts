import type { HostLayoutId } from '../keycodes/hostLayout.ts';
import { keyFaceLabel } from '../keycodes/keyFaceLabel.ts';
import type { KeyLabel } from '../keycodes/labels.ts';
import { paramText, setsForParam1, shownLayers, type ZmkLayerChoice } from './bindingParams.ts';
import { hidUsageToKeycode, ZMK_KEYCODE_PROTOCOL } from './hidKeycodes.ts';
import { decodeHidUsage, HID_PAGE_CONSUMER, HID_PAGE_KEYBOARD } from './hidUsage.ts';
import type { ZmkBehavior, ZmkParamValue } from './behavior.ts';
import type { ZmkBinding } from './keymapData.ts';

/** What a ZMK key face shows: Keyloom's key label (label, two lines, title for screen readers). */
export type ZmkKeyLabel = Pick<KeyLabel, 'label' | 'topLabel' | 'bottomLabel' | 'title' | 'tooltipLabel'>;

/** Behaviors that do what a QMK keycode does, drawn with its legend. */
const SAME_AS_KEYCODE: Readonly<Record<string, number>> = { transparent: 0x0001, none: 0x0000 };

/**
 * Short key-face names for the behaviors ZMK ships (their devicetree display names), as keymaps write them; a
 * behavior not listed is shortened to its words' initials.
 */
const SHORT_NAMES: Readonly<Record<string, string>> = {
  'momentary layer': 'MO',
  'toggle layer': 'TG',
  'to layer': 'TO',
  'sticky layer': 'SL',
  'sticky key': 'SK',
  'layer-tap': 'LT',
  'mod-tap': 'MT',
  bluetooth: 'BT',
  'output selection': 'OUT',
  'caps word': 'CW',
  'key repeat': 'Repeat',
  'studio unlock': 'Unlock',
  bootloader: 'Boot',
  reset: 'Reset',
  'external power': 'EP',
  'key toggle': 'KT',
  'grave/escape': 'GEsc',
};

/**
 * ZMK's own short words for the commands its behaviors describe, as keymaps write them (`&bt BT_SEL 0` is "BT 0",
 * `&out OUT_USB` "OUT USB"): the descriptions' names ("Select Profile") do not fit a key face.
 */
const SHORT_COMMANDS: Readonly<Record<string, string>> = {
  'select profile': '',
  'next profile': 'Next',
  'previous profile': 'Prev',
  'clear all profiles': 'Clr All',
  'clear selected profile': 'Clr',
  'disconnect profile': 'Disc',
  'toggle outputs': 'Tog',
  'usb output': 'USB',
  'ble output': 'BLE',
  'no output': 'None',
};

/** A behavior's name short enough for a key face. */
export function shortBehaviorName(name: string): string {
  const known = SHORT_NAMES[name.toLowerCase()];
  if (known) return known;
  if (name.length <= 6) return name;
  const initials = name
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  return initials.length >= 2 ? initials : name;
}

/**
 * The words of a binding's title (screen readers, tooltips) in the user's language: ZMK's behavior and command
 * names are the devicetree's English. English by default, as the .keymap's comments and Find read them; key faces
 * stay as keycaps print them.
 */
export interface ZmkTitleWords {
  behavior(displayName: string): string;
  /** A command's name ("Select Profile"). */
  command(name: string): string;
  removedLayer(name: string): string;
}

export const ENGLISH_TITLE_WORDS: ZmkTitleWords = {
  behavior: String,
  command: String,
  removedLayer: (name) => `removed layer ${name}`,
};

const hex = (n: number) => `0x${n.toString(16).toUpperCase()}`;

/** A HID usage as a key face: Keyloom's legend for its keycode, else the page and id ('Key 0xB0'). */
export function hidUsageLabel(usage: number, hostLayout: HostLayoutId): ZmkKeyLabel {
  const code = hidUsageToKeycode(usage);
  if (code !== null) return keyFaceLabel(code, ZMK_KEYCODE_PROTOCOL, hostLayout);
  const { modifiers, page, id } = decodeHidUsage(usage);
  const kind = page === HID_PAGE_KEYBOARD ? 'Key' : page === HID_PAGE_CONSUMER ? 'Consumer' : `Page ${page}`;
  const text = `${modifiers ? `${hex(modifiers)}+` : ''}${kind} ${hex(id)}`;
  return { label: text, title: text };
}

/** One parameter as text: a constant's or layer's name, a number, or a key's legend. */
function paramLabel(
  values: readonly ZmkParamValue[],
  param: number,
  layers: readonly ZmkLayerChoice[],
  hostLayout: HostLayoutId,
  words: ZmkTitleWords,
): ZmkKeyLabel | null {
  const text = paramText(values, param, layers);
  const command = values.some((v) => v.kind === 'constant' && v.value === param);
  if (text !== null) return { label: text, title: command ? words.command(text) : text };
  if (values.some((v) => v.kind === 'hidUsage')) return hidUsageLabel(param, hostLayout);
  return null;
}

/**
 * A layer parameter naming a layer that is not in the order: marked ⊘ with the removed layer's name when this
 * session removed it, else its id ("a removed layer" in the title, for listeners and the tooltip).
 */
function removedLayerLabel(id: number, layers: readonly ZmkLayerChoice[], words: ZmkTitleWords): ZmkKeyLabel {
  const name = layers.find((l) => l.id === id && l.removed)?.name || `#${id}`;
  return { label: `⊘${name}`, title: words.removedLayer(name) };
}

/**
 * The key face of a binding: a key press shows the key's legend as a VIA board's key would; a behavior without
 * parameters its name; one with parameters its name over the first parameter, or (two parameters, as &mt and
 * &lt) the first over the second. The title (screen readers, tooltips) always names the behavior and every
 * parameter. `behavior` null: the firmware listed an id it did not describe (or 0, a position this layout
 * leaves out).
 */
export function bindingLabel(
  binding: ZmkBinding,
  behavior: ZmkBehavior | null,
  layers: readonly ZmkLayerChoice[],
  hostLayout: HostLayoutId,
  words: ZmkTitleWords = ENGLISH_TITLE_WORDS,
): ZmkKeyLabel {
  if (!behavior) {
    const text = binding.behaviorId === 0 ? '' : `#${binding.behaviorId}`;
    return { label: text, title: text || 'Nothing' };
  }
  const name = behavior.displayName || `#${behavior.id}`;
  // The behavior as titles name it (key faces keep ZMK's short English words).
  const said = behavior.displayName ? words.behavior(name) : name;
  if (behavior.sets.length === 0) {
    // &trans and &none draw as Keyloom draws KC_TRNS and KC_NO; other behaviors without parameters by name.
    const same = SAME_AS_KEYCODE[name.toLowerCase()];
    return same === undefined
      ? { label: shortBehaviorName(name), title: said }
      : { label: keyFaceLabel(same, ZMK_KEYCODE_PROTOCOL, hostLayout).label, title: said };
  }
  const ids = shownLayers(layers).map((l) => l.id);
  const matching = setsForParam1(behavior, binding.param1, ids);
  // A layer parameter naming a layer not in the order (removed): read the sets that take a layer there, so the
  // key says so and a Layer-Tap keeps its tap legend (not the bare id, which reads as another layer's number).
  const layerSets = behavior.sets.filter((s) => s.param1.some((v) => v.kind === 'layerId'));
  const goneLayer = matching.length === 0 && layerSets.length > 0;
  const sets = goneLayer ? layerSets : matching;
  const values1 = (sets.length > 0 ? sets : behavior.sets).flatMap((s) => s.param1);
  const values2 = sets.flatMap((s) => s.param2);
  const first = goneLayer
    ? removedLayerLabel(binding.param1, layers, words)
    : (paramLabel(values1, binding.param1, layers, hostLayout, words) ?? {
        label: String(binding.param1),
        title: String(binding.param1),
      });
  const second = values2.length > 0 ? paramLabel(values2, binding.param2, layers, hostLayout, words) : null;
  // A command ZMK has a short word for: one line, "BT 0", "BT Next", "OUT USB".
  const command = values1.some((v) => v.kind === 'constant' && v.value === binding.param1)
    ? SHORT_COMMANDS[first.label.toLowerCase()]
    : undefined;
  if (command !== undefined) {
    const title = second ? `${said}: ${first.title}, ${second.title}` : `${said}: ${first.title}`;
    const words = [shortBehaviorName(name), command, second?.label ?? ''].filter(Boolean);
    return { label: words.join(' '), title, tooltipLabel: title };
  }
  const onlyKey = values1.every((v) => v.kind === 'hidUsage') && !second;
  // Key Press (and Sticky Key …) of one key: the key's own legend, named with the behavior for listeners.
  if (onlyKey && /^key press$/i.test(name))
    return { ...first, title: first.title, tooltipLabel: `${said}: ${first.title}` };
  // One line for the behavior, one for its parameter (the canvas wraps at the space).
  if (!second)
    return {
      label: `${shortBehaviorName(name)} ${first.label}`,
      title: `${said}: ${first.title}`,
      tooltipLabel: `${said}: ${first.title}`,
    };
  return {
    label: `${first.label} ${second.label}`,
    topLabel: first.label,
    bottomLabel: second.label,
    title: `${said}: ${first.title}, ${second.title}`,
    tooltipLabel: `${said}: ${first.title}, ${second.title}`,
  };
}
