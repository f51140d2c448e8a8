import { generationFor, rangesFor } from './generations.ts';
import { keycodeText } from './keycodeText.ts';
import { keyLegend } from './legends.ts';
import { keycodeTable, type KeycodeEntry } from './tables.ts';

/** A keycode button in the keymap pane. `title` shows in the hover bar as 'code: title'. */
export interface KeycodeButton {
  code: number;
  name: string;
  label: string;
  title: string;
}

export type CategoryId = 'basic' | 'media' | 'macro' | 'layers' | 'special' | 'lighting' | 'custom';

export interface KeycodeCategory {
  id: CategoryId;
  keycodes: KeycodeButton[];
  /** The Special category's 'Any' button opens the keycode modal. */
  hasAnyButton?: boolean;
  /** Macro category on a keyboard without macros: show the unsupported message instead. */
  unsupported?: boolean;
}

/** v2 definitions name their lighting type; v3 definitions list keycode modules. */
export interface CategoryOptions {
  protocol: number;
  definitionVersion: 'v2' | 'v3';
  /** v2 `lighting` (string or `{extends}` preset name), e.g. 'qmk_rgblight', 'wt_rgb', 'none'. */
  lighting?: string;
  /** v3 `keycodes` modules, e.g. ['qmk_lighting'] or ['qmk_rgb_matrix_keycodes']. */
  keycodeModules?: readonly string[];
  customKeycodes?: readonly { name: string; title?: string; shortName?: string }[];
  macroCount: number;
  macrosSupported: boolean;
  layerCount: number;
  tapDanceCount?: number;
  /**
   * A Vial keyboard with VialRGB (its vial.json says `lighting: 'vialrgb'`): QMK's RGB controls drive its
   * lighting, as vial-gui offers them (toggle, effect, hue, saturation, brightness, speed; no fixed-mode keys).
   */
  vialRgb?: boolean;
}

const BASIC_GROUPS = new Set(['basic', 'modifiers', 'internal']);
const MEDIA_GROUPS = new Set(['media', 'mouse', 'system']);
const SPECIAL_GROUPS = new Set(['quantum', 'magic', 'audio', 'swap_hands', 'connection']);
// QMK's RGB controls without the fixed-mode keys: 'underglow' from QMK 0.0.5 (UG_TOGG …), before it the 'rgb'
// group's RGB_TOG … RGB_SPD (its RGB_M_* keys pick one effect each).
const isRgbControl = (e: KeycodeEntry) =>
  e.group === 'underglow' || (e.group === 'rgb' && !e.name.startsWith('RGB_M_'));
const LIGHTING_GROUPS: Readonly<Record<string, readonly string[]>> = {
  qmk_backlight_keycodes: ['backlight'],
  qmk_rgblight_keycodes: ['rgb', 'underglow'],
  qmk_rgb_matrix_keycodes: ['rgb_matrix'],
  qmk_led_matrix_keycodes: ['led_matrix'],
  qmk_backlight_rgblight_keycodes: ['backlight', 'rgb', 'underglow'],
  qmk_lighting: ['backlight', 'rgb', 'underglow', 'rgb_matrix', 'led_matrix'],
  wt_lighting: ['wt_lighting'],
};

function button(entry: KeycodeEntry, protocol: number): KeycodeButton {
  const legend = keyLegend(entry.code, protocol);
  return { code: entry.code, name: entry.name, label: legend.short, title: legend.title };
}

function computed(code: number, protocol: number): KeycodeButton {
  const legend = keyLegend(code, protocol);
  return { code, name: keycodeText(code, protocol), label: legend.short, title: legend.title };
}

