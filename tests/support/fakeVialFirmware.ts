import { DYNAMIC, VIAL } from '../../src/protocol/vial.ts';
import type { VialLink } from '../../src/services/vialFeatures.ts';

/**
 * A small Vial firmware for the service: entries and settings in memory, replies laid out as
 * docs/vial-protocol.md says (status byte first, no echo). Every request is recorded as hex.
 */
export function fakeFirmware(
  options: { settings?: Map<number, number[]>; refuse?: boolean; corrupt?: boolean } = {},
) {
  const entries = {
    [DYNAMIC.TAP_DANCE_GET]: Array.from({ length: 2 }, () => new Array<number>(10).fill(0)),
    [DYNAMIC.COMBO_GET]: Array.from({ length: 3 }, () => new Array<number>(10).fill(0)),
    [DYNAMIC.KEY_OVERRIDE_GET]: Array.from({ length: 1 }, () => new Array<number>(10).fill(0)),
  } as Record<number, number[][]>;
  // qsid → little-endian bytes; 40 ids so the query takes three rounds (16 per reply).
  const settings =
    options.settings ??
    new Map<number, number[]>([
      [1, [0]],
      [7, [0xc8, 0]],
      [21, [0, 0, 0, 0]],
      ...Array.from({ length: 37 }, (_, i) => [100 + i, [0]] as [number, number[]]),
    ]);
  const defaults = new Map([...settings].map(([k, v]) => [k, [...v]]));
  const sent: string[] = [];
  const link: VialLink = {
    vial(request) {
      sent.push(request.map((b) => b.toString(16).padStart(2, '0')).join(' '));
      const reply = new Uint8Array(32);
      const [, id, a = 0, b = 0] = request;
      if (id === VIAL.DYNAMIC_ENTRY_OP) {
        if (a === DYNAMIC.COUNTS) reply.set([2, 3, 1]);
        else if (a % 2 === 1) {
          const entry = entries[a]?.[b];
          if (!entry) reply[0] = 1;
          else reply.set([0, ...entry.map((x, i) => (options.corrupt && i === 0 ? x ^ 1 : x))]);
        } else {
          if (options.refuse) reply[0] = 1;
          else entries[a - 1]![b] = [...request.slice(4, 14)];
        }
      } else if (id === VIAL.QMK_SETTINGS_QUERY) {
        const after = a | (b << 8);
        reply.fill(0xff);
        const ids = [...settings.keys()].filter((q) => q > after).slice(0, 16);
        ids.forEach((q, i) => reply.set([q & 0xff, q >> 8], i * 2));
      } else if (id === VIAL.QMK_SETTINGS_GET) {
        const value = settings.get(a | (b << 8));
        if (value) reply.set([0, ...value]);
        else reply[0] = 1;
      } else if (id === VIAL.QMK_SETTINGS_SET) {
        const q = a | (b << 8);
        const value = settings.get(q);
        if (!value || options.refuse) reply[0] = 1;
        else settings.set(q, [...request.slice(4, 4 + value.length)]);
      } else if (id === VIAL.QMK_SETTINGS_RESET) {
        for (const [k, v] of defaults) settings.set(k, [...v]);
      }
      return Promise.resolve(reply);
    },
  };
  return { link, sent, entries, settings };
}
