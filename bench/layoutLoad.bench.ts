import { checkLayoutFile, leaveUnknownKeys } from '../src/formats/layoutFile.ts';
import { ViaClient } from '../src/protocol/viaClient.ts';
import { ViaCommands } from '../src/protocol/viaCommands.ts';
import { loadKeyboard } from '../src/services/keyboardLoader.ts';
import { applyLayout, currentLayout } from '../src/services/layoutTransfer.ts';
import type { ServedDefinition } from '../src/definitions/compile.ts';
import { VirtualFirmware, VirtualHidDevice } from '../src/virtual-keyboard/index.ts';
import type { Report } from './run.ts';

const ROWS = 6;
const COLS = 21;
const LAYERS = 8;

async function setup() {
  const firmware = new VirtualFirmware({
    name: 'Bench',
    vendorId: 0x4b4c,
    productId: 0xfff1,
    protocol: 12,
    rows: ROWS,
    cols: COLS,
    layers: LAYERS,
    macroCount: 16,
    macroBufferSize: 1024,
    encoders: 0,
    layoutOptionBytes: 1,
  });
  let reports = 0;
  const client = new ViaClient(new VirtualHidDevice(firmware, 'bench', (fn) => queueMicrotask(fn)), {
    onLog: (e) => void (e.direction === 'out' && reports++),
  });
  const commands = new ViaCommands(client, 12);
  const definition = {
    name: 'Bench 6x21',
    vendorProductId: 0x4b4cfff1,
    firmwareVersion: 0,
    matrix: { rows: ROWS, cols: COLS },
    menus: [],
    keycodes: [],
    layouts: { width: COLS, height: ROWS, keys: [], optionKeys: {} },
  } as unknown as ServedDefinition;
  const keyboard = await loadKeyboard(commands, definition, 'v3', { warn: () => {} });
  return { keyboard, commands, count: () => reports, reset: () => (reports = 0) };
}

async function loadWith(change: (layers: string[][]) => void) {
  const { keyboard, commands, count, reset } = await setup();
  const file = currentLayout(keyboard);
  change(file.layers);
  const checked = checkLayoutFile(JSON.stringify(file), 'bench.layout.json', {
    vendorProductId: keyboard.definition.vendorProductId,
    protocol: 12,
    layerCount: LAYERS,
    keysPerLayer: ROWS * COLS,
    macroCount: 16,
    macrosSupported: true,
    encoderCount: 0,
  });
  if (!checked.ok) throw new Error(checked.message);
  const layout = leaveUnknownKeys(checked.value, {
    macroFormat: 12,
    keymap: keyboard.keymap,
    encoders: keyboard.encoders,
    macros: file.macros ?? [],
    macroBufferSize: keyboard.macros.bufferSize,
  });
  if (!layout.ok) throw new Error(layout.message);
  reset();
  await applyLayout(commands, keyboard, layout.value);
  return count();
}

export async function run(report: Report) {
  const total = ROWS * COLS * LAYERS * 2;
  // VIA writes every chunk of the keymap (and does not read back).
  const viaChunks = Math.ceil(total / 28);
  const readBack = Math.ceil(total / 28);
  const one = await loadWith((layers) => (layers[3]![17] = 'KC_F13'));
  report({
    name: 'layout load 6x21x8, 1 key differs: round trips (incl. read-back)',
    value: one,
    unit: 'reports',
    // 1 write of the chunk that differs + 1 read of that chunk back (nothing else is read).
    limit: 2,
    baseline: viaChunks,
    note: 'VIA writes every chunk and reads none back; we write and read back only the chunk that differs',
  });
  report({
    name: 'layout load 6x21x8, 1 key differs: simulated time at 1 ms/report',
    value: one,
    unit: 'ms',
    baseline: viaChunks,
  });
  const all = await loadWith((layers) => layers.forEach((l) => l.fill('KC_F13')));
  report({
    name: 'layout load 6x21x8, all keys differ: round trips (incl. read-back)',
    value: all,
    unit: 'reports',
    limit: viaChunks + readBack,
    baseline: viaChunks,
    note: `VIA writes every chunk; ${readBack} of ours are the verification read of the chunks written`,
  });
  report({
    name: 'layout load 6x21x8, all keys differ: simulated time at 1 ms/report',
    value: all,
    unit: 'ms',
    baseline: viaChunks,
  });
}
