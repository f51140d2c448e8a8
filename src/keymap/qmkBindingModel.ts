import '../keycodes/fullKeycodeTables.ts';
import { rangesFor, type IndexRange } from '../keycodes/generations.ts';
import { keycodeTable } from '../keycodes/tables.ts';
import type { BindingModel, LayerEffect } from './bindingModel.ts';

const KC_TRNS = 0x0001;
/** QMK's default tri-layer: Lower (layer 1) and Upper (layer 2) held together turn on Adjust (layer 3). */
const TRI_LAYER = { lower: 1, upper: 2, adjust: 3 } as const;

const indexIn = (code: number, range: IndexRange | undefined): number | null =>
  range && code >= range.base && code < range.base + range.count ? code - range.base : null;

/**
 * Keys the computer sees as key presses: the keyboard page (A … Keypad Hex, 0x04–0xA4), the consumer keys
 * browsers report (mute … play/pause, 0xA8–0xAE) and the modifiers (0xE0–0xE7). Power, sleep and wake, mouse keys
 * and everything above the basic range never arrive as a key event.
 */
export const seenByHost = (basic: number) =>
  (basic >= 0x04 && basic <= 0xa4) || (basic >= 0xa8 && basic <= 0xae) || (basic >= 0xe0 && basic <= 0xe7);

/**
 * QMK keycodes as bindings, in the numbering of a VIA protocol (Vial keyboards: the protocol whose numbering they
 * use, `KeyboardState.protocol`): MO, LT, LM, TG, TT, TO, OSL, DF, PDF, and the tri-layer keys (FN_MO13/FN_MO23,
 * QMK's TL_LOWR/TL_UPPR at the same numbers from protocol 12) with QMK's default layers 1, 2 and 3.
 */
export function qmkBindingModel(protocol: number): BindingModel<number> {
  const ranges = rangesFor(protocol);
  const table = keycodeTable(protocol);
  const lower = table.byName.get('FN_MO13');
  const upper = table.byName.get('FN_MO23');
  const { layerTap, modTap, layerMod: lm } = ranges;
  const one = (kind: LayerEffect['kind'], range: IndexRange | undefined, code: number) => {
    const layer = indexIn(code, range);
    return layer === null ? null : ([{ kind, layer }] as LayerEffect[]);
  };

  function layerEffects(code: number): readonly LayerEffect[] {
    if (code >= layerTap && code < layerTap + 0x1000) return [{ kind: 'hold', layer: (code >> 8) & 0x0f }];
    if (code >= lm.base && code < lm.base + (16 << lm.shift))
      return [{ kind: 'hold', layer: (code - lm.base) >> lm.shift }];
    const tt = indexIn(code, ranges.tt);
    if (tt !== null)
      return [
        { kind: 'hold', layer: tt },
        { kind: 'toggle', layer: tt },
      ];
    const { lower: low, upper: up, adjust } = TRI_LAYER;
    if (code === lower) return [{ kind: 'triLayer', layer: low, partner: up, both: adjust }];
    if (code === upper) return [{ kind: 'triLayer', layer: up, partner: low, both: adjust }];
    return (
      one('hold', ranges.mo, code) ??
      one('toggle', ranges.tg, code) ??
      one('to', ranges.to, code) ??
      one('oneShot', ranges.osl, code) ??
      one('default', ranges.df, code) ??
      one('default', ranges.pdf, code) ??
      []
    );
  }

  function hostKeycode(code: number): number | null {
    let basic: number | null = null;
    if (code <= 0xff) basic = code;
    // Modifier wrappers (LCTL(KC_C)), mod-taps and layer-taps send their basic key when tapped.
    else if (code <= 0x1fff) basic = code & 0xff;
    else if (code >= modTap && code < modTap + 0x2000) basic = code & 0xff;
    else if (code >= layerTap && code < layerTap + 0x1000) basic = code & 0xff;
    return basic !== null && seenByHost(basic) ? basic : null;
  }

  return { isTransparent: (code) => code === KC_TRNS, layerEffects, hostKeycode };
}
