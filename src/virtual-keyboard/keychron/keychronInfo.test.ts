import { describe, expect, it } from 'vitest';
import { exchange, full, keychronBoard } from './keychronTestBoard.ts';

// Golden replies from docs/keychron-protocol.md (Keychron's firmware at 1210b3c).
describe('Keychron 0xA0-0xA3', () => {
  const q1 = () => keychronBoard('q1v2_ansi_encoder');
  const c1 = () => keychronBoard('c1_pro_8k_ansi');

  it('0xA0: Keychron protocol 2, QMK command set 2; the padding comes back', () => {
    expect(exchange(q1(), 'a0')).toBe(full('a0 02 00 02'));
    expect(exchange(q1(), 'a0 11 22 33 44 55', 0x5a)).toBe(full('a0 02 00 02 44 55', '5a'));
  });

  it('0xA1: version and build date with a NUL, bytes 1-27', () => {
    const text = (s: string) => Buffer.from(s, 'ascii').toString('hex');
    expect(exchange(c1(), 'a1', 0xee)).toBe(full(`a1 ${text('v1.1.0 2025-12-01-16:59:02')} 00`, 'ee'));
    expect(exchange(q1(), 'a1')).toBe(full(`a1 ${text('v2.2.0 2025-12-01-16:59:02')} 00`));
  });

  it('0xA2: F1 03 on both boards', () => {
    expect(exchange(q1(), 'a2 ff ff ff ff')).toBe(full('a2 00 f1 03 ff'));
    expect(exchange(c1(), 'a2')).toBe(full('a2 00 f1 03'));
  });

  it('0xA3: the default layer (Mac position: 0); the OS switch tells the host unasked', () => {
    const board = c1();
    expect(exchange(board, 'a3 07 07')).toBe(full('a3 00 07'));
    const sent: string[] = [];
    board.keychron!.onReport = (r) => sent.push(Buffer.from(r).toString('hex'));
    board.keychron!.setOsSwitch('win');
    expect(sent).toEqual([full('a3 02')]);
    expect(exchange(board, 'a3')).toBe(full('a3 02'));
  });

  it('0xA3: a power cycle keeps the physical OS switch where it stands', () => {
    const board = q1();
    board.keychron!.setOsSwitch('win');
    board.keychron!.loadImage(board.keychron!.image());
    expect(exchange(board, 'a3')).toBe(full('a3 02'));
  });

  it('the Q1 V2 scans its OS switch with the keys: matrix (5, 4) reads closed in the Windows position', () => {
    const board = q1();
    // Switch-matrix state from row 5 (protocol 12: rows from byte 2, two bytes a row for 16 columns).
    expect(exchange(board, '02 03 05')!.slice(0, 10)).toBe('0203050000');
    board.keychron!.setOsSwitch('win');
    expect(exchange(board, '02 03 05')!.slice(0, 10)).toBe('0203050010');
    board.keychron!.setOsSwitch('mac');
    expect(exchange(board, '02 03 05')!.slice(0, 10)).toBe('0203050000');
    // The C1 Pro 8K reads its switch from a pin: nothing in its matrix.
    const c = c1();
    c.keychron!.setOsSwitch('win');
    expect(exchange(c, '02 03 00')).toBe(exchange(c1(), '02 03 00'));
  });

  it('0xA4-0xA6, 0xA9, 0xAC-0xFF: VIA unhandled (0xFF, rest echoed)', () => {
    for (const id of ['a4', 'a5', 'a6', 'a9', 'ac', 'fe']) {
      expect(exchange(q1(), `${id} 01 02 03`)).toBe(full('ff 01 02 03'));
    }
  });

  it('0xAA: no reply on a wired board', () => {
    expect(exchange(q1(), 'aa 01 02')).toBeNull();
  });

  it('0xAB 0x08: build time with the repeated minor digit, in a fresh report, checksummed', () => {
    const request = Buffer.alloc(32);
    request.set([0xab, 0x08]);
    request.writeUInt16LE(0x08, 30);
    const reply = keychronBoard('c1_pro_8k_ansi').handleReport(new Uint8Array(request))!;
    const text = Buffer.from('v1.1.1 2025-12-01-16:59:02', 'ascii');
    const expected = Buffer.alloc(32);
    expected.set([0xab, 0x08, ...text, 0], 0);
    let sum = 0;
    for (let i = 1; i <= 28; i++) sum += expected[i]!;
    expected.writeUInt16LE(sum, 30);
    expect(Buffer.from(reply).toString('hex')).toBe(expected.toString('hex'));
    expect(Buffer.from(reply).subarray(2, 8).toString()).toBe('v1.1.1');
  });

  it('0xAB: a bad checksum, and every other sub-command, get no reply', () => {
    expect(exchange(q1(), 'ab 08')).toBeNull();
    expect(exchange(q1(), `ab 01 ${'00'.repeat(27)} 00 01 00`)).toBeNull();
    // Byte 29 is not summed: [AB, 08] with a sum of 8 is answered whatever byte 29 holds.
    expect(exchange(q1(), `ab 08 ${'00'.repeat(27)} 55 08 00`)).not.toBeNull();
    expect(exchange(q1(), `ab 03 ${'00'.repeat(28)} 03 00`)).toBeNull();
  });
});

describe('KC_RGB_MODE_IDS', () => {
  it('numbers the modes as the boards do: 5 cycle left-right, 23 per-key, 24 mixed', async () => {
    const { KC_RGB_MODE_IDS, KC_RGB_MODE_MIXED_RGB, KC_RGB_MODE_PER_KEY_RGB } =
      await import('../../qmk/keychronValues.ts');
    expect(KC_RGB_MODE_IDS[5]).toBe('cycle_left_right');
    expect(KC_RGB_MODE_IDS[2]).toBe('breathing');
    expect(KC_RGB_MODE_IDS[KC_RGB_MODE_PER_KEY_RGB]).toBe('per_key_rgb');
    expect(KC_RGB_MODE_IDS.length - 1).toBe(KC_RGB_MODE_MIXED_RGB);
  });
});
