import { describe, expect, it } from 'vitest';
import { exchange, full, keychronBoard, powerCycle } from './keychronTestBoard.ts';

const q1 = () => keychronBoard('q1v2_ansi_encoder');
const c1 = () => keychronBoard('c1_pro_8k_ansi');

describe('Keychron 0xA7 misc group', () => {
  it('0x01: misc version 2 and the board flags (C1 Pro 8K 0xEF, Q1 V2 0xCF)', () => {
    expect(exchange(c1(), 'a7 01')).toBe(full('a7 01 00 02 00 ef'));
    expect(exchange(q1(), 'a7 01 09 09 09 09 09')).toBe(full('a7 01 00 02 00 cf 09'));
  });

  it('0x02: DFU info: chip name and bootloader type', () => {
    const ascii = (s: string) => Buffer.from(s).toString('hex');
    expect(exchange(q1(), 'a7 02')).toBe(full(`a7 02 00 01 09 ${ascii('STM32L432')} 02 01 01`));
    expect(exchange(c1(), 'a7 02')).toBe(full(`a7 02 00 01 08 ${ascii('AT32F405')} 02 01 00`));
  });

  it('0x03/0x04: language 0 when fresh; any byte is accepted and stored at once', () => {
    const board = q1();
    expect(exchange(board, 'a7 03')).toBe(full('a7 03 00 00'));
    expect(exchange(board, 'a7 04 ff 33')).toBe(full('a7 04 00 33'));
    expect(exchange(powerCycle(board), 'a7 03')).toBe(full('a7 03 00 ff'));
  });

  it('0x05/0x06: debounce defaults (sym eager per key, 50 / 30 ms), set and kept over a power cycle', () => {
    expect(exchange(q1(), 'a7 05')).toBe(full('a7 05 00 00 04 32'));
    const board = c1();
    expect(exchange(board, 'a7 05')).toBe(full('a7 05 00 00 04 1e'));
    expect(exchange(board, 'a7 06 01 0a 77')).toBe(full('a7 06 00 0a 77'));
    expect(exchange(powerCycle(board), 'a7 05')).toBe(full('a7 05 00 00 01 0a'));
  });

  it('0x06: type 7 fails with byte 3 echoed; asym caps its time at 127; time 0 keeps the type', () => {
    const board = q1();
    expect(exchange(board, 'a7 06 07 05')).toBe(full('a7 06 01 05'));
    expect(exchange(board, 'a7 05')).toBe(full('a7 05 00 00 04 32'));
    expect(exchange(board, 'a7 06 05 c8')).toBe(full('a7 06 00 c8'));
    expect(exchange(board, 'a7 05')).toBe(full('a7 05 00 00 05 7f'));
    expect(exchange(board, 'a7 06 02 00')).toBe(full('a7 06 00 00'));
    expect(exchange(powerCycle(board), 'a7 05')).toBe(full('a7 05 00 00 02 00'));
  });

  it('0x07: 20 pairs', () => {
    expect(exchange(q1(), 'a7 07')).toBe(full('a7 07 00 14'));
  });

  it('0x08/0x09: pairs set in RAM, read back, lost on a power cycle without 0x0A', () => {
    const board = c1();
    expect(exchange(board, 'a7 09 02 02 01 04 07 05 16 1a')).toBe(full('a7 09 00 02 01 04 07 05 16 1a'));
    expect(exchange(board, 'a7 08 01 03', 0xcc)).toBe(full('a7 08 00 000000 010407 05161a', 'cc'));
    expect(exchange(powerCycle(board), 'a7 08 02 02')).toBe(full('a7 08 00 000000 000000'));
  });

  it('0x0A: saves all pairs; they survive a power cycle', () => {
    const board = c1();
    exchange(board, 'a7 09 13 01 02 04 07');
    expect(exchange(board, 'a7 0a 55')).toBe(full('a7 0a 00'));
    expect(exchange(powerCycle(board), 'a7 08 13 01')).toBe(full('a7 08 00 020407'));
  });

  it('0x08/0x09 limits: count over 9 or past pair 20 fails; one bad entry changes nothing', () => {
    const board = q1();
    expect(exchange(board, 'a7 08 00 0a')).toBe(full('a7 08 01 0a'));
    expect(exchange(board, 'a7 08 0c 09')).toBe(full('a7 08 01 09'));
    expect(exchange(board, 'a7 08 0b 09')).toBe(full(`a7 08 00 ${'00'.repeat(27)}`));
    expect(exchange(board, 'a7 09 00 02 01 04 07 06 04 07')).toBe(full('a7 09 01 02 01 04 07 06 04 07'));
    expect(exchange(board, 'a7 09 00 02 01 04 07 02 00 07')).toBe(full('a7 09 01 02 01 04 07 02 00 07'));
    expect(exchange(board, 'a7 09 00 01 00 00 00')).toBe(full('a7 09 00 01'));
    expect(exchange(board, 'a7 08 00 01')).toBe(full('a7 08 00 000000'));
  });

  it('0x0D/0x0E: report rate 1 kHz by default, dividers 0-6, stored at once (8 kHz board only)', () => {
    const board = c1();
    expect(exchange(board, 'a7 0d')).toBe(full('a7 0d 00 03 7f'));
    expect(exchange(board, 'a7 0e 07')).toBe(full('a7 0e 01'));
    expect(exchange(board, 'a7 0e 00 99')).toBe(full('a7 0e 00 99'));
    expect(exchange(powerCycle(board), 'a7 0d')).toBe(full('a7 0d 00 00 7f'));
    expect(exchange(q1(), 'a7 0d 01 02')).toBe(full('ff 00 01 02'));
  });

  it('the keyboard Fn combination changes the rate and reports [A7, 0D, 00, divider, 7F]', () => {
    const board = c1();
    const sent: string[] = [];
    board.keychron!.onReport = (r) => sent.push(Buffer.from(r).toString('hex'));
    board.keychron!.reportRateFromKeyboard(1);
    expect(sent).toEqual([full('a7 0d 00 01 7f')]);
  });

  it('0x12/0x13: adaptive NKRO (0x04), never switched', () => {
    expect(exchange(q1(), 'a7 12')).toBe(full('a7 12 00 04'));
    expect(exchange(c1(), 'a7 13 01')).toBe(full('a7 13 01'));
    expect(exchange(c1(), 'a7 13 00')).toBe(full('a7 13 01'));
    expect(exchange(c1(), 'a7 13 02')).toBe(full('a7 13 01'));
  });

  it('0x12: bit 0 is the NKRO flag of an EEPROM whose keymap config has it (nkro.c:28)', () => {
    const image = q1().keychron!.image();
    image[4]! |= 0x80;
    const board = q1();
    board.keychron!.loadImage(image);
    expect(exchange(board, 'a7 12')).toBe(full('a7 12 00 05'));
    expect(exchange(board, 'a7 13 00')).toBe(full('a7 13 01'));
  });

  it('unbuilt and unknown sub-commands answer [FF, 00, …echo]', () => {
    for (const sub of ['00', '0b', '0c', '0f', '10', '11', '14', 'ff']) {
      expect(exchange(c1(), `a7 ${sub} 05 06`)).toBe(full('ff 00 05 06'));
    }
  });
});
