import xz from 'xz-decompress';
import { describe, expect, it } from 'vitest';
import { readDefinitionSize, readKeyboardId } from '../../protocol/vial.ts';
import { VirtualFirmware, type EepromStorage } from '../VirtualFirmware.ts';
import { VIAL_DEMO_DEFINITION, vialDemoConfig } from './vialDemo.ts';

/** A Vial demo board on a fake clock (the unlock counts polls more than 100 ms apart). */
function board(vialProtocol = 6, storage?: EepromStorage) {
  let time = 1000;
  const fw = new VirtualFirmware(vialDemoConfig(vialProtocol), {
    now: () => time,
    ...(storage ? { storage } : {}),
  });
  return { fw, advance: (ms: number) => (time += ms) };
}

const bytes = (hex: string) => hex.split(' ').map((b) => parseInt(b, 16));
/** Sends hex bytes (zero-padded to 32); the reply's first `n` bytes as hex. */
function exchange(fw: VirtualFirmware, hex: string, n = 8): string {
  const request = new Uint8Array(32);
  request.set(bytes(hex));
  return [...fw.handleReport(request)!.subarray(0, n)].map((b) => b.toString(16).padStart(2, '0')).join(' ');
}
const raw = (fw: VirtualFirmware, hex: string) => {
  const request = new Uint8Array(32);
  request.set(bytes(hex));
  return fw.handleReport(request)!;
};
const ff = (n: number) => Array(n).fill('ff').join(' ');
const zeros = (n: number) => Array(n).fill('00').join(' ');

function memoryStorage(): EepromStorage {
  const map = new Map<string, Uint8Array>();
  return { load: (k) => map.get(k) ?? null, save: (k, b) => void map.set(k, b.slice()) };
}

