import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseKeycode } from '../keycodes/parse.ts';
import { layerReach } from './layerReach.ts';
import { qmkBindingModel } from './qmkBindingModel.ts';

const KC_TRNS = 0x01;
const KEYS = 6;

/** A keymap from rows of keycode text ('' is KC_TRNS), in a protocol's numbering. */
function keymapOf(rows: string[][], protocol = 12): number[][] {
  return rows.map((row) =>
    Array.from({ length: KEYS }, (_, i) => (row[i] ? parseKeycode(row[i]!, protocol)! : KC_TRNS)),
  );
}

const reach = (rows: string[][], protocol = 12) =>
  layerReach({ keymap: keymapOf(rows, protocol) }, qmkBindingModel(protocol));

describe('layer reach', () => {
  it('lists the keys that turn each layer on, flags a layer nothing reaches', () => {
    const result = reach([['KC_A', 'MO(1)'], ['KC_B', '', 'TG(2)'], ['TO(0)'], ['KC_C']]);
    expect(result.map((r) => r.reachable)).toEqual([true, true, true, false]);
    expect(result[0]!.base).toBe(true);
    expect(result[1]!.reachedBy).toEqual([
      {
        place: { kind: 'key', layer: 0, index: 1 },
        binding: parseKeycode('MO(1)', 12),
        effect: { kind: 'hold', layer: 1 },
        live: true,
      },
    ]);
    expect(result[2]!.reachedBy.map((e) => e.place)).toEqual([{ kind: 'key', layer: 1, index: 2 }]);
    expect(result[3]!.reachedBy).toEqual([]);
  });

  it('a key on a layer nothing reaches does not make its target reachable', () => {
    const result = reach([['KC_A'], [''], ['MO(1)'], ['KC_C']]);
    expect(result[1]!.reachable).toBe(false);
    expect(result[1]!.reachedBy.map((e) => [e.place.layer, e.live])).toEqual([[2, false]]);
  });

  it('warns about a toggled layer with no key to leave it', () => {
    // TG(1) on the base; layer 1 covers that position with a key of its own.
    const stuck = reach([['TG(1)'], ['KC_B', 'KC_C', 'KC_D', 'KC_E', 'KC_F', 'KC_G']]);
    expect(stuck[1]!.oneWay.map((e) => e.place)).toEqual([{ kind: 'key', layer: 0, index: 0 }]);
    // Transparent there, the press falls through to TG(1) again and turns the layer off.
    expect(reach([['TG(1)'], ['', 'KC_C']])[1]!.oneWay).toEqual([]);
    // TO(0) or MO(1) (released, it turns layer 1 off) on the layer itself are ways back too.
    expect(reach([['TG(1)'], ['KC_B', 'TO(0)']])[1]!.oneWay).toEqual([]);
    expect(reach([['TG(1)', 'MO(1)'], ['KC_B']])[1]!.oneWay).toEqual([]);
  });

  it('finds a way back through a layer held on top of the toggled one', () => {
    const rows = [['TG(1)'], ['KC_B', 'MO(2)'], ['KC_X', '', 'TG(1)']];
    expect(reach(rows)[1]!.oneWay).toEqual([]);
    expect(reach([['TG(1)'], ['KC_B', 'MO(2)'], ['KC_X', '', 'KC_Y']])[1]!.oneWay).toHaveLength(1);
  });

  it('a default layer set by DF needs a DF of another layer to go back', () => {
    expect(reach([['DF(1)'], ['KC_B']])[1]!.oneWay).toHaveLength(1);
    // With layer 1 the default, layer 0 no longer shows through a transparent key.
    expect(reach([['DF(1)'], ['']])[1]!.oneWay).toHaveLength(1);
    expect(reach([['DF(1)'], ['KC_B', 'DF(0)']])[1]!.oneWay).toEqual([]);
  });

  it('momentary and one-shot layers need no way back', () => {
    expect(reach([['MO(1)', 'OSL(2)'], ['KC_B'], ['KC_C']]).flatMap((r) => r.oneWay)).toEqual([]);
  });

  it('tri-layer: the third layer needs both halves', () => {
    const both = reach([['FN_MO13', 'FN_MO23'], [], [], ['KC_A']]);
    expect(both.map((r) => r.reachable)).toEqual([true, true, true, true]);
    expect(both[3]!.reachedBy.map((e) => [e.place.kind === 'key' && e.place.index, e.live])).toEqual([
      [0, true],
      [1, true],
    ]);
    const half = reach([['FN_MO13'], [], [], ['KC_A']]);
    expect(half.map((r) => r.reachable)).toEqual([true, true, false, false]);
    expect(half[3]!.reachedBy.map((e) => e.live)).toEqual([false]);
    // The legacy numbering (protocol 9, Vial 5 boards) has them at 0x5F10/0x5F11.
    expect(reach([['FN_MO13', 'MO(2)'], [], [], ['KC_A']], 9).map((r) => r.reachable)).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it('an encoder reaches a layer by what a tap does, never by holding', () => {
    const keymap = keymapOf([['KC_A'], [''], [''], ['']]);
    const to = (t: string) => parseKeycode(t, 12)!;
    const encoders = [[[to('TO(2)'), to('MO(3)')] as const], [], [], []];
    const result = layerReach({ keymap, encoders }, qmkBindingModel(12));
    expect(result.map((r) => r.reachable)).toEqual([true, false, true, false]);
    expect(result[2]!.reachedBy[0]!.place).toEqual({
      kind: 'encoder',
      layer: 0,
      encoder: 0,
      clockwise: true,
    });
  });

  it('positions the keyboard does not draw are not counted', () => {
    const keymap = keymapOf([['KC_A', 'MO(1)'], ['KC_B']]);
    expect(layerReach({ keymap, used: [0] }, qmkBindingModel(12))[1]!.reachable).toBe(false);
  });

  it('every layer key is found, and reachability is the walk from the base (property)', () => {
    const families = ['MO', 'TG', 'TO', 'OSL', 'TT', 'DF', 'LT', 'LM'];
    const model = qmkBindingModel(12);
    const arb = fc.integer({ min: 1, max: 8 }).chain((layers) =>
      fc.array(
        fc.array(
          fc.oneof(
            fc.constant(''),
            fc.constantFrom('KC_A', 'KC_SPC', 'KC_NO'),
            fc
              .tuple(fc.constantFrom(...families), fc.integer({ min: 0, max: layers - 1 }))
              .map(([fn, l]) =>
                fn === 'LT' ? `LT(${l},KC_A)` : fn === 'LM' ? `LM(${l},MOD_LCTL)` : `${fn}(${l})`,
              ),
          ),
          { minLength: KEYS, maxLength: KEYS },
        ),
        { minLength: layers, maxLength: layers },
      ),
    );
    fc.assert(
      fc.property(arb, (rows) => {
        const keymap = keymapOf(rows);
        const result = layerReach({ keymap }, model);
        // Every layer key placed is listed under the layer it turns on (unless it sits on that layer).
        const missing: string[] = [];
        rows.forEach((row, layer) =>
          row.forEach((text, index) => {
            const target = /\((\d+)/.exec(text)?.[1];
            if (target === undefined || Number(target) === layer) return;
            const listed = result[Number(target)]!.reachedBy.some(
              (e) => e.place.kind === 'key' && e.place.layer === layer && e.place.index === index,
            );
            if (!listed) missing.push(`${text} on layer ${layer} at ${index}`);
          }),
        );
        expect(missing).toEqual([]);
        // Reachable: a breadth-first walk over the texts from layer 0.
        const seen = new Set([0]);
        for (const queue = [0]; queue.length > 0;) {
          const layer = queue.shift()!;
          for (const text of rows[layer]!) {
            const target = /\((\d+)/.exec(text)?.[1];
            if (target !== undefined && !seen.has(Number(target))) {
              seen.add(Number(target));
              queue.push(Number(target));
            }
          }
        }
        expect(result.map((r) => r.reachable)).toEqual(rows.map((_, l) => seen.has(l)));
      }),
      { numRuns: 300 },
    );
  });
});
