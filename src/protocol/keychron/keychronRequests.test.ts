import { describe, expect, it } from 'vitest';
import * as rq from './keychronRequests.ts';
import { KeychronRangeError } from './keychronRequests.ts';
import type { KeychronBounds } from '../../qmk/keychronSettings.ts';

const hex = (bytes: number[]) => bytes.map((b) => b.toString(16).padStart(2, '0')).join(' ');
/** The Q1 V2's answers: 81 LEDs, 2 regions of 5 effects, 6×16 matrix, 20 Snap Click pairs. */
const Q1: KeychronBounds = {
  ledCount: 81,
  regions: 2,
  effectsPerRegion: 5,
  effectLimit: 24,
  rows: 6,
  cols: 16,
  snapPairs: 20,
};

describe('Keychron request bytes', () => {
  it('per-key colour get: a8 09 start count', () =>
    expect(hex(rq.colorsRequest(72, 9, Q1))).toBe('a8 09 48 09'));
  it('per-key colour set: h s v triples from byte 4', () =>
    expect(
      hex(
        rq.setColorsRequest(
          3,
          [
            [0, 255, 255],
            [85, 255, 128],
          ],
          Q1,
        ),
      ),
    ).toBe('a8 0a 03 02 00 ff ff 55 ff 80'));
  it('LED map of row 5: the 16-column mask, little endian', () =>
    expect(hex(rq.ledMapRequest(5, Q1))).toBe('a8 06 05 ff ff 00'));
  it('regions set', () => expect(hex(rq.setRegionsRequest(10, [1, 0, 1], Q1))).toBe('a8 0d 0a 03 01 00 01'));
  it('effect list set: 8-byte entries, time u32 LE', () =>
    expect(
      hex(rq.setEffectsRequest(1, 0, [{ effect: 5, hue: 0, sat: 255, speed: 127, timeMs: 5000 }], Q1)),
    ).toBe('a8 0f 01 00 01 05 00 ff 7f 88 13 00 00'));
  it('OS indicator set', () =>
    expect(hex(rq.setOsIndicatorRequest(2, [170, 255, 200]))).toBe('a8 04 02 aa ff c8'));
  it('Snap Click set', () =>
    expect(hex(rq.setSnapClickRequest(4, [{ type: 2, key1: 0x07, key2: 0x04 }], Q1))).toBe(
      'a7 09 04 01 02 07 04',
    ));
  it('debounce, report rate, language, NKRO', () => {
    expect(hex(rq.setDebounceRequest(4, 5))).toBe('a7 06 04 05');
    expect(hex(rq.setReportRateRequest(0))).toBe('a7 0e 00');
    expect(hex(rq.setLanguageRequest(3))).toBe('a7 04 03');
    expect(hex(rq.setNkroRequest(true))).toBe('a7 13 01');
  });
  it('spans split by the per-request limit', () =>
    expect(rq.spans(0, 20, 9)).toEqual([
      { start: 0, count: 9 },
      { start: 9, count: 9 },
      { start: 18, count: 2 },
    ]));
});

describe('Keychron requests refused before they are built', () => {
  const refuses = (build: () => unknown) => expect(build).toThrow(KeychronRangeError);
  it('colours past the LED count (the firmware does not check)', () => {
    refuses(() => rq.colorsRequest(80, 2, Q1));
    refuses(() => rq.setColorsRequest(81, [[0, 0, 0]], Q1));
  });
  it('more colours than one request carries', () => refuses(() => rq.colorsRequest(0, 10, Q1)));
  it('region = region count (the firmware lets it through)', () => {
    refuses(() => rq.effectsRequest(2, 0, 1, Q1));
    refuses(() => rq.setEffectsRequest(2, 0, [{ effect: 1, hue: 0, sat: 0, speed: 0, timeMs: 1 }], Q1));
  });
  it('an effect-list span past 5 or over 3 at once', () => {
    refuses(() => rq.effectsRequest(0, 3, 3, Q1));
    refuses(() => rq.effectsRequest(0, 0, 4, Q1));
  });
  it('an effect at the mixed-RGB mode number', () =>
    refuses(() => rq.setEffectsRequest(0, 0, [{ effect: 24, hue: 0, sat: 0, speed: 0, timeMs: 1 }], Q1)));
  it('LED map row = matrix rows (answers bytes of another table)', () =>
    refuses(() => rq.ledMapRequest(6, Q1)));
  it('a region value the board does not have', () => refuses(() => rq.setRegionsRequest(0, [2], Q1)));
  it('regions past the LED count or over 28 at once', () => {
    refuses(() => rq.regionsRequest(60, 29, Q1));
    refuses(() => rq.setRegionsRequest(0, new Array<number>(29).fill(0), Q1));
  });
  it('Snap Click: pair 21, type 6, an active pair with one key', () => {
    refuses(() => rq.snapClickRequest(19, 2, Q1));
    refuses(() => rq.setSnapClickRequest(0, [{ type: 6, key1: 4, key2: 7 }], Q1));
    refuses(() => rq.setSnapClickRequest(0, [{ type: 1, key1: 4, key2: 0 }], Q1));
  });
  it('debounce type 7, report rate divider 7', () => {
    refuses(() => rq.setDebounceRequest(7, 5));
    refuses(() => rq.setReportRateRequest(7));
  });
});