describe('Vial firmware model: identity and definition', () => {
  it('reports VIA protocol 9, as every vial-qmk build does', () =>
    expect(exchange(board().fw, '01', 4)).toBe('01 00 09 00'));

  it('fe 00 keyboard id: the whole reply cleared, version u32 LE, UID, VialRGB flag', () => {
    const reply = raw(board().fw, 'fe 00 aa bb cc dd ee ff 11 22 33 44 55 66 77');
    expect([...reply.subarray(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join(' ')).toBe(
      '06 00 00 00 31 30 4c 41 49 56 4c 4b 01 00 00 00',
    );
    expect([...reply].every((b, i) => i < 13 || b === 0)).toBe(true);
    expect(readKeyboardId(reply)).toEqual({ protocol: 6, uid: '4b4c5649414c3031', vialRgb: true });
    // The Vial 5 board is built without VialRGB: byte 12 stays 0.
    expect(readKeyboardId(raw(board(5).fw, 'fe 00'))).toMatchObject({ protocol: 5, vialRgb: false });
  });

  it('fe 01 size: u32 LE in bytes 0–3, the rest of the request comes back as sent', () => {
    const { fw } = board();
    const size = fw.config.vial!.definition.length;
    const reply = raw(fw, 'fe 01 00 00 00 aa');
    expect(readDefinitionSize(reply)).toBe(size);
    expect([...reply.subarray(0, 6)]).toEqual([size & 0xff, size >> 8, 0, 0, 0x00, 0xaa]);
  });

  it('fe 02 blocks: 32 bytes from block × 32; the last one short (the rest as sent); past the end, as sent', () => {
    const { fw } = board();
    const def = fw.config.vial!.definition;
    expect(exchange(fw, 'fe 02 00 00', 8)).toBe('fd 37 7a 58 5a 00 00 04');
    const last = Math.floor((def.length - 1) / 32);
    const tail = def.length - last * 32;
    const reply = raw(fw, `fe 02 ${(last & 0xff).toString(16)} ${(last >> 8).toString(16)} ${ff(28)}`);
    expect([...reply.subarray(0, tail)]).toEqual([...def.subarray(last * 32)]);
    expect(tail < 32 ? reply[31] : 0xff).toBe(0xff);
    const past = last + 1;
    expect(exchange(fw, `fe 02 ${(past & 0xff).toString(16)} ${(past >> 8).toString(16)} 77`, 5)).toBe(
      `fe 02 ${(past & 0xff).toString(16).padStart(2, '0')} ${(past >> 8).toString(16).padStart(2, '0')} 77`,
    );
  });

  it('the blocks put together decompress to the definition in Vial form', async () => {
    const { fw } = board();
    const size = readDefinitionSize(raw(fw, 'fe 01'));
    const parts: number[] = [];
    for (let block = 0; block * 32 < size; block++)
      parts.push(
        ...raw(fw, `fe 02 ${(block & 0xff).toString(16)} ${(block >> 8).toString(16)}`).subarray(
          0,
          Math.min(32, size - block * 32),
        ),
      );
    const stream = new xz.XzReadableStream(new Blob([Uint8Array.from(parts)]).stream());
    const json = JSON.parse(await new Response(stream).text()) as typeof VIAL_DEMO_DEFINITION;
    expect(json).toEqual(VIAL_DEMO_DEFINITION);
    // Encoders are drawn Vial's way: two keys each, 'e' on the tenth legend line.
    expect(JSON.stringify(json.layouts.keymap).match(/\\n\\n\\n\\n\\n\\n\\n\\n\\ne/g)).toHaveLength(4);
  });
});

describe('Vial firmware model: encoders (fe 03 / fe 04)', () => {
  it('get: counter-clockwise then clockwise, big-endian; out of range reads KC_NO', () => {
    const { fw } = board();
    expect(exchange(fw, 'fe 03 00 00', 4)).toBe('00 aa 00 a9');
    expect(exchange(fw, 'fe 03 00 01', 4)).toBe('00 50 00 4f');
    expect(exchange(fw, 'fe 03 00 02', 4)).toBe('00 00 00 00');
    expect(exchange(fw, 'fe 03 01 00', 4)).toBe('00 01 00 01');
  });

  it('set: direction byte 1 = clockwise; the EEPROM keeps it', () => {
    const { fw } = board();
    exchange(fw, 'fe 04 02 01 01 00 4b');
    exchange(fw, 'fe 04 02 01 00 00 4e');
    expect(fw.getEncoderKeycode(2, 1, true)).toBe(0x4b);
    expect(fw.getEncoderKeycode(2, 1, false)).toBe(0x4e);
    expect(exchange(fw, 'fe 03 02 01', 4)).toBe('00 4e 00 4b');
  });

  it('QK_BOOT is written as KC_NO while locked, as itself once unlocked (its number per Vial version)', () => {
    const { fw } = board();
    exchange(fw, 'fe 04 00 00 01 7c 00');
    expect(fw.getEncoderKeycode(0, 0, true)).toBe(0);
    fw.vial!.setUnlocked(true);
    exchange(fw, 'fe 04 00 00 01 7c 00');
    expect(fw.getEncoderKeycode(0, 0, true)).toBe(0x7c00);
    const v5 = board(5).fw;
    exchange(v5, 'fe 04 00 00 01 5c 00');
    exchange(v5, 'fe 04 00 00 00 7c 00');
    expect([v5.getEncoderKeycode(0, 0, true), v5.getEncoderKeycode(0, 0, false)]).toEqual([0, 0x7c00]);
  });

  it("VIA's own encoder commands (protocol 10) are not there: 0xFF", () =>
    expect(exchange(board().fw, '14 00 00 01', 1)).toBe('ff'));
});

describe('Vial firmware model: the lock', () => {
  it('fe 05 status: the reply filled with 0xFF, locked, not in progress, the keys to hold (Esc, Enter)', () => {
    expect(exchange(board().fw, 'fe 05', 32)).toBe(`00 00 00 00 02 0b ${ff(26)}`);
  });

  it('unlocks after 50 polls with every key held, each more than 100 ms after the last counted', () => {
    const { fw, advance } = board();
    exchange(fw, 'fe 06');
    expect(exchange(fw, 'fe 05', 2)).toBe('00 01');
    advance(150);
    expect(exchange(fw, 'fe 07', 3)).toBe('00 01 32'); // nothing held: back to 50
    fw.vial!.holdUnlockKeys(true);
    for (let left = 49; left > 0; left--) {
      advance(101);
      expect(exchange(fw, 'fe 07', 3)).toBe(`00 01 ${left.toString(16).padStart(2, '0')}`);
    }
    advance(101);
    expect(exchange(fw, 'fe 07', 3)).toBe('01 00 00');
    expect(fw.vial!.lockState()).toEqual({ unlocked: true, inProgress: false, counter: 0 });
  });

  it('a poll 100 ms or less after the last counted one, or with one key let go, starts the count again', () => {
    const { fw, advance } = board();
    exchange(fw, 'fe 06');
    fw.vial!.holdUnlockKeys(true);
    advance(101);
    advance(0);
    expect(exchange(fw, 'fe 07', 3)).toBe('00 01 31');
    advance(100);
    expect(exchange(fw, 'fe 07', 3)).toBe('00 01 32');
    advance(101);
    expect(exchange(fw, 'fe 07', 3)).toBe('00 01 31');
    fw.release(2, 11);
    advance(101);
    expect(exchange(fw, 'fe 07', 3)).toBe('00 01 32');
  });

  it('while unlocking, only keyboard id, size, definition, status, start and poll are answered', () => {
    const { fw } = board();
    exchange(fw, 'fe 06');
    expect(exchange(fw, '01', 4)).toBe('01 00 00 00');
    expect(exchange(fw, '04 00 00 00', 6)).toBe('04 00 00 00 00 00');
    expect(exchange(fw, 'fe 0d 00', 4)).toBe('fe 0d 00 00');
    expect(exchange(fw, 'fe 08', 2)).toBe('fe 08');
    expect(exchange(fw, 'fe 00', 2)).toBe('06 00');
  });

  it('fe 08 locks again; a replugged board starts locked (the lock lives in RAM)', () => {
    const storage = memoryStorage();
    const { fw } = board(6, storage);
    fw.vial!.setUnlocked(true);
    exchange(fw, 'fe 08');
    expect(exchange(fw, 'fe 05', 1)).toBe('00');
    fw.vial!.setUnlocked(true);
    fw.vial!.setEntry('combo', 0, [4, 0, 5, 0, 0, 0, 0, 0, 6, 0]);
    expect(board(6, storage).fw.vial!.lockState()!.unlocked).toBe(false);
  });

  it('locked: the switch matrix, macro writes and the bootloader jump come back as sent', () => {
    const { fw } = board();
    fw.press(0, 1);
    expect(exchange(fw, '02 03', 6)).toBe('02 03 00 00 00 00');
    expect(exchange(fw, '0f 00 00 02 41 42', 6)).toBe('0f 00 00 02 41 42');
    expect([...fw.macroBuffer().subarray(0, 2)]).toEqual([0, 0]);
    expect(exchange(fw, '0b', 1)).toBe('0b');
    expect(fw.jumpedToBootloader).toBe(false);
    fw.vial!.setUnlocked(true);
    // Unlocked: the matrix rows from byte 2 (13 columns: two bytes a row), row 0 has column 1 down.
    expect(exchange(fw, '02 03', 4)).toBe('02 03 00 02');
    exchange(fw, '0f 00 00 02 41 42');
    expect([...fw.macroBuffer().subarray(0, 2)]).toEqual([0x41, 0x42]);
  });

  it('locked: nothing else is refused (vial-qmk gates only those): uptime, layout options, key writes, macro reset', () => {
    const { fw } = board();
    // Uptime (02 01) and layout options (02 02) are answered; a layout option write is kept.
    expect(exchange(fw, '02 01', 2)).toBe('02 01');
    exchange(fw, '03 02 00 00 00 01');
    expect(exchange(fw, '02 02', 6)).toBe('02 02 00 00 00 01');
    // The single key write is not filtered, even for QK_BOOT (clients ask for the unlock before it).
    exchange(fw, '05 00 00 01 7c 00');
    expect(fw.getKeycode(0, 0, 1)).toBe(0x7c00);
    // Macro reset (10) is not gated: a locked board clears its macros.
    fw.vial!.setUnlocked(true);
    exchange(fw, '0f 00 00 02 41 42');
    fw.vial!.setUnlocked(false);
    exchange(fw, '10');
    expect([...fw.macroBuffer().subarray(0, 2)]).toEqual([0, 0]);
  });

  it('locked: QK_BOOT in a keymap buffer write becomes 0xFFFF, halves straddling the edges too', () => {
    const { fw } = board();
    expect(exchange(fw, '13 00 00 04 7c 00 00 04', 8)).toBe('13 00 00 04 ff ff 00 04');
    expect([fw.getKeycode(0, 0, 0), fw.getKeycode(0, 0, 1)]).toEqual([0xffff, 0x0004]);
    fw.vial!.setUnlocked(true);
    exchange(fw, '13 00 00 02 7c 00');
    fw.vial!.setUnlocked(false);
    // Offset 1 writes the low byte of key 0, whose high byte (0x7c) is already stored: 7c 00 would be QK_BOOT.
    expect(exchange(fw, '13 00 01 01 00', 5)).toBe('13 00 01 01 ff');
    expect(fw.getKeycode(0, 0, 0)).toBe(0x7cff);
    // Unlocked, it is written as sent.
    fw.vial!.setUnlocked(true);
    exchange(fw, '13 00 02 02 7c 00');
    expect(fw.getKeycode(0, 0, 1)).toBe(0x7c00);
  });

  it('a keymap buffer write that does not fit whole writes nothing', () => {
    const { fw } = board();
    const end = 4 * 5 * 13 * 2;
    const at = end - 2;
    exchange(fw, `13 ${(at >> 8).toString(16)} ${(at & 0xff).toString(16)} 04 00 05 00 06`);
    expect(fw.getKeycode(3, 4, 12)).toBe(0x0001);
  });
});

describe('Vial firmware model: QMK settings (fe 09–0c)', () => {
  it('query: up to 16 ids above the argument, u16 LE, padded with 0xFFFF', () => {
    const { fw } = board();
    expect(exchange(fw, 'fe 09 00 00', 32)).toBe(
      '01 00 02 00 03 00 04 00 05 00 06 00 07 00 08 00 09 00 0a 00 0b 00 0c 00 0d 00 0e 00 0f 00 10 00',
    );
    expect(exchange(fw, 'fe 09 10 00', 32)).toBe(`11 00 12 00 13 00 14 00 15 00 ${ff(22)}`);
    expect(exchange(fw, 'fe 09 15 00', 32)).toBe(ff(32));
  });

  it('get: status 0 and the value LE; an unknown id: status 0xFF', () => {
    const { fw } = board();
    expect(exchange(fw, 'fe 0a 07 00', 3)).toBe('00 c8 00'); // tapping term 200
    expect(exchange(fw, 'fe 0a 05 00', 2)).toBe('00 05'); // one-shot tap toggle
    expect(exchange(fw, 'fe 0a 63 00', 1)).toBe('ff');
  });

  it('set stores the value (its width only) in EEPROM; reset restores the defaults', () => {
    const storage = memoryStorage();
    const { fw } = board(6, storage);
    expect(exchange(fw, 'fe 0b 07 00 fa 00 ee', 1)).toBe('00');
    expect(exchange(fw, 'fe 0b 15 00 ff ff ff ff', 1)).toBe('00');
    expect(exchange(fw, 'fe 0b 63 00 01', 1)).toBe('ff');
    const again = board(6, storage).fw;
    expect(again.vial!.qmkSetting(7)).toEqual([0xfa, 0x00]);
    expect(exchange(again, 'fe 0a 15 00', 5)).toBe('00 ff 03 00 00'); // magic: bits 0–9 kept
    exchange(again, 'fe 0c');
    expect(again.vial!.qmkSetting(7)).toEqual([200, 0]);
    expect(again.vial!.qmkSetting(21)).toEqual([0, 0, 0, 0]);
  });

  it('a board built without QMK settings answers the query with 0xFF only and leaves get as sent', () => {
    const fw = new VirtualFirmware({ ...vialDemoConfig(3) });
    expect(exchange(fw, 'fe 09 00 00', 4)).toBe('ff ff ff ff');
    expect(exchange(fw, 'fe 0a 07 00', 4)).toBe('fe 0a 07 00');
  });
});

describe('Vial firmware model: dynamic entries (fe 0d)', () => {
  it('counts: tap dance, combos, key overrides (the rest of the reply cleared)', () => {
    expect(exchange(board().fw, 'fe 0d 00 aa bb', 5)).toBe('10 10 10 00 00');
    expect(exchange(board(4).fw, 'fe 0d 00', 3)).toBe('10 10 00');
  });

  it('defaults: tap dance term 200 ms, empty combos, key overrides on all layers with options 0x07', () => {
    const { fw } = board();
    expect(exchange(fw, 'fe 0d 01 00', 11)).toBe('00 00 00 00 00 00 00 00 00 c8 00');
    expect(exchange(fw, 'fe 0d 03 0f', 11)).toBe(`00 ${zeros(10)}`);
    expect(exchange(fw, 'fe 0d 05 00', 11)).toBe('00 00 00 00 00 ff ff 00 00 00 07');
  });

  it('set then get, for each kind; the EEPROM image keeps them', () => {
    const storage = memoryStorage();
    const { fw } = board(6, storage);
    expect(exchange(fw, 'fe 0d 02 03 04 00 05 00 06 00 07 00 2c 01', 1)).toBe('00');
    expect(exchange(fw, 'fe 0d 04 01 04 00 05 00 00 00 00 00 29 00', 1)).toBe('00');
    expect(exchange(fw, 'fe 0d 06 02 2a 00 4c 00 01 00 02 00 00 87', 1)).toBe('00');
    const again = board(6, storage).fw;
    expect(exchange(again, 'fe 0d 01 03', 11)).toBe('00 04 00 05 00 06 00 07 00 2c 01');
    expect(again.vial!.entry('combo', 1)).toEqual(bytes('04 00 05 00 00 00 00 00 29 00'));
    expect(again.vial!.entry('keyOverride', 2)).toEqual(bytes('2a 00 4c 00 01 00 02 00 00 87'));
  });

  it('an index past the count: status 0xFF (and a cleared entry for get)', () => {
    const { fw } = board();
    expect(exchange(fw, 'fe 0d 01 10 aa aa aa', 4)).toBe('ff 00 00 00');
    expect(exchange(fw, 'fe 0d 02 10 04 00', 1)).toBe('ff');
  });

  it('locked: QK_BOOT as a tap dance action, combo output or override replacement is stored as KC_NO', () => {
    const { fw } = board();
    exchange(fw, 'fe 0d 02 00 00 7c 00 7c 00 7c 00 7c c8 00');
    exchange(fw, 'fe 0d 04 00 00 7c 05 00 00 00 00 00 00 7c');
    exchange(fw, 'fe 0d 06 00 00 7c 00 7c ff ff 00 00 00 80');
    expect(fw.vial!.entry('tapDance', 0)).toEqual(bytes('00 00 00 00 00 00 00 00 c8 00'));
    // The combo's inputs are not what a key sends: only the output is checked.
    expect(fw.vial!.entry('combo', 0)).toEqual(bytes('00 7c 05 00 00 00 00 00 00 00'));
    expect(fw.vial!.entry('keyOverride', 0)).toEqual(bytes('00 7c 00 00 ff ff 00 00 00 80'));
  });

  it('a feature not built in leaves its requests as sent (Vial protocol 4 has no key overrides)', () =>
    expect(exchange(board(4).fw, 'fe 0d 05 00', 4)).toBe('fe 0d 05 00'));

  it('dynamic keymap reset (06) also resets entries and settings, as vial-qmk does', () => {
    const { fw } = board();
    exchange(fw, 'fe 0d 04 00 04 00 05 00 00 00 00 00 29 00');
    exchange(fw, 'fe 0b 07 00 fa 00');
    exchange(fw, '06');
    expect(fw.vial!.entry('combo', 0)).toEqual(bytes(zeros(10)));
    expect(fw.vial!.qmkSetting(7)).toEqual([200, 0]);
  });
});
