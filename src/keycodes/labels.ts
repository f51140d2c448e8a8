import { keyLegend, type KeyLegendContext } from './legends.ts';
import { rangesFor } from './generations.ts';

/** What a key face shows for a keycode (core.md §3 Key label). */
export interface KeyLabel {
  /** Main label, or the whole label when no top/bottom split applies. */
  label: string;
  topLabel?: string;
  bottomLabel?: string;
  centerLabel?: string;
  /** Full text for the tooltip (composite keys, macros). */
  tooltipLabel?: string;
  /** The macro's text, for MACRO(n) keys. */
  macroExpression?: string;
  /** The friendly name screen readers hear and the hover bar shows ("Layer-tap 2, Space"). */
  title: string;
}

export interface KeyLabelContext extends KeyLegendContext {
  /** Macro scripts by index, shown on MACRO(n) keys. */
  macroExpressions?: readonly string[];
}

/**
 * The key-face label for a keycode, from the friendly legends (`keyLegend`); pure, cheap enough to label a
 * whole 6×21×8 keymap per frame.
 */
export function keycodeLabel(code: number, protocol: number, ctx: KeyLabelContext = {}): KeyLabel {
  const legend = keyLegend(code, protocol, ctx);
  const { macro, custom } = rangesFor(protocol);
  if (code >= macro.base && code < macro.base + macro.count) {
    const text = ctx.macroExpressions?.[code - macro.base];
    return {
      label: legend.short,
      title: legend.title,
      ...(text ? { macroExpression: text, tooltipLabel: text } : {}),
    };
  }
  const split = legend.top !== undefined ? { topLabel: legend.top, bottomLabel: legend.bottom ?? '' } : {};
  // Composite keys (mod-tap, layer-tap …) say in a tooltip what the two lines mean.
  const composite = legend.top !== undefined && legend.title !== legend.short && !/^.$/u.test(legend.top);
  // A definition's custom keycode explains itself in its title.
  const described = code >= custom.base && code < custom.base + custom.count && legend.title !== legend.short;
  return {
    label: legend.short,
    title: legend.title,
    ...split,
    ...(composite || described || legend.short.length > 15 ? { tooltipLabel: legend.title } : {}),
  };
}
