import { parseQmkKeycode, qmkKeycodeText, QMK_PROTOCOL } from '../keycodes/qmkNames.ts';
import { refusalTable, type Refused } from '../lib/refusal.ts';
import { hidUsageToKeycode } from '../zmk/hidKeycodes.ts';
import type { ConvertNote } from './convertNotes.ts';
import { DOCUMENT_LIMITS, type KeymapDocument } from './keymapDocument.ts';
import { findLayout, type QmkInfo, type QmkLayout } from './qmkInfo.ts';
import type { ZmkKeymapSource, ZmkSourceBinding } from './zmkKeymapReader.ts';
import { sourceBindingText } from './zmkKeymapSourceWriter.ts';

/** Why a `.keymap` is not made a QMK keymap (`refusals:zmkDocument.<name>`). */
export const zmkDocumentRefusals = refusalTable('zmkDocument', {
  layout:
    'The .keymap has {{count}} key positions; no LAYOUT macro of the keyboard.json/info.json takes that many (it has {{known}}): give one with --layout.',
  tooBig:
    'The .keymap has more layers or key positions than a QMK keymap holds ({{layers}} layers, {{keys}} keys).',
});

/** QMK's 5-bit modifier form of a modifier key's usage (0x0700E0 LCTL … 0x0700E7 RGUI). */
function modsOfKey(usage: number | null): number | null {
  if (usage === null || usage >>> 16 !== 0x07) return null;
  const id = usage & 0xffff;
  if (id < 0xe0 || id > 0xe7) return null;
  const bit = 1 << (id & 3);
  return id >= 0xe4 ? 0x10 | bit : bit;
}

const qmk = (text: string) => parseQmkKeycode(text);

/**
 * One ZMK binding as a QMK keycode (today's numbering), by QMK's names: `&kp` its key (hidKeycodes.ts), `&mt`
 * MT(mods, key), `&lt` LT(layer, key), `&mo` `&tog` `&to` `&sl` MO TG TO OSL, `&sk` on a modifier OSM, `&trans`
 * `&none`, `&caps_word` `&key_repeat` `&sys_reset` `&bootloader` QMK's keys for the same. null: QMK has none.
 */
function qmkKeycodeOf(b: ZmkSourceBinding): number | null {
  const [a = null, c = null] = b.values;
  const key = (usage: number | null) => (usage === null ? null : hidUsageToKeycode(usage));
  const basic = (usage: number | null) => {
    const k = key(usage);
    return k !== null && k <= 0xff ? k : null;
  };
  switch (b.label) {
    case 'kp':
      return key(a);
    case 'trans':
      return qmk('KC_TRNS');
    case 'none':
      return qmk('KC_NO');
    case 'mo':
    case 'tog':
    case 'to':
    case 'sl': {
      const fn = { mo: 'MO', tog: 'TG', to: 'TO', sl: 'OSL' }[b.label];
      return a !== null && a < 32 ? qmk(`${fn}(${a})`) : null;
    }
    case 'lt': {
      const k = basic(c);
      return a !== null && a < 16 && k !== null ? qmk(`LT(${a}, ${qmkKeycodeText(k)})`) : null;
    }
    case 'mt': {
      const mods = modsOfKey(a);
      const k = basic(c);
      return mods !== null && k !== null ? (0x2000 | (mods << 8) | k) >>> 0 : null;
    }
    case 'sk': {
      const mods = modsOfKey(a);
      return mods === null ? null : qmk(`OSM(0x${mods.toString(16)})`);
    }
    case 'caps_word':
      return qmk('QK_CAPS_WORD_TOGGLE');
    case 'key_repeat':
      return qmk('QK_REPEAT_KEY');
    case 'sys_reset':
      return qmk('QK_REBOOT');
    case 'bootloader':
      return qmk('QK_BOOTLOADER');
    default:
      return null;
  }
}

/**
 * A `.keymap` as a keymap document in QMK's numbering (for keymap.c, keymap.json, .vil, .layout.json). With the
 * keyboard's keyboard.json/info.json, key position p is the LAYOUT macro's p-th argument (both list keys in
 * the same physical order); without it, the positions in one matrix row after another. What QMK has no keycode
 * for (Bluetooth, output, lighting, mouse keys, the file's own behaviors) is KC_NO, listed; combos, the file's
 * behaviors and sensor-bindings are listed as not carried.
 */
export function zmkKeymapDocument(
  source: ZmkKeymapSource,
  options: { info?: QmkInfo | undefined; layoutName?: string | undefined } = {},
): { ok: true; doc: KeymapDocument; notes: ConvertNote[] } | Refused {
  const positions = Math.max(...source.layers.map((l) => l.bindings.length));
  if (source.layers.length > DOCUMENT_LIMITS.layers || positions > DOCUMENT_LIMITS.keys)
    return zmkDocumentRefusals.refuse('tooBig', { layers: source.layers.length, keys: positions });
  const { info } = options;
  let layout: QmkLayout | null = null;
  if (info) {
    layout = options.layoutName
      ? findLayout(info, options.layoutName)
      : (info.layouts.find((l) => l.keys.length === positions) ?? null);
    if (!layout || layout.keys.length < positions)
      return zmkDocumentRefusals.refuse('layout', {
        count: positions,
        known: info.layouts.map((l) => `${l.name} (${l.keys.length})`).join(', '),
      });
  }
  const cols = layout
    ? (info!.matrix?.cols ?? Math.max(...layout.keys.map((k) => k.col)) + 1)
    : Math.min(positions, DOCUMENT_LIMITS.cols);
  const rows = layout
    ? (info!.matrix?.rows ?? Math.max(...layout.keys.map((k) => k.row)) + 1)
    : Math.ceil(positions / cols);
  const lost: string[] = [];
  const layers = source.layers.map((layer, l) => {
    const out = Array<number>(rows * cols).fill(0);
    layer.bindings.forEach((b, p) => {
      const code = qmkKeycodeOf(b);
      if (code === null) lost.push(`layer ${l}, position ${p}: ${sourceBindingText(b)}`);
      const at = layout ? layout.keys[p]! : { row: Math.floor(p / cols), col: p % cols };
      out[at.row * cols + at.col] = code ?? 0;
    });
    return out;
  });
  const notes: ConvertNote[] = [];
  if (lost.length > 0)
    notes.push({ kind: 'zmkBindingsNotCarried', count: lost.length, list: lost.slice(0, 24).join('; ') });
  const own = [
    ...source.behaviors.map((b) => `&${b.label}`),
    ...source.combos.map((c) => `combo ${c}`),
    ...source.conditionalLayers.map((c) => `conditional layer ${c}`),
  ];
  const sensors = source.layers.reduce((n, l) => n + (l.sensorBindings?.length ?? 0), 0);
  if (sensors > 0) own.push(`${sensors} sensor-binding(s)`);
  if (own.length > 0) notes.push({ kind: 'zmkSourceNotCarried', list: own.join(', ') });
  return {
    ok: true,
    doc: {
      keyboard: {
        name: info?.name ?? source.fileName.replace(/\.keymap$/, ''),
        vendorProductId: info?.vendorProductId ?? null,
        rows,
        cols,
      },
      protocol: QMK_PROTOCOL,
      macroProtocol: QMK_PROTOCOL,
      layers,
      encoders: [],
      macros: [],
      layerNames: source.layers.map((l) => l.displayName ?? ''),
      source: source.fileName,
      sourceFormat: '.keymap',
    },
    notes,
  };
}
