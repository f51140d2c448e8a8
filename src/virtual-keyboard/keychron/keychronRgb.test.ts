import { describe, expect, it } from 'vitest';
import { exchange, full, keychronBoard, powerCycle } from './keychronTestBoard.ts';

const q1 = () => keychronBoard('q1v2_ansi_encoder');
const c1 = () => keychronBoard('c1_pro_8k_ansi');

describe('Keychron 0xA8 RGB', () => {
  it('0x01 version 1; 0x05 LED count (81 / 87); 0x0B regions 2 × 5 effects', () => {
    expect(exchange(q1(), 'a8 01 77')).toBe(full('a8 01 00 01 00'));
    expect(exchange(q1(), 'a8 05')).toBe(full('a8 05 00 51'));
    expect(exchange(c1(), 'a8 05')).toBe(full('a8 05 00 57'));
    expect(exchange(c1(), 'a8 0b')).toBe(full('a8 0b 00 02 05'));
  });

  it('unknown sub-commands: byte 0 = 0xFF, byte 1 kept, status 0', () => {
    expect(exchange(q1(), 'a8 10 09 08')).toBe(full('ff 10 00 08'));
    expect(exchange(q1(), 'a8 00 09')).toBe(full('ff 00 00'));
  });

  it('0x03/0x04: OS indicator (Caps Lock LED on the Q1 V2 only), white, brightness floor 128', () => {
    expect(exchange(q1(), 'a8 03')).toBe(full('a8 03 00 02 00 ff 00 ff'));
    const board = c1();
    expect(exchange(board, 'a8 03')).toBe(full('a8 03 00 00 00 ff 00 ff'));
    expect(exchange(board, 'a8 04 02 55 66 10')).toBe(full('a8 04 00 55 66 10'));
    expect(exchange(board, 'a8 03')).toBe(full('a8 03 00 00 02 55 66 80'));
  });

  it('0x06: LED index map row by row, 0xFF for no LED or a clear mask bit; row > rows fails', () => {
    expect(exchange(q1(), 'a8 06 00 ff ff ff')).toBe(full('a8 06 00 000102030405060708090a0b0c0d ffff'));
    expect(exchange(c1(), 'a8 06 05 ff ff 01')).toBe(full('a8 06 00 4c4d4eff ffff4fff ffff5051 52535455 56'));
    expect(exchange(c1(), 'a8 06 05 05 00 00')).toBe(full(`a8 06 00 4c ff 4e ${'ff'.repeat(14)}`));
    expect(exchange(q1(), 'a8 06 07 ff ff ff')).toBe(full('a8 06 01 ff ff ff'));
  });

  it('0x06 with row = rows (a hazard) reads the LED coordinate table deterministically', () => {
    // Q1 V2 LED 0 is at (0, 0), LED 1 at (18, 0) …: the bytes after the 6 × 16 map.
    expect(exchange(q1(), 'a8 06 06 0f 00 00')?.slice(0, 20)).toBe('a8060000001200ffffff');
  });

  it('0x07/0x08: per-key type solid; 0-4 accepted, 5 fails; RAM until 0x02', () => {
    const board = q1();
    expect(exchange(board, 'a8 07')).toBe(full('a8 07 00 00'));
    expect(exchange(board, 'a8 08 05')).toBe(full('a8 08 01'));
    expect(exchange(board, 'a8 08 04')).toBe(full('a8 08 00'));
    expect(exchange(board, 'a8 07')).toBe(full('a8 07 00 04'));
    expect(exchange(powerCycle(board), 'a8 07')).toBe(full('a8 07 00 00'));
    exchange(board, 'a8 02');
    expect(exchange(powerCycle(board), 'a8 07')).toBe(full('a8 07 00 04'));
  });

  it('0x09/0x0A: default colours from the board file; up to 9 per request; saved by 0x02', () => {
    const board = c1();
    // LED 0 Esc red, 1-2 yellow.
    expect(exchange(board, 'a8 09 00 03')).toBe(full('a8 09 00 00ffff 2bffff 2bffff'));
    expect(exchange(board, 'a8 09 00 0a')).toBe(full('a8 09 01 0a'));
    expect(exchange(board, 'a8 0a 01 0a')).toBe(full('a8 0a 01 0a'));
    expect(exchange(board, 'a8 0a 01 02 55 ff 80 aa 10 20')).toBe(full('a8 0a 00 02 55 ff 80 aa 10 20'));
    expect(exchange(board, 'a8 09 01 02')).toBe(full('a8 09 00 55ff80 aa1020'));
    expect(exchange(powerCycle(board), 'a8 09 01 01')).toBe(full('a8 09 00 2bffff'));
    expect(exchange(board, 'a8 02')).toBe(full('a8 02 00'));
    expect(exchange(powerCycle(board), 'a8 09 01 02')).toBe(full('a8 09 00 55ff80 aa1020'));
  });

  it('0x09/0x0A past the LED count (a hazard): zeros read, nothing written', () => {
    const board = q1();
    expect(exchange(board, 'a8 0a 50 02 01 02 03 04 05 06')).toBe(full('a8 0a 00 02 01 02 03 04 05 06'));
    expect(exchange(board, 'a8 09 50 02')).toBe(full('a8 09 00 010203 000000'));
  });

  it('0x0C/0x0D: default regions; limits 29 / 28, start + count within the LEDs, values 0-1', () => {
    const board = c1();
    expect(exchange(board, 'a8 0c 21 04')).toBe(full('a8 0c 00 00 00 01 00'));
    expect(exchange(board, 'a8 0c 00 1e')).toBe(full('a8 0c 01 1e'));
    expect(exchange(board, 'a8 0c 3a 1d')).toBe(full('a8 0c 00 ' + '00'.repeat(29)));
    expect(exchange(board, 'a8 0c 4c 0c')).toBe(full('a8 0c 01 0c'));
    expect(exchange(board, 'a8 0d 00 1d')).toBe(full('a8 0d 01 1d'));
    expect(exchange(board, 'a8 0d 00 02 01 02')).toBe(full('a8 0d 01 02 01 02'));
    expect(exchange(board, 'a8 0d 55 02 01 01')).toBe(full('a8 0d 00 02 01 01'));
    expect(exchange(board, 'a8 0c 55 02')).toBe(full('a8 0c 00 01 01'));
    expect(exchange(powerCycle(board), 'a8 0c 55 02')).toBe(full('a8 0c 00 00 00'));
  });

  it('0x0E/0x0F: default effect lists; entries of 8 bytes; limits; effect ≥ 24 fails the whole set', () => {
    const board = q1();
    expect(exchange(board, 'a8 0e 00 00 02')).toBe(full('a8 0e 00 05 00 ff 7f 88130000 0000000000000000'));
    expect(exchange(board, 'a8 0e 01 00 01')).toBe(full('a8 0e 00 02 00 ff 7f 88130000'));
    expect(exchange(board, 'a8 0e 00 00 04')).toBe(full('a8 0e 01 00 04'));
    expect(exchange(board, 'a8 0e 00 03 03')).toBe(full('a8 0e 01 03 03'));
    expect(exchange(board, 'a8 0e 03 00 01')).toBe(full('a8 0e 01 00 01'));
    const entries = '17 10 20 30 10270000 18 00 00 00 00000000';
    expect(exchange(board, `a8 0f 01 03 02 ${entries}`)).toBe(full(`a8 0f 01 03 02 ${entries}`));
    const good = '17 10 20 30 10270000 01 40 50 60 e8030000';
    expect(exchange(board, `a8 0f 01 03 02 ${good}`)).toBe(full(`a8 0f 00 03 02 ${good}`));
    expect(exchange(board, 'a8 0e 01 03 02')).toBe(full(`a8 0e 00 ${good}`));
    expect(exchange(powerCycle(board), 'a8 0e 01 03 02')).toBe(full(`a8 0e 00 ${'00'.repeat(16)}`));
    exchange(board, 'a8 02');
    expect(exchange(powerCycle(board), 'a8 0e 01 03 02')).toBe(full(`a8 0e 00 ${good}`));
  });

  it('0x0E/0x0F with region 2 (a hazard the firmware lets through): zeros read, nothing written', () => {
    const board = c1();
    expect(exchange(board, 'a8 0f 02 00 01 03 01 02 03 04050607')).toBe(
      full('a8 0f 00 00 01 03 01 02 03 04050607'),
    );
    expect(exchange(board, 'a8 0e 02 00 01')).toBe(full('a8 0e 00 0000000000000000'));
    expect(exchange(board, 'a8 0e 00 00 01')).toBe(full('a8 0e 00 05 00 ff 7f 88130000'));
  });
});
