import { describe, expect, it } from 'vitest';
import type { KeychronError } from './keychronReplies.ts';
import {
  answers,
  checkReply,
  readStateNotify,
  readColors,
  readEffects,
  readFeatures,
  readFirmwareVersion,
  readLedMap,
  readProtocol,
} from './keychronReplies.ts';

const bytes = (text: string) => {
  const out = new Uint8Array(32);
  out.set(text.split(' ').map((h) => parseInt(h, 16)));
  return out;
};
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0).toString(16)).join(' ');

describe('Keychron replies', () => {
  it('0xA0: protocol 2; 0xFF (plain VIA) is not Keychron', () => {
    expect(readProtocol(bytes('a0 02 00 02'))).toBe(2);
    expect(readProtocol(bytes('ff 00 00 00'))).toBeNull();
  });
  it('0xA1: the version text up to the NUL', () =>
    expect(readFirmwareVersion(bytes(`a1 ${ascii('v2.2.0 2025-12-01-16:59:02')} 00 ff`))).toBe(
      'v2.2.0 2025-12-01-16:59:02',
    ));
  it('0xA2 F1 03 with misc flags CF (Q1 V2): RGB, Snap Click, debounce, NKRO, language; no report rate', () =>
    expect(readFeatures(bytes('a2 00 f1 03'), bytes('a7 01 00 02 00 cf'))).toEqual({
      rgb: true,
      snapClick: true,
      debounce: true,
      reportRate: false,
      nkro: true,
      language: true,
    }));
  it('misc flags EF (C1 Pro 8K) add the report rate', () =>
    expect(readFeatures(bytes('a2 00 f1 03'), bytes('a7 01 00 02 00 ef')).reportRate).toBe(true));
  it('colours and effect entries', () => {
    expect(readColors(bytes('a8 09 00 00 ff ff 55 ff 80'), 2)).toEqual([
      [0, 255, 255],
      [85, 255, 128],
    ]);
    expect(readEffects(bytes('a8 0e 00 05 00 ff 7f 88 13 00 00'), 1)).toEqual([
      { effect: 5, hue: 0, sat: 255, speed: 127, timeMs: 5000 },
    ]);
  });
  it('LED map: 0xFF is no LED', () =>
    expect(readLedMap(bytes('a8 06 00 00 ff 01'), 3)).toEqual([0, null, 1]));
  const kind = (request: number[], reply: string) => {
    try {
      checkReply(request, bytes(reply));
      return 'ok';
    } catch (error) {
      return (error as KeychronError).kind;
    }
  };
  it('status, unbuilt and garbled replies', () => {
    expect(kind([0xa8, 0x0a, 0, 1], 'a8 0a 00 01')).toBe('ok');
    expect(kind([0xa8, 0x0a, 0, 1], 'a8 0a 01 01')).toBe('refused');
    // A write's reply echoes what was written (the firmware writes only the status): another write's is not it.
    expect(kind([0xa8, 0x0a, 0, 1, 0x55], 'a8 0a 00 01 54')).toBe('garbled');
    // Status is 0 or 1 on Keychron's firmware.
    expect(kind([0xa8, 0x09, 0, 1], 'a8 09 07 00')).toBe('garbled');
    // A short reply is no answer.
    expect(answers([0xa8, 0x09, 0, 1], [0xa8, 0x09, 0])).toBe(false);
    expect(kind([0xa7, 0x0d], 'ff 00 00')).toBe('unbuilt');
    expect(kind([0xa8, 0x0a, 0, 1], 'a8 09 00')).toBe('garbled');
  });
  it('state notify: zero-padded reports only, never an echo', () => {
    expect(readStateNotify(bytes('a3 02'))).toEqual({ kind: 'defaultLayer', layer: 2 });
    expect(readStateNotify(bytes('a7 0d 00 00 7f'))).toEqual({ kind: 'reportRate', divider: 0 });
    expect(readStateNotify(bytes('a7 11'))).toEqual({ kind: 'factoryReset' });
    // A reply to 0xA3 or 0xA7 0x0D carries the request's padding; a divider past 6 is no rate.
    expect(readStateNotify(bytes('a3 02 00 05'))).toBeNull();
    expect(readStateNotify(bytes('a7 0d 00 07 7f'))).toBeNull();
    expect(readStateNotify([0xa3, 0x02])).toBeNull();
  });
});
