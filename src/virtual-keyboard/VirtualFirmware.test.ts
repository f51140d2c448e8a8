import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VirtualFirmware } from './VirtualFirmware.ts';
import type { VirtualKeyboardConfig } from './config.ts';

const BOARD: VirtualKeyboardConfig = {
  name: 'Test 5x15',
  vendorId: 0x4b4c,
  productId: 0x0001,
  protocol: 12,
  rows: 5,
  cols: 15,
  layers: 4,
  macroCount: 4,
  macroBufferSize: 64,
  encoders: 2,
  layoutOptionBytes: 1,
  customChannels: [2],
  customValues: [
    { channel: 2, valueId: 1, length: 1, initial: [128] },
    { channel: 2, valueId: 4, length: 2, initial: [10, 200] },
    { channel: 0, valueId: 1, args: [3, 1], length: 2, initial: [85, 255] },
  ],
  defaultKeymap: [[0x29, 0x1e]],
};

/** Sends hex bytes, returns the reply as a hex string of the first `n` bytes. */
function exchange(fw: VirtualFirmware, hex: string, n = 8): string {
  const request = new Uint8Array(32);
  request.set(hex.split(' ').map((b) => parseInt(b, 16)));
  const reply = fw.handleReport(request);
  return reply === null
    ? 'null'
    : [...reply.subarray(0, n)].map((b) => b.toString(16).padStart(2, '0')).join(' ');
}

