import type { ServedDefinition } from '../../src/definitions/compile.ts';
import { encodeMacros, scriptToMacro } from '../../src/macros/macroCodec.ts';
import { ViaClient } from '../../src/protocol/viaClient.ts';
import { writeMacroBytes } from '../../src/protocol/macroWrite.ts';
import { ViaCommands } from '../../src/protocol/viaCommands.ts';
import { VirtualFirmware, VirtualHidDevice } from '../../src/virtual-keyboard/index.ts';
import { loadKeyboard } from '../../src/services/keyboardLoader.ts';

export const ROWS = 4;
export const COLS = 10;
export const LAYERS = 4;
export const MACRO_COUNT = 4;
export const MACRO_BUFFER = 256;

/** Macro text long enough to span several 28-byte chunks, so a fault can land between them. */
export const OLD_MACROS = ['OLD'.repeat(20), 'second', '', ''];
export const NEW_MACROS = ['hunt'.repeat(15), 'second', 'third', ''];

export const macroBytes = (scripts: readonly string[], protocol = 12) =>
  encodeMacros(
    scripts.map((s) => scriptToMacro(s, protocol)),
    protocol,
  );

/**
 * A protocol-12 virtual keyboard with macros and two encoders, loaded as the app loads it, for tests of
 * writes under faults. `reports()` counts the reports sent since the last `resetCount()`.
 */
export async function testBoard() {
  const firmware = new VirtualFirmware({
    name: 'Safety test board',
    vendorId: 0x4b4c,
    productId: 0x5afe,
    protocol: 12,
    rows: ROWS,
    cols: COLS,
    layers: LAYERS,
    macroCount: MACRO_COUNT,
    macroBufferSize: MACRO_BUFFER,
    encoders: 2,
    layoutOptionBytes: 1,
  });
  const device = new VirtualHidDevice(firmware, 'test', (fn) => queueMicrotask(fn));
  let sent = 0;
  const client = new ViaClient(device, {
    replyTimeoutMs: 20,
    onLog: (e) => void (e.direction === 'out' && sent++),
  });
  const commands = new ViaCommands(client, 12);
  await writeMacroBytes(commands, macroBytes(OLD_MACROS), MACRO_BUFFER);
  const definition = {
    name: 'Safety test board',
    vendorProductId: 0x4b4c5afe,
    firmwareVersion: 0,
    matrix: { rows: ROWS, cols: COLS },
    menus: [],
    keycodes: [],
    layouts: {
      width: COLS,
      height: ROWS,
      keys: [
        { row: 0, col: 0, x: 0, y: 0, w: 1, h: 1, ei: 0 },
        { row: 0, col: 1, x: 1, y: 0, w: 1, h: 1, ei: 1 },
      ],
      optionKeys: {},
    },
  } as unknown as ServedDefinition;
  const keyboard = await loadKeyboard(commands, definition, 'v3', { warn: () => undefined });
  sent = 0;
  return {
    firmware,
    device,
    commands,
    keyboard,
    reports: () => sent,
    resetCount: () => (sent = 0),
    /** The firmware's whole keymap, [layer][row*cols+col]. */
    eepromKeymap: () =>
      Array.from({ length: LAYERS }, (_, l) =>
        Array.from({ length: ROWS * COLS }, (_, i) => firmware.getKeycode(l, Math.floor(i / COLS), i % COLS)),
      ),
    eepromEncoders: () =>
      Array.from({ length: LAYERS }, (_, l) =>
        [0, 1].map((e) => [firmware.getEncoderKeycode(l, e, true), firmware.getEncoderKeycode(l, e, false)]),
      ),
    /** Every macro as the keyboard would play it now (null: plays nothing). */
    played: () =>
      Array.from({ length: MACRO_COUNT }, (_, i) => {
        const bytes = firmware.playMacro(i);
        return bytes && Array.from(bytes, (b) => String.fromCharCode(b)).join('');
      }),
  };
}
