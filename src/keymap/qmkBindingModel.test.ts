import { describe, expect, it } from 'vitest';
import { formatKeycode, HEX_KEYCODE, parseKeycode } from '../keycodes/index.ts';
import type { LayerEffect } from './bindingModel.ts';
import { qmkBindingModel } from './qmkBindingModel.ts';

// Every numbering the app supports: legacy TO at 0x5010 (9) and 0x5000 (10), QMK's 0.0.x (11), renumbered (12).
const PROTOCOLS = [9, 10, 11, 12];

/** What the canonical text of a keycode says it does to layers, read independently of the model. */
function effectsFromText(text: string): LayerEffect[] {
  const fn = /^(MO|TG|TO|OSL|TT|DF|PDF)\((\d+)\)$/.exec(text);
  if (fn) {
    const layer = Number(fn[2]);
    const kinds = { MO: ['hold'], TG: ['toggle'], TO: ['to'], OSL: ['oneShot'], TT: ['hold', 'toggle'] };
    const list = (kinds as Record<string, string[]>)[fn[1]!] ?? ['default'];
    return list.map((kind) => ({ kind, layer }) as LayerEffect);
  }
  const tap = /^L[TM]\((\d+),/.exec(text);
  if (tap) return [{ kind: 'hold', layer: Number(tap[1]) }];
  if (text === 'FN_MO13' || text === 'TL_LOWR') return [{ kind: 'triLayer', layer: 1, partner: 2, both: 3 }];
  if (text === 'FN_MO23' || text === 'TL_UPPR') return [{ kind: 'triLayer', layer: 2, partner: 1, both: 3 }];
  return [];
}

describe('QMK keycodes as bindings', () => {
  it.each(PROTOCOLS)(
    'protocol %i: every named keycode in the layer ranges does what its name says',
    (protocol) => {
      const model = qmkBindingModel(protocol);
      const wrong: string[] = [];
      // Every layer key of every numbering lies in 0x4000–0x7FFF (LT, LM, TO … TT, PDF, FN_MO13/FN_MO23, TL_*).
      for (let code = 0x4000; code <= 0x7fff; code++) {
        const text = formatKeycode(code, protocol);
        // Unnamed numbers (LT of an unnamed key, LM without modifiers) are left to the examples below.
        if (HEX_KEYCODE.test(text)) continue;
        const said = JSON.stringify(model.layerEffects(code));
        if (said !== JSON.stringify(effectsFromText(text))) wrong.push(`${text}: ${said}`);
      }
      expect(wrong).toEqual([]);
    },
  );

  it.each(PROTOCOLS)('protocol %i: layer keys in its own numbering', (protocol) => {
    const model = qmkBindingModel(protocol);
    const effects = (text: string) => model.layerEffects(parseKeycode(text, protocol)!);
    expect(effects('MO(3)')).toEqual([{ kind: 'hold', layer: 3 }]);
    expect(effects('LT(2,KC_SPC)')).toEqual([{ kind: 'hold', layer: 2 }]);
    expect(effects('LM(1,MOD_LCTL)')).toEqual([{ kind: 'hold', layer: 1 }]);
    expect(effects('TT(4)')).toEqual([
      { kind: 'hold', layer: 4 },
      { kind: 'toggle', layer: 4 },
    ]);
    expect(effects('TG(5)')).toEqual([{ kind: 'toggle', layer: 5 }]);
    expect(effects('TO(6)')).toEqual([{ kind: 'to', layer: 6 }]);
    expect(effects('OSL(7)')).toEqual([{ kind: 'oneShot', layer: 7 }]);
    expect(effects('DF(1)')).toEqual([{ kind: 'default', layer: 1 }]);
    expect(effects('FN_MO13')).toEqual([{ kind: 'triLayer', layer: 1, partner: 2, both: 3 }]);
    expect(effects('KC_A')).toEqual([]);
    expect(effects('MACRO(1)')).toEqual([]);
  });

  it('PDF makes a default layer from protocol 12', () => {
    const model = qmkBindingModel(12);
    expect(model.layerEffects(parseKeycode('PDF(2)', 12)!)).toEqual([{ kind: 'default', layer: 2 }]);
  });

  it.each(PROTOCOLS)('protocol %i: the key the computer sees when a binding is tapped', (protocol) => {
    const model = qmkBindingModel(protocol);
    const host = (text: string) => model.hostKeycode(parseKeycode(text, protocol)!);
    expect(host('KC_A')).toBe(0x04);
    expect(host('LCTL(KC_A)')).toBe(0x04);
    expect(host('LT(1,KC_A)')).toBe(0x04);
    expect(host('MT(MOD_LSFT,KC_A)')).toBe(0x04);
    expect(host('KC_LSFT')).toBe(0xe1);
    expect(host('KC_MUTE')).toBe(0xa8);
    for (const unseen of ['MO(1)', 'TG(2)', 'KC_TRNS', 'KC_NO', 'QK_BOOT', 'MACRO(0)', 'KC_PWR'])
      expect([unseen, host(unseen)]).toEqual([unseen, null]);
    expect(model.isTransparent(0x01)).toBe(true);
    expect(model.isTransparent(0x00)).toBe(false);
  });
});
