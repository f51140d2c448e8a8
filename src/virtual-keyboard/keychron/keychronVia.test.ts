import { describe, expect, it } from 'vitest';
import { exchange, full, keychronBoard, powerCycle } from './keychronTestBoard.ts';

const q1 = () => keychronBoard('q1v2_ansi_encoder');
const c1 = () => keychronBoard('c1_pro_8k_ansi');

describe("VIA as Keychron's via.c answers it", () => {
  it('protocol 0x000C, 4 layers, 16 macros in 1,774 / 1,717 bytes, VIA firmware version 0', () => {
    expect(exchange(q1(), '01')).toBe(full('01 00 0c'));
    expect(exchange(q1(), '11')).toBe(full('11 04'));
    expect(exchange(q1(), '0c')).toBe(full('0c 10'));
    expect(exchange(q1(), '0d')).toBe(full('0d 06 ee'));
    expect(exchange(c1(), '0d')).toBe(full('0d 06 b5'));
    expect(exchange(c1(), '02 04 ff ff ff ff')).toBe(full('02 04 00 00 00 00'));
  });

  it('0x0A (EEPROM reset) and 0x0B (bootloader jump) are not handled', () => {
    expect(exchange(q1(), '0a 01')).toBe(full('ff 01'));
    expect(exchange(q1(), '0b')).toBe(full('ff'));
  });

  it('the keychron keymap as flashed: Esc, brightness keys, Mac and Windows layers, MO(1) / MO(3)', () => {
    const board = q1();
    expect(exchange(board, '04 00 00 00')).toBe(full('04 00 00 00 00 29'));
    expect(exchange(board, '04 00 00 01')).toBe(full('04 00 00 01 00 be'));
    expect(exchange(board, '04 00 05 0b')).toBe(full('04 00 05 0b 52 21'));
    expect(exchange(board, '04 02 05 0b')).toBe(full('04 02 05 0b 52 23'));
    expect(exchange(board, '04 01 00 01')).toBe(full('04 01 00 01 00 3a'));
    // C1 Pro 8K: Keychron's custom keycodes (QK_KB_n), KC_NO where the matrix has no key.
    expect(exchange(c1(), '04 00 00 04')).toBe(full('04 00 00 04 7e 00'));
    expect(exchange(c1(), '04 00 00 01')).toBe(full('04 00 00 01 00 00'));
  });

  it('encoder map on the Q1 V2 only: volume, RGB brightness on the Fn layers', () => {
    expect(exchange(q1(), '14 00 00 01')).toBe(full('14 00 00 01 00 a9'));
    expect(exchange(q1(), '14 00 00 00')).toBe(full('14 00 00 00 00 aa'));
    expect(exchange(q1(), '14 03 00 05')).toBe(full('14 03 00 05 78 27'));
    expect(exchange(c1(), '14 00 00 01')).toBe(full('ff 00 00 01'));
    expect(exchange(c1(), '15 00 00 01 00 04')).toBe(full('ff 00 00 01 00 04'));
  });

  it('switch matrix state: the live matrix, 3 bytes a row for 17 columns, 2 for 16', () => {
    const board = c1();
    board.press(1, 16);
    board.press(2, 0);
    expect(exchange(board, '02 03 01')).toBe(full('02 03 01 010000 000001 000000 000000 000000'));
    const q = q1();
    q.press(0, 15);
    expect(exchange(q, '02 03 00')).toBe(full('02 03 00 8000 0000 0000 0000 0000 0000'));
  });

  it('keymap, encoders, macros and layout options are stored at once', () => {
    const board = q1();
    exchange(board, '05 01 02 03 00 04');
    exchange(board, '15 02 00 00 00 05');
    exchange(board, '0f 00 00 03 61 62 00');
    exchange(board, '03 02 00 00 00 07');
    const next = powerCycle(board);
    expect(exchange(next, '04 01 02 03')).toBe(full('04 01 02 03 00 04'));
    expect(exchange(next, '14 02 00 00')).toBe(full('14 02 00 00 00 05'));
    expect(exchange(next, '0e 00 00 04')).toBe(full('0e 00 00 04 61 62 00 00'));
    expect(exchange(next, '02 02')).toBe(full('02 02 00 00 00 07'));
  });
});