/** Which QMK lighting groups a definition enables (core.md §2; v2 hides lighting unless QMK or WT). */
function lightingGroups(options: CategoryOptions): string[] {
  if (options.definitionVersion === 'v3')
    return (options.keycodeModules ?? []).flatMap((m) => LIGHTING_GROUPS[m] ?? []);
  const lighting = options.lighting ?? 'none';
  if (lighting.startsWith('wt_')) return generationFor(options.protocol) === 'legacy' ? ['wt_lighting'] : [];
  if (lighting.startsWith('qmk_')) {
    const groups: string[] = [];
    if (lighting.includes('backlight')) groups.push('backlight');
    if (lighting.includes('rgblight')) groups.push('rgb', 'underglow');
    return groups;
  }
  return [];
}

/**
 * Buttons tell themselves apart: two that would show the same legend (the two Ctrls, 1 and Numpad 1, Media and
 * Browser Stop) and one with no legend (KC_NO) show their titles instead.
 */
const distinct = (buttons: KeycodeButton[]) =>
  buttons.map((b) =>
    b.label && buttons.filter((o) => o.label === b.label).length < 2 ? b : { ...b, label: b.title },
  );

/**
 * A category whose buttons (their legends and names) are made when it is first read: the pane shows one
 * category at a time, and legends of the others may need rows that load later (`allLegends`).
 */
function shownLater(
  id: CategoryId,
  make: () => KeycodeButton[],
  extra: Pick<KeycodeCategory, 'hasAnyButton'> = {},
): KeycodeCategory {
  let keycodes: KeycodeButton[] | null = null;
  return {
    id,
    ...extra,
    get keycodes() {
      return (keycodes ??= distinct(make()));
    },
  };
}

/** The keymap pane's categories for a keyboard, in display order, with the v2/v3 visibility rules. */
export function keycodeCategories(options: CategoryOptions): KeycodeCategory[] {
  const { protocol } = options;
  const table = keycodeTable(protocol);
  const ranges = rangesFor(protocol);
  const buttons = (keep: (e: KeycodeEntry) => boolean) => () =>
    table.entries.filter(keep).map((e) => button(e, protocol));
  const byGroup = (groups: ReadonlySet<string>) => buttons((e) => groups.has(e.group));
  const layers = Math.max(options.layerCount, 1);
  const layerKeys = () => {
    const keys: KeycodeButton[] = [];
    for (const range of [ranges.mo, ranges.tg, ranges.tt, ranges.osl, ranges.to, ranges.df]) {
      for (let l = 0; l < Math.min(layers, range.count); l++) keys.push(computed(range.base + l, protocol));
    }
    for (const name of ['FN_MO13', 'FN_MO23']) {
      const code = table.byName.get(name);
      if (code !== undefined) keys.push(computed(code, protocol));
    }
    return keys;
  };
  const macros = () =>
    Array.from({ length: Math.min(options.macroCount, ranges.macro.count) }, (_, n) =>
      computed(ranges.macro.base + n, protocol),
    );
  const categories: KeycodeCategory[] = [
    shownLater('basic', byGroup(BASIC_GROUPS)),
    shownLater('media', byGroup(MEDIA_GROUPS)),
    options.macrosSupported ? shownLater('macro', macros) : { id: 'macro', keycodes: [], unsupported: true },
    shownLater('layers', layerKeys),
    shownLater('special', byGroup(SPECIAL_GROUPS), { hasAnyButton: true }),
  ];
  if (options.vialRgb) categories.push(shownLater('lighting', buttons(isRgbControl)));
  else {
    const lighting = lightingGroups(options);
    if (lighting.length > 0) categories.push(shownLater('lighting', byGroup(new Set(lighting))));
  }
  const custom = (options.customKeycodes ?? []).slice(0, ranges.custom.count).map((k, n) => ({
    code: ranges.custom.base + n,
    name: `CUSTOM(${n})`,
    label: k.shortName ?? k.name,
    title: k.title ?? k.name,
  }));
  const tapDanceCount = Math.min(options.tapDanceCount ?? 0, ranges.tapDance.count);
  if (custom.length + tapDanceCount > 0)
    categories.push(
      shownLater('custom', () => [
        ...custom,
        ...Array.from({ length: tapDanceCount }, (_, n) => computed(ranges.tapDance.base + n, protocol)),
      ]),
    );
  return categories;
}
