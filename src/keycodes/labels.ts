import { formatKeycode } from './format.ts';
import { rangesFor } from './generations.ts';
import { keycodeTable, SHIFTED_SYMBOLS, type KeycodeEntry } from './tables.ts';

/** What a key face shows for a keycode (core.md §3 Key label). */
export interface KeyLabel {
  /** Main label, or the whole label when no top/bottom split applies. */
  label: string;
  topLabel?: string;
  bottomLabel?: string;
  centerLabel?: string;
  /** Full text for the tooltip (long labels, macros). */
  tooltipLabel?: string;
  /** The macro's text, for MACRO(n) keys. */
  macroExpression?: string;
}

export interface KeyLabelContext {
  /** Macro scripts by index, shown on MACRO(n) keys. */
  macroExpressions?: readonly string[];
  /** The definition's custom keycodes by CUSTOM(n) index. */
  customKeycodes?: readonly { name: string; title?: string; shortName?: string }[];
}

// Labels for keys QMK gives no label (or an unhelpful one); short so they fit a 1u cap.
const SHORT_LABELS: Readonly<Record<string, string>> = {
  KC_NO: '',
  KC_TRNS: '▽',
  KC_ESC: 'Esc',
  KC_ENT: 'Enter',
  KC_BSPC: 'Bksp',
  KC_TAB: 'Tab',
  KC_SPC: 'Space',
  KC_CAPS: 'Caps',
  KC_LCTL: 'Ctrl',
  KC_RCTL: 'Ctrl',
  KC_LSFT: 'Shift',
  KC_RSFT: 'Shift',
  KC_LALT: 'Alt',
  KC_RALT: 'AltGr',
  KC_LGUI: 'Win',
  KC_RGUI: 'Win',
  KC_APP: 'Menu',
  KC_PSCR: 'PrtSc',
  KC_SCRL: 'ScrLk',
  KC_PAUS: 'Pause',
  KC_INS: 'Ins',
  KC_DEL: 'Del',
  KC_HOME: 'Home',
  KC_END: 'End',
  KC_PGUP: 'PgUp',
  KC_PGDN: 'PgDn',
  KC_NUM: 'NumLk',
  KC_MUTE: 'Mute',
  KC_VOLU: 'Vol+',
  KC_VOLD: 'Vol-',
  KC_MPLY: 'Play',
  KC_MNXT: 'Next',
  KC_MPRV: 'Prev',
  QK_BOOT: 'Boot',
  RESET: 'Reset',
};

const MOD_SHORT = ['Ctrl', 'Shift', 'Alt', 'Win'];

function modsShort(mods: number): string {
  const side = mods & 0x10 ? 'R' : '';
  return MOD_SHORT.filter((_, bit) => mods & (1 << bit))
    .map((m) => side + m)
    .join('+');
}

function entryLabel(entry: KeycodeEntry): string {
  const short = SHORT_LABELS[entry.name];
  if (short !== undefined) return short;
  if (entry.label && entry.label.length <= 6) return entry.label;
  return entry.name.replace(/^(KC_|QK_)/, '');
}

/** Shifted symbol for a basic key on a US layout, e.g. '!' for KC_1. */
const SHIFTED_BY_BASE = new Map([...SHIFTED_SYMBOLS.values()].map((s) => [s.base, s.label]));

/** The key-face label for a keycode; pure, cheap enough to label a whole 6×21×8 keymap per frame. */
export function keycodeLabel(code: number, protocol: number, ctx: KeyLabelContext = {}): KeyLabel {
  const table = keycodeTable(protocol);
  const ranges = rangesFor(protocol);
  if (code >= ranges.macro.base && code < ranges.macro.base + ranges.macro.count) {
    const n = code - ranges.macro.base;
    const macro = ctx.macroExpressions?.[n];
    return { label: `M${n}`, ...(macro ? { macroExpression: macro, tooltipLabel: macro } : {}) };
  }
  if (code >= ranges.custom.base && code < ranges.custom.base + ranges.custom.count) {
    const custom = ctx.customKeycodes?.[code - ranges.custom.base];
    if (custom) {
      const text = custom.shortName ?? custom.name;
      return { label: text, ...(custom.title ? { tooltipLabel: custom.title } : {}) };
    }
  }
  const entry = table.byCode.get(code);
  if (entry) {
    const shifted = [entry.name, ...entry.aliases].map((n) => SHIFTED_BY_BASE.get(n)).find(Boolean);
    const base = entryLabel(entry);
    return shifted ? { label: base, topLabel: shifted, bottomLabel: base } : { label: base };
  }
  if (code >= 0x0100 && code <= 0x1fff) {
    const mods = (code >> 8) & 0x1f;
    const inner = keycodeLabel(code & 0xff, protocol, ctx);
    if (mods === 0x02 && inner.topLabel)
      return { label: inner.topLabel, tooltipLabel: formatKeycode(code, protocol) };
    return {
      label: inner.label,
      topLabel: modsShort(mods),
      bottomLabel: inner.label,
      tooltipLabel: formatKeycode(code, protocol),
    };
  }
  const text = formatKeycode(code, protocol);
  const call = /^(MT|LT|LM)\((.+),(.+)\)$/.exec(text);
  if (call) {
    const [, fn, first] = call;
    const top = fn === 'MT' ? modsShort((code >> 8) & 0x1f) : `${fn} ${first}`;
    const bottom =
      fn === 'LM'
        ? modsShort(code & ranges.layerMod.modMask)
        : keycodeLabel(code & 0xff, protocol, ctx).label;
    return { label: text, topLabel: top, bottomLabel: bottom, tooltipLabel: text };
  }
  return text.length > 15 ? { label: text, tooltipLabel: text } : { label: text };
}
