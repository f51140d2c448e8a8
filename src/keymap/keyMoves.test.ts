import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyKeyMove, applyKeyWrites, planKeyWrites, type KeyMove } from './keyMoves.ts';

const keymap = () => [
  [10, 11, 12, 13],
  [20, 21, 22, 23],
];

/**
 * The fewest reports covering the changed positions, by dynamic programming: a report covers one position, or up
 * to 14 consecutive ones none of which holds a protected keycode.
 */
function fewestReports(changed: number[], protectedAt: (i: number) => boolean): number {
  const best = [0];
  for (let i = 1; i <= changed.length; i++) {
    best[i] = best[i - 1]! + 1;
    for (let j = i - 2; j >= 0 && changed[i - 1]! - changed[j]! < 14; j--) {
      let clear = true;
      for (let p = changed[j]!; p <= changed[i - 1]!; p++) if (protectedAt(p)) clear = false;
      if (clear) best[i] = Math.min(best[i]!, best[j]! + 1);
    }
  }
  return best[changed.length]!;
}

describe('key moves', () => {
  it('swaps, moves and copies across layers', () => {
    expect(
      applyKeyMove(keymap(), { kind: 'swap', a: { layer: 0, index: 1 }, b: { layer: 1, index: 3 } }),
    ).toEqual([
      [10, 23, 12, 13],
      [20, 21, 22, 11],
    ]);
    const move: KeyMove<number> = {
      kind: 'move',
      from: { layer: 0, index: 0 },
      to: { layer: 1, index: 2 },
      vacated: 1,
    };
    expect(applyKeyMove(keymap(), move)).toEqual([
      [1, 11, 12, 13],
      [20, 21, 10, 23],
    ]);
    expect(
      applyKeyMove(keymap(), { kind: 'copy', from: { layer: 1, index: 0 }, to: { layer: 0, index: 3 } }),
    ).toEqual([
      [10, 11, 12, 20],
      [20, 21, 22, 23],
    ]);
  });

  it('leaves the keymap it was given alone and refuses places outside it', () => {
    const before = keymap();
    applyKeyMove(before, { kind: 'swap', a: { layer: 0, index: 0 }, b: { layer: 0, index: 1 } });
    expect(before).toEqual(keymap());
    expect(() =>
      applyKeyMove(before, { kind: 'copy', from: { layer: 2, index: 0 }, to: { layer: 0, index: 0 } }),
    ).toThrow(RangeError);
    expect(() =>
      applyKeyMove(before, { kind: 'swap', a: { layer: 0, index: 4 }, b: { layer: 0, index: 0 } }),
    ).toThrow(RangeError);
  });

  it('one changed key is one single-key write; neighbours are one buffer write; far apart, two', () => {
    const before = [Array.from({ length: 40 }, (_, i) => i + 100)];
    const one = applyKeyMove(before, {
      kind: 'copy',
      from: { layer: 0, index: 0 },
      to: { layer: 0, index: 5 },
    });
    expect(planKeyWrites(before, one)).toEqual([{ kind: 'key', layer: 0, index: 5, code: 100 }]);
    const near = applyKeyMove(before, {
      kind: 'swap',
      a: { layer: 0, index: 3 },
      b: { layer: 0, index: 16 },
    });
    expect(planKeyWrites(before, near)).toEqual([
      { kind: 'chunk', offset: 6, bytes: near[0]!.slice(3, 17).flatMap((c) => [c >> 8, c & 0xff]) },
    ]);
    // A keycode no buffer write may carry splits the write around it.
    const guarded = planKeyWrites(before, near, (c) => c === 110);
    expect(guarded.map((w) => w.kind)).toEqual(['key', 'key']);
    const far = applyKeyMove(before, { kind: 'swap', a: { layer: 0, index: 3 }, b: { layer: 0, index: 17 } });
    expect(planKeyWrites(before, far).map((w) => w.kind)).toEqual(['key', 'key']);
    expect(planKeyWrites(before, before)).toEqual([]);
  });

  it('the plan gives the new keymap in the fewest reports, never more than 28 bytes each (property)', () => {
    const arb = fc
      .tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 40 }))
      .chain(([layers, keys]) =>
        fc.tuple(
          fc.array(fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: keys, maxLength: keys }), {
            minLength: layers,
            maxLength: layers,
          }),
          fc.array(
            fc.tuple(
              fc.integer({ min: 0, max: layers - 1 }),
              fc.integer({ min: 0, max: keys - 1 }),
              fc.integer({ min: 0, max: 0xffff }),
            ),
            { maxLength: 12 },
          ),
          fc.boolean(),
        ),
      );
    fc.assert(
      fc.property(arb, ([current, edits, guard]) => {
        const next = current.map((layer) => [...layer]);
        for (const [layer, index, code] of edits) next[layer]![index] = code;
        // Half the runs keep a sixteenth of the keycodes out of buffer writes (QK_BOOT on a locked Vial board).
        const singleOnly = (code: number) => guard && code % 16 === 0;
        const plan = planKeyWrites(current, next, singleOnly);
        expect(applyKeyWrites(current, plan)).toEqual(next);
        const width = current[0]!.length;
        const old = current.flat();
        const flat = next.flat();
        const changed = flat.flatMap((code, i) => (code !== old[i] ? [i] : []));
        expect(plan).toHaveLength(fewestReports(changed, (i) => singleOnly(flat[i]!)));
        for (const write of plan) {
          if (write.kind === 'key') expect(write.index).toBeLessThan(width);
          else {
            expect(write.bytes.length).toBeLessThanOrEqual(28);
            expect(write.offset % 2).toBe(0);
            expect(write.bytes.length % 2).toBe(0);
            for (let i = 0; i < write.bytes.length; i += 2)
              expect(singleOnly((write.bytes[i]! << 8) | write.bytes[i + 1]!)).toBe(false);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
