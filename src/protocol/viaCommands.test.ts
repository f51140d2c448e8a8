import { describe, expect, it } from 'vitest';
import { ScriptedHidDevice } from '../../tests/support/scriptedHidDevice.ts';
import { ViaClient } from './viaClient.ts';
import { MacroWriteError } from './macroWriteError.ts';
import { writeMacroBytes } from './macroWrite.ts';
import { ViaCommands } from './viaCommands.ts';
import { actuationCommands } from './actuationCommands.ts';
import { unpackLayoutOptions } from './layoutOptions.ts';
import { packLayoutOptions } from './packLayoutOptions.ts';
import { VendorCommandSet } from './vendorCommands.ts';

/** Runs `fn` against a device that expects exactly `script` (request prefix → reply). */
async function withScript<T>(
  script: { expect: string; reply: string | null }[],
  protocol: number,
  fn: (c: ViaCommands) => Promise<T>,
) {
  const device = new ScriptedHidDevice(script);
  const result = await fn(new ViaCommands(new ViaClient(device), protocol));
  expect(device.remaining).toBe(0);
  return result;
}

describe('request bytes (literal, from via-protocol.md)', () => {
  it('01 get protocol version → u16 at b1', async () => {
    const device = new ScriptedHidDevice([{ expect: '01', reply: '01 00 0c' }]);
    expect(await ViaCommands.readProtocolVersion(new ViaClient(device))).toBe(12);
  });
  it('11 layer count', async () =>
    expect(await withScript([{ expect: '11', reply: '11 08' }], 12, (c) => c.layerCount())).toBe(8));
  it('12 keymap buffer read: layer 2 row 3 col 7 on 5×15 is offset 0x0194', async () => {
    const bytes = await withScript([{ expect: '12 01 94 02', reply: '12 01 94 02 42 2c' }], 12, (c) =>
      c.readKeymapBuffer(0x194, 2),
    );
    expect([...bytes]).toEqual([0x42, 0x2c]);
  });
  it('13 keymap buffer write', async () => {
    await withScript([{ expect: '13 00 1c 04 00 04 00 05', reply: '13 00 1c 04 00 04 00 05' }], 12, (c) =>
      c.writeKeymapBuffer(0x1c, [0, 4, 0, 5]),
    );
  });
  it('refuses keymap reads and writes over 28 bytes: Max data length is 28', async () => {
    await expect(withScript([], 12, (c) => c.readKeymapBuffer(0, 29))).rejects.toThrow(
      'Max data length is 28',
    );
    await expect(withScript([], 12, (c) => c.writeKeymapBuffer(0, new Array(29).fill(0)))).rejects.toThrow(
      'Max data length is 28',
    );
  });
  it('04/05 single keycode', async () => {
    expect(
      await withScript([{ expect: '04 01 02 03', reply: '04 01 02 03 00 29' }], 7, (c) => c.key(1, 2, 3)),
    ).toBe(0x29);
    await withScript([{ expect: '05 01 02 03 42 2c', reply: '05 01 02 03 42 2c' }], 12, (c) =>
      c.setKey(1, 2, 3, 0x422c),
    );
  });
  it('reads a 5×15 layer in 6 requests (5 × 28 + 10 bytes)', async () => {
    const script = [0, 28, 56, 84, 112, 140].map((offset) => {
      const size = offset === 140 ? 10 : 28;
      const hex = `12 00 ${offset.toString(16).padStart(2, '0')} ${size.toString(16).padStart(2, '0')}`;
      return { expect: hex, reply: `${hex} ${new Array(size).fill('00').join(' ')}` };
    });
    const layers = await withScript(script, 12, (c) => c.readKeymap(1, 5, 15));
    expect(layers[0]).toHaveLength(75);
  });
  it('protocol 7 reads key by key with 04', async () => {
    const layers = await withScript(
      [
        { expect: '04 00 00 00', reply: '04 00 00 00 00 04' },
        { expect: '04 00 00 01', reply: '04 00 00 01 00 05' },
      ],
      7,
      (c) => c.readKeymap(1, 1, 2),
    );
    expect(layers).toEqual([[4, 5]]);
  });
  it('02 02 / 03 02 layout options, high byte first (DB60 example 0x26)', async () => {
    const labels = [
      'Split Backspace',
      'ISO Enter',
      'Split Left Shift',
      'Split Right Shift',
      ['Bottom Row', 'ANSI', '7U', 'HHKB', 'WKL'],
    ];
    const value = packLayoutOptions(labels, [1, 0, 0, 1, 2]);
    expect(value).toBe(0x26);
    await withScript([{ expect: '03 02 00 00 00 26', reply: '03 02 00 00 00 26' }], 12, (c) =>
      c.setLayoutOptions(value),
    );
    const read = await withScript([{ expect: '02 02', reply: '02 02 00 00 00 26' }], 12, (c) =>
      c.layoutOptions(),
    );
    expect(unpackLayoutOptions(labels, read)).toEqual([1, 0, 0, 1, 2]);
  });
  it('02 01 uptime and 02 04 firmware version as u32', async () => {
    expect(await withScript([{ expect: '02 01', reply: '02 01 00 01 00 00' }], 12, (c) => c.uptime())).toBe(
      65536,
    );
    expect(
      await withScript([{ expect: '02 04', reply: '02 04 80 00 00 01' }], 12, (c) => c.firmwareVersion()),
    ).toBe(0x80000001);
  });
  it('128–131 encoder modes, OLED modes and custom encoders (Satisfaction75 keyboard values)', async () => {
    expect(
      await withScript([{ expect: '02 80', reply: '02 80 1f' }], 9, (c) =>
        new VendorCommandSet(c).encoderModes(),
      ),
    ).toBe(0x1f);
    await withScript([{ expect: '03 80 21', reply: '03 80 21' }], 9, (c) =>
      new VendorCommandSet(c).setEncoderModes(0x21),
    );
    expect(
      await withScript([{ expect: '02 81', reply: '02 81 01' }], 9, (c) =>
        new VendorCommandSet(c).oledMode('default'),
      ),
    ).toBe(1);
    await withScript([{ expect: '03 83 02', reply: '03 83 02' }], 9, (c) =>
      new VendorCommandSet(c).setOledMode('current', 2),
    );
    expect(
      await withScript([{ expect: '02 82 01', reply: '02 82 01 00 a9 00 aa 00 e2' }], 9, (c) =>
        new VendorCommandSet(c).customEncoder(1),
      ),
    ).toEqual([0xa9, 0xaa, 0xe2]);
    await withScript([{ expect: '03 82 02 02 00 e2', reply: '03 82 02 02 00 e2' }], 9, (c) =>
      new VendorCommandSet(c).setCustomEncoder(2, 2, 0xe2),
    );
  });
  it('03 05 device indication', async () => {
    await withScript([{ expect: '03 05 02', reply: '03 05 02' }], 12, (c) => c.deviceIndication(2));
  });
  it('14/15 encoders', async () => {
    expect(
      await withScript([{ expect: '14 01 00 01', reply: '14 01 00 01 00 a9' }], 12, (c) =>
        c.encoder(1, 0, true),
      ),
    ).toBe(0xa9);
    await withScript([{ expect: '15 01 00 00 00 aa', reply: '15 01 00 00 00 aa' }], 12, (c) =>
      c.setEncoder(1, 0, false, 0xaa),
    );
  });
  it('0c/0d macro count and size; 0e reads stop at the last macro terminator', async () => {
    expect(await withScript([{ expect: '0c', reply: '0c 10' }], 12, (c) => c.macroCount())).toBe(16);
    expect(await withScript([{ expect: '0d', reply: '0d 04 00' }], 12, (c) => c.macroBufferSize())).toBe(
      1024,
    );
    const bytes = await withScript([{ expect: '0e 00 00 1c', reply: '0e 00 00 1c 48 69 00 00' }], 12, (c) =>
      c.readMacroBytes(2, 1024),
    );
    expect([...bytes]).toEqual([0x48, 0x69, 0, 0]);
  });
  it('macros disabled when the count is 0', async () => {
    await expect(withScript([], 12, (c) => c.readMacroBytes(0, 1024))).rejects.toThrow('Macros are disabled');
  });
  it('a failed macro chunk leaves the write-in-progress flag raised (no 0f 00 3f 01 00 after it)', async () => {
    // The chunk's reply is error 238: the write stops there; lowering the flag would make the firmware play
    // the half-written buffer (new text with the old tail), so the flag stays up.
    const error = await withScript(
      [
        { expect: '0f 00 3f 01 ff', reply: '0f 00 3f 01 ff' },
        { expect: '0f 00 00 03 41 00 00', reply: 'ee 00 00 03 41 00 00' },
      ],
      12,
      (c) => writeMacroBytes(c, Uint8Array.from([0x41, 0]), 64, 3).catch((e: unknown) => e),
    );
    expect(error).toBeInstanceOf(MacroWriteError);
    expect(error).toMatchObject({ phase: 'data', message: 'Error: 238' });
  });
  it('macro write raises the write-in-progress flag and lowers it after the last chunk', async () => {
    await withScript(
      [
        { expect: '0f 00 3f 01 ff', reply: '0f 00 3f 01 ff' },
        { expect: '0f 00 00 03 41 00 00', reply: '0f 00 00 03 41 00 00' },
        { expect: '0f 00 3f 01 00', reply: '0f 00 3f 01 00' },
      ],
      12,
      (c) => writeMacroBytes(c, Uint8Array.from([0x41, 0]), 64, 3),
    );
  });
  it('refuses a macro set larger than the buffer before writing anything', async () => {
    await expect(withScript([], 12, (c) => writeMacroBytes(c, new Uint8Array(80), 64))).rejects.toThrow(
      'Macro size (80) exceeds buffer size (63)',
    );
  });
  it('10 macro reset, 0a EEPROM reset, 0b bootloader jump', async () => {
    await withScript([{ expect: '10', reply: '10' }], 12, (c) => c.resetMacros());
    await withScript([{ expect: '0a', reply: '0a' }], 12, (c) => c.eepromReset());
    await withScript([{ expect: '0b', reply: '0b' }], 12, (c) => c.jumpToBootloader());
  });
  it('07/08/09 custom menu values with channel ids (protocol ≥ 11)', async () => {
    const value = await withScript([{ expect: '08 03 04', reply: '08 03 04 55 ff' }], 12, (c) =>
      c.customValue(3, 4),
    );
    expect([...value.subarray(0, 2)]).toEqual([0x55, 0xff]);
    await withScript([{ expect: '07 03 01 80', reply: '07 03 01 80' }], 12, (c) =>
      c.setCustomValue(3, 1, [0x80]),
    );
    await withScript([{ expect: '09 03', reply: '09 03' }], 12, (c) => c.saveCustomValues(3));
  });
  it('07/08/09 legacy lighting values without a channel (protocol ≤ 10)', async () => {
    const value = await withScript([{ expect: '08 17 02', reply: '08 17 02 10 20' }], 9, (c) =>
      c.lightingValue(0x17, [2]),
    );
    expect([...value.subarray(0, 2)]).toEqual([0x10, 0x20]);
    await withScript([{ expect: '07 80 40', reply: '07 80 40' }], 9, (c) => c.setLightingValue(0x80, [0x40]));
    await withScript([{ expect: '09', reply: '09' }], 9, (c) => c.saveLighting());
  });
  it('02 03 switch matrix: protocol 12 asks by row offset in 14-key chunks', async () => {
    // 20 rows × 3 columns: 1 byte per row, 28 rows fit — but chunks stay 14 keys wide: one request.
    const pressed = await withScript([{ expect: '02 03 00', reply: '02 03 00 05' }], 12, (c) =>
      new VendorCommandSet(c).switchMatrix(1, 3),
    );
    expect(pressed).toEqual([[true, false, true]]);
  });
  it('switch matrix read below protocol 7 is refused', async () => {
    await expect(withScript([], 6, (c) => new VendorCommandSet(c).switchMatrix(1, 1))).rejects.toThrow(
      'Unsupported protocol version',
    );
  });
});

