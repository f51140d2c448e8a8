import { describe, expect, it } from 'vitest';
import type { EepromStorage } from '../VirtualFirmware.ts';
import { exchange, full, keychronBoard } from './keychronTestBoard.ts';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('Keychron EEPROM image', () => {
  it('is 3,072 bytes laid out as the build: core block, keyboard block from 37, VIA, keymap, macros to the end', () => {
    const q1 = keychronBoard('q1v2_ansi_encoder').keychron!;
    const image = q1.image();
    expect(image.length).toBe(3072);
    expect(hex(image.subarray(0, 2))).toBe('e3fe');
    // RGB matrix at 23: on | mode 5 << 2, hue 0, sat 255, val 255, speed 127, flags 0xFF.
    expect(hex(image.subarray(23, 29))).toBe('1500ffff7fff');
    // Language 37, debounce type 4 / 50 ms at 38 (no report-rate byte on the Q1 V2).
    expect(hex(image.subarray(37, 40))).toBe('000432');
    expect(q1.layout).toMatchObject({ viaMagic: 510, keymap: 514, encoders: 1282, macros: 1298 });
    // VIA magic from the build date 2025-12-01, layout options 0, the keymap's first key (Esc).
    expect(hex(image.subarray(510, 516))).toBe('251201000029');
    // Encoder 0 on layer 0: clockwise Volume Up, then counter-clockwise Volume Down.
    expect(hex(image.subarray(1282, 1286))).toBe('00a900aa');
    const c1 = keychronBoard('c1_pro_8k_ansi').keychron!;
    expect(hex(c1.image().subarray(37, 41))).toBe('0003041e');
    expect(c1.layout).toMatchObject({ viaMagic: 535, keymap: 539, macros: 1355, macrosSize: 1717 });
  });

  it('a wrong eeconfig magic powers on as a freshly flashed board', () => {
    const board = keychronBoard('c1_pro_8k_ansi');
    exchange(board, 'a7 04 05');
    exchange(board, '05 00 00 00 00 04');
    const image = board.keychron!.image();
    image[0] = 0xff;
    const next = keychronBoard('c1_pro_8k_ansi');
    next.keychron!.loadImage(image);
    expect(exchange(next, 'a7 03')).toBe(full('a7 03 00 00'));
    expect(exchange(next, '04 00 00 00')).toBe(full('04 00 00 00 00 29'));
  });

  it("a VIA magic from another build date resets VIA's part only (via_init)", () => {
    const board = keychronBoard('c1_pro_8k_ansi');
    exchange(board, 'a7 04 05');
    exchange(board, '05 00 00 00 00 04');
    const image = board.keychron!.image();
    image[535] = 0x24;
    const next = keychronBoard('c1_pro_8k_ansi');
    next.keychron!.loadImage(image);
    expect(exchange(next, 'a7 03')).toBe(full('a7 03 00 05'));
    expect(exchange(next, '04 00 00 00')).toBe(full('04 00 00 00 00 29'));
  });

  it("flashFresh (the app's reset of a virtual board) initialises Keychron's settings and VIA's", () => {
    const board = keychronBoard('q1v2_ansi_encoder');
    exchange(board, 'a7 04 03');
    exchange(board, 'a8 08 02');
    exchange(board, '05 00 00 00 00 04');
    board.keychron!.flashFresh();
    expect(exchange(board, 'a7 03')).toBe(full('a7 03 00 00'));
    expect(exchange(board, 'a8 07')).toBe(full('a8 07 00 00'));
    expect(exchange(board, '04 00 00 00')).toBe(full('04 00 00 00 00 29'));
  });

  it('refuses an image that is not 3,072 bytes', () => {
    expect(() => keychronBoard('q1v2_ansi_encoder').keychron!.loadImage(new Uint8Array(100))).toThrow(
      /3072 bytes; this one is 100/,
    );
  });

  it("the app's boards keep their EEPROM across reloads, not their RAM", () => {
    const saved = new Map<string, Uint8Array>();
    const storage: EepromStorage = { load: (k) => saved.get(k) ?? null, save: (k, b) => saved.set(k, b) };
    const board = keychronBoard('q1v2_ansi_encoder', storage);
    exchange(board, 'a7 06 00 0f');
    exchange(board, 'a8 0a 00 01 11 22 33');
    exchange(board, 'a7 09 00 01 02 04 07');
    exchange(board, 'a7 0a');
    exchange(board, 'a8 08 02');
    const reloaded = keychronBoard('q1v2_ansi_encoder', storage);
    expect(exchange(reloaded, 'a7 05')).toBe(full('a7 05 00 00 00 0f'));
    expect(exchange(reloaded, 'a7 08 00 01')).toBe(full('a7 08 00 020407'));
    expect(exchange(reloaded, 'a8 09 00 01')).toBe(full('a8 09 00 00ffff'));
    expect(exchange(reloaded, 'a8 07')).toBe(full('a8 07 00 00'));
    expect(hex(reloaded.keychron!.image())).toBe(hex(board.keychron!.image()));
  });
});