describe('virtual firmware: golden replies', () => {
  it('01 protocol version', () => expect(exchange(new VirtualFirmware(BOARD), '01', 4)).toBe('01 00 0c 00'));
  it('11 layer count', () => expect(exchange(new VirtualFirmware(BOARD), '11', 2)).toBe('11 04'));
  it('0c macro count, 0d buffer size', () => {
    const fw = new VirtualFirmware(BOARD);
    expect(exchange(fw, '0c', 2)).toBe('0c 04');
    expect(exchange(fw, '0d', 3)).toBe('0d 00 40');
  });
  it('04 reads a keycode, out-of-range keys read KC_NO', () => {
    const fw = new VirtualFirmware(BOARD);
    expect(exchange(fw, '04 00 00 01', 6)).toBe('04 00 00 01 00 1e');
    expect(exchange(fw, '04 09 00 00', 6)).toBe('04 09 00 00 00 00');
    expect(exchange(fw, '04 00 05 00', 6)).toBe('04 00 05 00 00 00');
  });
  it('05 writes a keycode; out-of-range writes are dropped', () => {
    const fw = new VirtualFirmware(BOARD);
    expect(exchange(fw, '05 01 02 03 42 2c', 6)).toBe('05 01 02 03 42 2c');
    expect(fw.getKeycode(1, 2, 3)).toBe(0x422c);
    exchange(fw, '05 07 00 00 00 04');
    expect(fw.getKeycode(0, 0, 0)).toBe(0x29);
  });
  it('12 reads the keymap buffer in chunks; past the end reads zeros', () => {
    const fw = new VirtualFirmware(BOARD);
    expect(exchange(fw, '12 00 00 04', 8)).toBe('12 00 00 04 00 29 00 1e');
    // 4 layers × 75 keys × 2 = 600 bytes; offset 598 has one keycode, then zeros.
    exchange(fw, '13 02 56 02 12 34');
    expect(exchange(fw, '12 02 56 04', 8)).toBe('12 02 56 04 12 34 00 00');
  });
  it('13 writes past the end are dropped', () => {
    const fw = new VirtualFirmware(BOARD);
    exchange(fw, '13 02 58 02 ff ff');
    expect(exchange(fw, '12 02 56 04', 8)).toBe('12 02 56 04 00 01 00 00');
  });
  it('0e/0f macro buffer with NUL-terminated macros, 10 reset zero-fills', () => {
    const fw = new VirtualFirmware(BOARD);
    exchange(fw, '0f 00 00 05 48 69 00 41 00');
    expect(exchange(fw, '0e 00 00 05', 9)).toBe('0e 00 00 05 48 69 00 41 00');
    expect(exchange(fw, '0e 00 3e 04', 8)).toBe('0e 00 3e 04 00 00 00 00');
    exchange(fw, '10');
    expect([...fw.macroBuffer().subarray(0, 5)]).toEqual([0, 0, 0, 0, 0]);
  });
  it('02 02 / 03 02 layout options keep only the configured bytes', () => {
    const fw = new VirtualFirmware(BOARD);
    exchange(fw, '03 02 00 00 01 26');
    expect(exchange(fw, '02 02', 6)).toBe('02 02 00 00 00 26');
    const wide = new VirtualFirmware({ ...BOARD, layoutOptionBytes: 4 });
    exchange(wide, '03 02 00 00 01 26');
    expect(exchange(wide, '02 02', 6)).toBe('02 02 00 00 01 26');
  });
  it('02 03 switch matrix with the protocol 12 row offset', () => {
    const fw = new VirtualFirmware(BOARD);
    fw.press(0, 0);
    fw.press(1, 9);
    fw.press(4, 14);
    // 15 columns → 2 bytes per row, big-endian; column 9 is bit 1 of the high byte.
    expect(exchange(fw, '02 03 00', 7)).toBe('02 03 00 00 01 02 00');
    expect(exchange(fw, '02 03 04', 5)).toBe('02 03 04 40 00');
  });
  it('02 03 on protocol 11 has no row offset', () => {
    const fw = new VirtualFirmware({ ...BOARD, protocol: 11 });
    fw.press(0, 1);
    expect(exchange(fw, '02 03', 4)).toBe('02 03 00 02');
  });
  it('14/15 encoders', () => {
    const fw = new VirtualFirmware(BOARD);
    expect(exchange(fw, '15 00 01 01 00 a9', 6)).toBe('15 00 01 01 00 a9');
    expect(exchange(fw, '14 00 01 01', 6)).toBe('14 00 01 01 00 a9');
    expect(fw.getEncoderKeycode(0, 1, true)).toBe(0xa9);
    expect(exchange(new VirtualFirmware({ ...BOARD, protocol: 9 }), '14 00 01 01', 4)).toBe('ff 00 01 01');
  });
  it('custom channels: get/set on compiled channels, 0xFF on others, echo for unknown values', () => {
    const fw = new VirtualFirmware(BOARD);
    expect(exchange(fw, '08 02 01', 4)).toBe('08 02 01 80');
    expect(exchange(fw, '08 02 04', 5)).toBe('08 02 04 0a c8');
    exchange(fw, '07 02 01 40');
    expect(fw.customValue(2, 1)).toEqual([0x40]);
    expect(exchange(fw, '08 03 01', 4)).toBe('ff 03 01 00');
    expect(exchange(fw, '08 02 09 05', 4)).toBe('08 02 09 05');
    expect(exchange(fw, '08 00 01 03 01', 7)).toBe('08 00 01 03 01 55 ff');
    expect(exchange(fw, '09 02', 2)).toBe('09 02');
  });
  it('unknown commands answer 0xFF with the rest echoed', () => {
    expect(exchange(new VirtualFirmware(BOARD), '42 01 02 03', 4)).toBe('ff 01 02 03');
    expect(exchange(new VirtualFirmware(BOARD), '02 77 05', 3)).toBe('ff 77 05');
  });
  it('0b bootloader jump: replies once, then stops answering', () => {
    const fw = new VirtualFirmware(BOARD);
    expect(exchange(fw, '0b', 1)).toBe('0b');
    expect(exchange(fw, '01', 3)).toBe('null');
  });
  it('0a EEPROM reset restores defaults; refused without VIA_EEPROM_ALLOW_RESET', () => {
    const fw = new VirtualFirmware(BOARD);
    exchange(fw, '05 00 00 00 00 04');
    exchange(fw, '0a');
    expect(fw.getKeycode(0, 0, 0)).toBe(0x29);
    expect(exchange(new VirtualFirmware({ ...BOARD, allowEepromReset: false }), '0a', 1)).toBe('ff');
  });
  it('legacy 0x80–0x83 encoder/OLED values', async () => {
    const fw = new VirtualFirmware({ ...BOARD, protocol: 9, legacyCustomFeatures: true });
    // Their code loads on first use (the HID stand-in waits for it); called directly, the caller loads it.
    expect(() => exchange(fw, '02 80', 3)).toThrow('loadExtensions');
    await fw.loadExtensions();
    expect(exchange(fw, '02 80', 3)).toBe('02 80 1f');
    exchange(fw, '03 82 01 02 00 a9');
    expect(exchange(fw, '02 82 01', 9)).toBe('02 82 01 00 00 00 00 00 a9');
    exchange(fw, '03 83 02');
    expect(exchange(fw, '02 83', 3)).toBe('02 83 02');
  });
  it('legacy lighting values on protocol ≤ 10 have no channel byte', () => {
    const fw = new VirtualFirmware({
      ...BOARD,
      protocol: 9,
      lightingValues: [{ valueId: 0x80, length: 1, initial: [99] }],
    });
    expect(exchange(fw, '08 80', 3)).toBe('08 80 63');
    exchange(fw, '07 80 05');
    expect(exchange(fw, '08 80', 3)).toBe('08 80 05');
    expect(exchange(fw, '08 81', 3)).toBe('ff 81 00');
  });
  it('EEPROM persists through storage and survives a corrupt image', () => {
    const store = new Map<string, Uint8Array>();
    const storage = {
      load: (k: string) => store.get(k) ?? null,
      save: (k: string, b: Uint8Array) => void store.set(k, b),
    };
    const fw = new VirtualFirmware(BOARD, { storage });
    exchange(fw, '05 02 01 01 00 04');
    expect(new VirtualFirmware(BOARD, { storage }).getKeycode(2, 1, 1)).toBe(0x04);
    store.set('vk:19276:1', new TextEncoder().encode('{broken'));
    expect(new VirtualFirmware(BOARD, { storage }).getKeycode(0, 0, 0)).toBe(0x29);
  });
  it('never throws and always answers 32 bytes for arbitrary requests', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (request) => {
        const fw = new VirtualFirmware(BOARD);
        const reply = fw.handleReport(request);
        return reply === null || reply.length === 32;
      }),
      { numRuns: 3000 },
    );
  });
});