describe('time sync (core.md §7: local time as epoch seconds shifted by the timezone, command 25, then commit)', () => {
  it('07 00 19 + u32 seconds, then 09 00', async () => {
    const { timeSyncBytes } = await import('./timeSyncBytes.ts');
    const at = new Date(Date.UTC(2026, 10, 22, 15, 0, 0));
    const local = Math.floor(at.getTime() / 1000) - at.getTimezoneOffset() * 60;
    const bytes = [local >>> 24, (local >>> 16) & 255, (local >>> 8) & 255, local & 255];
    expect(timeSyncBytes(at)).toEqual(bytes);
    const hex = ['07', '00', '19', ...bytes.map((b) => b.toString(16).padStart(2, '0'))].join(' ');
    await withScript(
      [
        { expect: hex, reply: hex },
        { expect: '09 00', reply: '09 00' },
      ],
      12,
      (c) => new VendorCommandSet(c).syncTime(at),
    );
  });
});

describe('rapid trigger bytes (docs/adr/0004-actuation-bytes.md)', () => {
  it('c1 size, c2 reads 4 keys per request (flags, reserved, press, release), c3 sets one key', async () => {
    const rt = await withScript(
      [
        { expect: 'c1', reply: 'c1 06' },
        { expect: 'c2 00 00 04', reply: 'c2 00 00 04 01 00 00 1e 00 32 03 00 00 0a 00 0a' },
        { expect: 'c2 00 04 01', reply: 'c2 00 04 01' },
      ],
      12,
      (c) => actuationCommands(c).readRapidTrigger(5),
    );
    expect(rt.slice(0, 2)).toEqual([
      { enabled: true, crtEnabled: false, rt1: 30, rt2: 50 },
      { enabled: true, crtEnabled: true, rt1: 10, rt2: 10 },
    ]);
    await withScript([{ expect: 'c3 01 02 03 00 1e 00 32', reply: 'c3 01 02 03 00 1e 00 32' }], 12, (c) =>
      actuationCommands(c).setRapidTrigger(1, 2, { enabled: true, crtEnabled: true, rt1: 30, rt2: 50 }),
    );
  });
});
