import { describe, expect, it } from 'vitest';
import {
  answers,
  infoRequest,
  modeRequest,
  readInfo,
  readMode,
  readSupported,
  saveRequest,
  setModeRequest,
  supportedRequest,
} from './vialRgb.ts';

const hex = (bytes: readonly number[]) => bytes.map((b) => b.toString(16).padStart(2, '0')).join(' ');
const reply = (h: string) => {
  const r = new Uint8Array(32);
  r.set(h.split(' ').map((b) => parseInt(b, 16)));
  return r;
};

describe('VialRGB codec: requests', () => {
  it('get info, get mode: VIA lighting get value (08) with value ids 40 and 41', () => {
    expect(hex(infoRequest())).toBe('08 40');
    expect(hex(modeRequest())).toBe('08 41');
  });

  it('get supported: 08 42 and the id to start after, u16 little-endian', () => {
    expect(hex(supportedRequest(0))).toBe('08 42 00 00');
    expect(hex(supportedRequest(0x1234))).toBe('08 42 34 12');
  });

  it('set mode: 07 41, effect u16 LE, speed, hue, saturation, value', () => {
    expect(
      hex(setModeRequest({ effect: 0x0102, speed: 0x80, hue: 0xaa, saturation: 0xff, brightness: 0x20 })),
    ).toBe('07 41 02 01 80 aa ff 20');
  });

  it('set mode keeps every byte in 0–255', () => {
    expect(hex(setModeRequest({ effect: 2, speed: 300, hue: -4, saturation: 12.6, brightness: 255 }))).toBe(
      '07 41 02 00 ff 00 0d ff',
    );
  });

  it('save is VIA lighting save alone: 09', () => expect(hex(saveRequest())).toBe('09'));
});

describe('VialRGB codec: replies', () => {
  it('a reply answers a request when bytes 0–1 come back as sent', () => {
    expect(answers([0x08, 0x40], reply('08 40 01 00 c8'))).toBe(true);
    expect(answers([0x08, 0x40], reply('ff 40 01 00 c8'))).toBe(false);
    expect(answers([0x08, 0x41], reply('08 40'))).toBe(false);
    expect(answers([0x09], reply('09'))).toBe(true);
  });

  it('info: version u16 LE in bytes 2–3, maximum brightness in byte 4', () =>
    expect(readInfo(reply('08 40 01 00 c8'))).toEqual({ version: 1, maxBrightness: 200 }));

  it('mode: effect u16 LE, speed, hue, saturation, value', () =>
    expect(readMode(reply('08 41 0e 00 7f 15 ff c8'))).toEqual({
      effect: 14,
      speed: 0x7f,
      hue: 0x15,
      saturation: 0xff,
      brightness: 0xc8,
    }));

  it('supported: ids until the first ffff, done when a slot is left', () => {
    expect(readSupported(reply(`08 42 02 00 03 00 2b 00 ${'ff '.repeat(24).trim()}`), 0)).toEqual({
      ids: [2, 3, 43],
      done: true,
    });
  });

  it('supported: a full reply (15 ids) is not the end', () => {
    const ids = Array.from({ length: 15 }, (_, i) => i + 2);
    const r = reply(['08', '42', ...ids.flatMap((id) => [id.toString(16), '00'])].join(' '));
    expect(readSupported(r, 0)).toEqual({ ids, done: false });
  });

  it('supported: ids not above the query or not ascending are dropped', () =>
    expect(readSupported(reply('08 42 05 00 03 00 09 00 09 00 ff ff'), 4)).toEqual({
      ids: [5, 9],
      done: true,
    }));
});
