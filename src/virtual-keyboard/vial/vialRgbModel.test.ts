import { describe, expect, it } from 'vitest';
import { VirtualFirmware, type EepromStorage } from '../VirtualFirmware.ts';
import { VIAL_DEMO_RGB, vialDemoConfig } from './vialDemo.ts';
import { VialRgbModel } from './vialRgbModel.ts';

const bytes = (hex: string) => hex.split(' ').map((b) => parseInt(b, 16));
/** Sends hex bytes (zero-padded to 32) to `target`; the reply's first `n` bytes as hex. */
function send(target: { handle(d: Uint8Array): unknown } | VirtualFirmware, hex: string, n = 8): string {
  const data = new Uint8Array(32);
  data.set(bytes(hex));
  const reply = target instanceof VirtualFirmware ? target.handleReport(data)! : (target.handle(data), data);
  return [...reply.subarray(0, n)].map((b) => b.toString(16).padStart(2, '0')).join(' ');
}
const demo = (storage?: EepromStorage) => new VirtualFirmware(vialDemoConfig(), storage ? { storage } : {});
function memoryStorage(): EepromStorage {
  const map = new Map<string, Uint8Array>();
  return { load: (k) => map.get(k) ?? null, save: (k, b) => void map.set(k, b.slice()) };
}

describe('VialRGB model (vial-qmk quantum/vialrgb.c)', () => {
  it('08 40 info: protocol 1 (u16 LE) and the maximum brightness', () =>
    expect(send(demo(), '08 40', 5)).toBe('08 40 01 00 c8'));

  it('08 41 mode after a fresh EEPROM: Cycle Left Right (14), speed 127, hue 0, saturation 255, max brightness', () =>
    expect(send(demo(), '08 41')).toBe('08 41 0e 00 7f 00 ff c8'));

  it('a build without Cycle Left Right starts on Solid Color', () =>
    expect(send(new VialRgbModel({ effects: [2, 6] }), '08 41')).toBe('08 41 02 00 7f 00 ff ff'));

  it('08 42 supported: 15 ids above the argument per reply, ascending, padded with ffff', () => {
    const fw = demo();
    const first = send(fw, '08 42 00 00', 32);
    expect(first).toBe(
      '08 42 02 00 03 00 04 00 05 00 06 00 0c 00 0d 00 0e 00 10 00 13 00 18 00 1c 00 1d 00 1f 00 27 00',
    );
    expect(send(fw, '08 42 27 00', 10)).toBe('08 42 2a 00 2b 00 ff ff ff ff');
    expect(send(fw, '08 42 2b 00', 6)).toBe('08 42 ff ff ff ff');
    expect(VIAL_DEMO_RGB.effects).toHaveLength(17);
  });

  it('07 41 sets effect, speed and colour in RAM; the reply is the request as sent', () => {
    const fw = demo();
    expect(send(fw, '07 41 06 00 40 aa 80 64')).toBe('07 41 06 00 40 aa 80 64');
    expect(send(fw, '08 41')).toBe('08 41 06 00 40 aa 80 64');
  });

  it('a value above the maximum brightness is clamped to it', () => {
    const fw = demo();
    send(fw, '07 41 02 00 10 20 30 ff');
    expect(send(fw, '08 41')).toBe('08 41 02 00 10 20 30 c8');
  });

  it('effect 0 turns the lighting off: speed is kept, the colour ignored, the mode remembered', () => {
    const fw = demo();
    send(fw, '07 41 06 00 40 aa 80 64');
    send(fw, '07 41 00 00 22 01 02 03');
    expect(send(fw, '08 41')).toBe('08 41 00 00 22 aa 80 64');
    send(fw, '07 41 06 00 22 aa 80 64');
    expect(send(fw, '08 41')).toBe('08 41 06 00 22 aa 80 64');
  });

  it('an effect the build lacks selects QMK mode 1 (its first effect: Solid Color)', () => {
    const fw = demo();
    send(fw, '07 41 07 00 10 20 30 40'); // Band Sat: not in the demo build
    expect(send(fw, '08 41')).toBe('08 41 02 00 10 20 30 40');
    send(fw, '07 41 34 12 10 20 30 40'); // an id no firmware knows
    expect(send(fw, '08 41')).toBe('08 41 02 00 10 20 30 40');
  });

  it('value ids it does not handle come back as sent, without 0xff (VIA lighting ids, Direct Control)', () => {
    const fw = demo();
    for (const request of [
      '08 80 11 22',
      '08 43 11 22',
      '08 44 01 00',
      '07 42 00 00 01 10 20 30',
      '07 80 05',
    ])
      expect(send(fw, request, 8)).toBe(`${request} ${'00 '.repeat(8)}`.split(' ').slice(0, 8).join(' '));
  });

  it('09 save stores the RAM copy in EEPROM; a replugged board starts from it, not from unsaved changes', () => {
    const storage = memoryStorage();
    const fw = demo(storage);
    send(fw, '07 41 18 00 33 44 55 66');
    expect(fw.vial!.rgbState()!.saved.effect).toBe(14);
    expect(send(fw, '09', 2)).toBe('09 00');
    expect(fw.vial!.rgbState()).toEqual({
      ram: { effect: 24, speed: 0x33, hue: 0x44, saturation: 0x55, brightness: 0x66 },
      saved: { effect: 24, speed: 0x33, hue: 0x44, saturation: 0x55, brightness: 0x66 },
    });
    send(fw, '07 41 02 00 01 02 03 04');
    const replugged = demo(storage);
    expect(send(replugged, '08 41')).toBe('08 41 18 00 33 44 55 66');
  });

  it('works locked: lighting is not behind the Vial unlock', () => {
    const fw = demo();
    expect(fw.vial!.lockState().unlocked).toBe(false);
    expect(send(fw, '07 41 03 00 01 02 03 04')).toBe('07 41 03 00 01 02 03 04');
    expect(send(fw, '08 41')).toBe('08 41 03 00 01 02 03 04');
  });

  it('the Vial 5 demo has no VialRGB: its lighting is QMK rgblight through VIA', () => {
    const fw = new VirtualFirmware(vialDemoConfig(5));
    expect(fw.vial!.rgbState()).toBeNull();
    expect(send(fw, '08 80', 3)).toBe('08 80 c8');
  });

  it('a malformed stored image is ignored (defaults stay)', () => {
    const model = new VialRgbModel({ effects: [2, 6] });
    model.load({ enable: true, mode: 9, speed: 1, hue: 2, saturation: 3, brightness: 4 });
    model.load({ enable: 'yes', mode: 1, speed: 1, hue: 2, saturation: 3, brightness: 4 });
    expect(model.state().saved).toEqual({ effect: 2, speed: 127, hue: 0, saturation: 255, brightness: 255 });
  });
});
