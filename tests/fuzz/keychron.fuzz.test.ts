import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseKeychronSection } from '../../src/formats/keychronSection.ts';
import type { KeychronProblem } from '../../src/services/keychronProblem.ts';
import { isWrite, keychronHostileRig, outOfBounds, type Tamper } from '../support/keychronHostileRig.ts';
import { FUZZ_RUNS, FUZZ_SEED, FUZZ_TIMEOUT_MS, fuzzParameters } from './fuzzConfig.ts';

// Keychron from the keyboard's side (issue 40): the app reads a Keychron board and makes one change while the
// board answers anything — a reply cut short, bytes changed, 0xFF, another command's echo, silence. Whatever
// it answers, the app never sends a request past the firmware's tables (its unchecked spans), never writes
// anything but the change it was asked for and its undo, and ends ready or with a worded problem; nothing
// escapes as an exception. And a layout file's `keychron` value, any JSON at all, is a bounded section or
// refused.

/** One way to answer a request: as the firmware does, or changed. */
const answer = fc.oneof(
  fc.record({ kind: fc.constant('silent' as const) }),
  fc.record({ kind: fc.constant('ff' as const) }),
  fc.record({ kind: fc.constant('short' as const), length: fc.integer({ min: 0, max: 31 }) }),
  fc.record({
    kind: fc.constant('poke' as const),
    at: fc.integer({ min: 0, max: 31 }),
    value: fc.integer({ min: 0, max: 255 }),
  }),
  fc.record({ kind: fc.constant('noise' as const), bytes: fc.uint8Array({ minLength: 32, maxLength: 32 }) }),
);
type Answer = typeof answer extends fc.Arbitrary<infer A> ? A : never;

/** The replies that carry counts: kept true when a property says the board tells its sizes honestly. */
const COUNTS = new Set(['a8 05', 'a8 0b', 'a7 07']);
const key = (r: Uint8Array) => `${r[0]!.toString(16)} ${r[1]!.toString(16).padStart(2, '0')}`;

/** The board answers truly except at the exchanges `plan` names (a read is about 60; a change's from 100). */
function planned(plan: [number, Answer][], keepCounts: boolean) {
  let n = 0;
  const at = new Map(plan);
  const tamper: Tamper = (request, reply) => {
    const a = at.get(n++);
    if (keepCounts && COUNTS.has(key(request))) return reply;
    if (!reply || !a) return reply;
    if (a.kind === 'silent') return null;
    if (a.kind === 'ff') return ((reply[0] = 0xff), reply);
    if (a.kind === 'short') return reply.slice(0, a.length);
    if (a.kind === 'poke') return ((reply[a.at] = a.value), reply);
    return a.bytes.slice();
  };
  /** The change's exchanges are counted from 100. */
  return { tamper, change: () => void (n = 100) };
}

const CODES: KeychronProblem['code'][] = [
  'unbuilt',
  'refused',
  'garbled',
  'silent',
  'tooMany',
  'outOfRange',
  'other',
];
/** Each run is a whole read of a board (about 40 exchanges), so the suite runs 1/50 of FUZZ_RUNS of them. */
const boardRuns = { numRuns: Math.max(40, Math.round(FUZZ_RUNS / 50)), seed: FUZZ_SEED, endOnFailure: true };