describe('VIA channel 3 (RGB matrix)', () => {
  it('defaults: on, effect 5 (cycle left-right), brightness 255, speed 127, hue 0 sat 255', () => {
    const board = c1();
    expect(exchange(board, '08 03 01')).toBe(full('08 03 01 ff'));
    expect(exchange(board, '08 03 02')).toBe(full('08 03 02 05'));
    expect(exchange(board, '08 03 03')).toBe(full('08 03 03 7f'));
    expect(exchange(board, '08 03 04')).toBe(full('08 03 04 00 ff'));
    expect(exchange(board, '08 03 09 77')).toBe(full('08 03 09 77'));
  });

  it('brightness is scaled by scale8(v, 255): 128 reads back 127', () => {
    const board = q1();
    expect(exchange(board, '07 03 01 80')).toBe(full('07 03 01 80'));
    expect(exchange(board, '08 03 01')).toBe(full('08 03 01 7f'));
  });

  it('effect 0 turns the matrix off (effect reads 0, other values then do not change); past 24 clamps', () => {
    const board = q1();
    exchange(board, '07 03 02 00');
    expect(exchange(board, '08 03 02')).toBe(full('08 03 02 00'));
    exchange(board, '07 03 03 10');
    expect(exchange(board, '08 03 03')).toBe(full('08 03 03 7f'));
    exchange(board, '07 03 02 63');
    expect(exchange(board, '08 03 02')).toBe(full('08 03 02 18'));
  });

  it('turning the matrix on raises the brightness to the board floor (32 on the Q1 V2) in steps of 16', () => {
    const board = q1();
    exchange(board, '07 03 01 0a');
    expect(exchange(board, '08 03 01')).toBe(full('08 03 01 09'));
    exchange(board, '07 03 02 00');
    exchange(board, '07 03 02 01');
    expect(exchange(board, '08 03 01')).toBe(full('08 03 01 29'));
  });

  it('device indication toggles the matrix without storing it', () => {
    const board = c1();
    expect(exchange(board, '03 05 00')).toBe(full('03 05 00'));
    expect(exchange(board, '08 03 02')).toBe(full('08 03 02 00'));
    exchange(board, '03 05 01');
    expect(exchange(board, '08 03 02')).toBe(full('08 03 02 05'));
  });

  it('save writes when exactly one kind of value was set since the last save', () => {
    const board = c1();
    exchange(board, '07 03 03 20');
    exchange(board, '07 03 03 30');
    expect(exchange(board, '09 03')).toBe(full('09 03'));
    expect(exchange(powerCycle(board), '08 03 03')).toBe(full('08 03 03 30'));
    exchange(board, '07 03 04 55 66');
    expect(exchange(board, '09 03')).toBe(full('09 03'));
    expect(exchange(powerCycle(board), '08 03 04')).toBe(full('08 03 04 55 66'));
  });

  it('save with two kinds of value set writes nothing, and clears the record', () => {
    const board = c1();
    exchange(board, '07 03 01 40');
    exchange(board, '07 03 02 07');
    exchange(board, '09 03');
    const cycled = powerCycle(board);
    expect(exchange(cycled, '08 03 01')).toBe(full('08 03 01 ff'));
    expect(exchange(cycled, '08 03 02')).toBe(full('08 03 02 05'));
    exchange(board, '09 03');
    expect(exchange(powerCycle(board), '08 03 02')).toBe(full('08 03 02 05'));
    // An unknown value id (here 5) is recorded too, and spoils the next save.
    exchange(board, '07 03 02 07');
    exchange(board, '07 03 05 01');
    exchange(board, '09 03');
    expect(exchange(powerCycle(board), '08 03 02')).toBe(full('08 03 02 05'));
  });

  it('unsaved values are lost on a power cycle; the effect saved alone survives', () => {
    const board = q1();
    exchange(board, '07 03 02 0c');
    expect(exchange(powerCycle(board), '08 03 02')).toBe(full('08 03 02 05'));
    exchange(board, '09 03');
    expect(exchange(powerCycle(board), '08 03 02')).toBe(full('08 03 02 0c'));
  });

  it('channels 0, 1, 2, 4 and 5 are not built', () => {
    for (const channel of ['00', '01', '02', '04', '05']) {
      expect(exchange(q1(), `08 ${channel} 01`)).toBe(full(`ff ${channel} 01`));
      expect(exchange(q1(), `09 ${channel}`)).toBe(full(`ff ${channel}`));
    }
  });
});