describe('vendor values: firmware parts and LED texts (docs/adr/0005-bulk-transfers.md)', () => {
  const base = {
    name: 'Split',
    vendorId: 1,
    productId: 2,
    protocol: 12,
    rows: 1,
    cols: 1,
    layers: 1,
    macroCount: 0,
    macroBufferSize: 0,
    encoders: 0,
    layoutOptionBytes: 1,
  };
  const send = (fw: VirtualFirmware, bytes: number[]) => [
    ...fw.handleReport(Uint8Array.from([...bytes, ...new Array(32 - bytes.length).fill(0)]))!,
  ];

  it('08 42 64 lists the parts as count + (0, major, minor, patch); boards without parts answer 0xFF', () => {
    const split = new VirtualFirmware({ ...base, firmwareParts: [0x105, 0x104, 0x104] });
    expect(send(split, [8, 66, 100]).slice(0, 16)).toEqual([
      8, 66, 100, 3, 0, 1, 0, 5, 0, 1, 0, 4, 0, 1, 0, 4,
    ]);
    expect(send(new VirtualFirmware(base), [8, 66, 100]).slice(0, 3)).toEqual([0xff, 66, 100]);
  });

  it('texts: channel 0 id 67, one value per index, length byte then ASCII', () => {
    const fw = new VirtualFirmware({
      ...base,
      matrixLighting: { rows: 1, cols: 1, maxFrames: 1, texts: { count: 2, length: 8 } },
    });
    send(fw, [7, 0, 67, 1, 2, 0x48, 0x49]);
    expect(send(fw, [8, 0, 67, 1]).slice(0, 7)).toEqual([8, 0, 67, 1, 2, 0x48, 0x49]);
    expect(send(fw, [8, 0, 67, 2])[0]).toBe(0xff);
  });
});

describe('virtual firmware: macro playback as QMK via.c', () => {
  it('plays macro i after i terminators; nothing past the count, past the macros, or while the flag is up', () => {
    const fw = new VirtualFirmware(BOARD);
    // "ab\0c\0" in the buffer
    exchange(fw, '0f 00 00 05 61 62 00 63 00');
    expect(fw.playMacro(0)).toEqual([0x61, 0x62]);
    expect(fw.playMacro(1)).toEqual([0x63]);
    expect(fw.playMacro(2)).toEqual([]);
    expect(fw.playMacro(4)).toBeNull();
    // The "write in progress" flag: the buffer's last byte (63 of 64).
    exchange(fw, '0f 00 3f 01 ff');
    expect(fw.playMacro(0)).toBeNull();
    exchange(fw, '0f 00 3f 01 00');
    expect(fw.playMacro(0)).toEqual([0x61, 0x62]);
  });
});