describe('fuzz: a Keychron board answering anything', () => {
  for (const keepCounts of [true, false])
    it(
      keepCounts
        ? 'counts told honestly, everything else garbled: no request past the firmware’s tables, no write but the change'
        : 'every reply garbled, counts too: no request past what the app can believe, no write but the change',
      async () => {
        const reached = { ready: 0, failed: 0, changed: 0, refused: 0 };
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom('q1v2_ansi_encoder' as const, 'c1_pro_8k_ansi' as const),
            fc.array(fc.tuple(fc.oneof(fc.nat({ max: 60 }), fc.integer({ min: 100, max: 112 })), answer), {
              maxLength: 4,
            }),
            fc.integer({ min: 0, max: 80 }),
            async (id, plan, led) => {
              const board = planned(plan, keepCounts);
              const rig = keychronHostileRig(id, board.tamper);
              const s = rig.store.getState();
              await s.load();
              const after = rig.store.getState();
              reached[after.status === 'ready' ? 'ready' : 'failed']++;
              if (after.status === 'failed') expect(CODES).toContain(after.loadError!.code);
              expect(rig.writes()).toEqual([]);
              const from = rig.sent.length;
              if (after.status === 'ready') {
                board.change();
                const ok = await after.change({ kind: 'colors', entries: [[led, [1, 2, 250]]] });
                reached[ok ? 'changed' : 'refused']++;
                if (!ok) expect(CODES).toContain(rig.store.getState().failure!.code);
                // Only colour writes: the change and, when it failed, putting back the same LED.
                for (const w of rig.writes(from))
                  expect([w[0], w[1], w[2], w[3]]).toEqual([0xa8, 0x0a, led, 1]);
              }
              // The app's hard caps: what it could have been told (LEDs up to the matrix, 8 regions, 16 effects,
              // 64 pairs); with honest counts, the firmware's true tables.
              const caps = keepCounts
                ? rig.truth
                : { ...rig.truth, leds: rig.truth.rows * rig.truth.cols, regions: 8, effects: 16, pairs: 64 };
              expect(rig.sent.map((r) => outOfBounds(r, caps)).filter(Boolean)).toEqual([]);
              expect(rig.sent.filter(isWrite).every((w) => w[0] === 0xa8 && w[1] === 0x0a)).toBe(true);
            },
          ),
          boardRuns,
        );
        // The generator reaches every outcome: failed reads, good changes and failed ones.
        expect(Object.values(reached).every((n) => n > 0)).toBe(true);
      },
      FUZZ_TIMEOUT_MS,
    );
});

describe('fuzz: a layout file’s keychron value', () => {
  it(
    'any JSON: a section within its bounds, or refused; never a throw',
    () => {
      const near = fc.record({
        version: fc.oneof(fc.constant(1), fc.anything()),
        rgb: fc.option(
          fc.record({
            perKeyType: fc.integer({ min: -2, max: 300 }),
            colors: fc.array(fc.array(fc.integer({ min: -1, max: 256 }), { maxLength: 4 }), {
              maxLength: 300,
            }),
            regions: fc.array(fc.integer({ min: -1, max: 9 }), { maxLength: 300 }),
            effects: fc.array(fc.array(fc.anything(), { maxLength: 6 }), { maxLength: 3 }),
            osIndicator: fc.anything(),
          }),
          { nil: undefined },
        ),
        snapClick: fc.option(
          fc.array(fc.array(fc.integer({ min: -1, max: 256 }), { maxLength: 4 }), { maxLength: 70 }),
          {
            nil: undefined,
          },
        ),
        debounce: fc.option(
          fc.record({ type: fc.integer({ min: -1, max: 9 }), ms: fc.integer({ min: -1, max: 300 }) }),
          {
            nil: undefined,
          },
        ),
        reportRateDivider: fc.option(fc.integer({ min: -1, max: 9 }), { nil: undefined }),
      });
      fc.assert(
        fc.property(fc.oneof(near, fc.jsonValue()), (raw) => {
          const section = parseKeychronSection(raw);
          if (!section) return;
          expect(section.version).toBe(1);
          if (section.rgb) {
            expect(section.rgb.colors.length).toBeLessThanOrEqual(255);
            expect(section.rgb.perKeyType).toBeLessThan(5);
            for (const c of section.rgb.colors) for (const v of c) expect(v >= 0 && v <= 255).toBe(true);
          }
          for (const [type, k1, k2] of section.snapClick ?? []) {
            expect(type).toBeLessThan(6);
            if (type !== 0) expect(k1 && k2).toBeTruthy();
          }
          if (section.reportRateDivider !== undefined)
            expect(section.reportRateDivider).toBeLessThanOrEqual(6);
        }),
        fuzzParameters(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
