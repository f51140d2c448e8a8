/**
 * Connect + full load through the app's own device path: `DeviceRuntime` plugs a virtual keyboard in, its
 * device store recognises it (protocol read), selects it and loads it, exactly as in the browser. Round trips
 * are counted from the app's command log (every report it sent), requests from the fetch it was given.
 */
import {
  demoDefinition,
  memoryFetch,
  minimumLoadReports,
  servedFiles,
} from '../tests/support/servedDefinitions.ts';
import type { DefinitionVersion, ServedDefinition } from '../src/definitions/compile.ts';
import { createErrorStore } from '../src/state/errorStore.ts';
import { memoryStorage } from '../src/state/storage.ts';
import { eepromStorage } from '../src/state/virtualKeyboards.ts';
import { DeviceRuntime } from '../src/app/DeviceRuntime.ts';
import {
  configFromDefinition,
  DEMO_KEYBOARDS,
  VirtualFirmware,
  type VirtualKeyboardConfig,
} from '../src/virtual-keyboard/index.ts';
import type { Report } from './run.ts';

const BASE = 'http://bench/';
/** USB full speed: one 32-byte report each way per 1 ms frame, so a request and its reply cost 2 ms. */
const MS_PER_ROUND_TRIP = 2;

function benchDefinition(rows: number, cols: number, id: number): ServedDefinition {
  return {
    name: `Bench ${rows}x${cols}`,
    vendorProductId: 0x4b4c0000 + id,
    firmwareVersion: 0,
    matrix: { rows, cols },
    menus: [],
    keycodes: [],
    layouts: { width: cols, height: rows, keys: [], optionKeys: {} },
  } as unknown as ServedDefinition;
}

function benchConfig(rows: number, cols: number, layers: number, id: number): VirtualKeyboardConfig {
  return {
    name: `Bench ${rows}x${cols}`,
    vendorId: 0x4b4c,
    productId: id,
    protocol: 12,
    rows,
    cols,
    layers,
    macroCount: 16,
    macroBufferSize: 2048,
    encoders: 0,
    layoutOptionBytes: 1,
  };
}

/** Writes 16 NUL-terminated text macros filling `bytes` into the board's stored EEPROM (as a user had). */
function storeMacros(
  config: VirtualKeyboardConfig,
  storage: ReturnType<typeof memoryStorage>,
  id: string,
  bytes: number,
) {
  const firmware = new VirtualFirmware(config, { storage: eepromStorage(storage), storageKey: id });
  const per = Math.floor(bytes / 16);
  const image = new Uint8Array(16 * per);
  for (let m = 0; m < 16; m++) {
    image.fill(0x61, m * per, (m + 1) * per - 1);
    image[(m + 1) * per - 1] = 0;
  }
  for (let offset = 0; offset < image.length; offset += 28) {
    const chunk = image.subarray(offset, offset + 28);
    firmware.handleReport(Uint8Array.from([0x0f, offset >> 8, offset & 0xff, chunk.length, ...chunk]));
  }
  return image.length;
}

function runtimeFor(definitions: { version: DefinitionVersion; definition: ServedDefinition }[]) {
  const storage = memoryStorage();
  const requests: string[] = [];
  const app = new DeviceRuntime(storage, createErrorStore(), BASE, {
    fetch: memoryFetch(servedFiles(definitions), BASE, requests),
  });
  const reports = () => app.commandLog.filter((e) => e.direction === 'out').length;
  return { app, storage, requests, reports };
}

function reportLoad(report: Report, name: string, reports: number, minimum: number, requests: string[]) {
  report({
    name: `${name}: round trips`,
    value: reports,
    unit: 'reports',
    baseline: minimum,
    limit: minimum,
    note: 'baseline = minimum possible; app path (DeviceRuntime)',
  });
  report({
    name: `${name}: at USB full speed (${MS_PER_ROUND_TRIP} ms a round trip)`,
    value: reports * MS_PER_ROUND_TRIP,
    unit: 'ms',
    baseline: minimum * MS_PER_ROUND_TRIP,
  });
  const counts = new Map<string, number>();
  for (const r of requests) counts.set(r, (counts.get(r) ?? 0) + 1);
  report({
    name: `${name}: most requests for one file`,
    value: Math.max(0, ...counts.values()),
    unit: 'requests',
    limit: 1,
    note: `${requests.length} requests for ${counts.size} files`,
  });
}

export async function run(report: Report) {
  for (const [rows, cols, layers, macros, id] of [
    [4, 12, 4, 256, 0xfff0],
    [6, 15, 4, 256, 0xfff1],
    [6, 21, 8, 1024, 0xfff2],
  ] as const) {
    const definition = benchDefinition(rows, cols, id);
    const config = benchConfig(rows, cols, layers, id);
    const { app, storage, requests, reports } = runtimeFor([{ version: 'v3', definition }]);
    const used = storeMacros(config, storage, 'bench', macros);
    await app.plugVirtual(config, 'bench');
    // The macros' write-in-progress flag (the buffer's last byte): a save that stopped part-way is named at load.
    const fixed =
      1 /* protocol */ + 3 /* macro count, size, firmware version */ + 1 /* flag */ + 1; /* layer count */
    const minimum = fixed + Math.ceil(used / 28) + Math.ceil((layers * rows * cols * 2) / 28);
    reportLoad(
      report,
      `connect + full load ${rows}x${cols}x${layers}, ${macros} B macros`,
      reports(),
      minimum,
      requests,
    );
  }

  const demos = DEMO_KEYBOARDS.map((demo) => ({ demo, served: demoDefinition(demo.source) }));
  for (const { demo, served } of demos) {
    const { app, requests, reports } = runtimeFor(demos.map((d) => d.served));
    await app.plugDemo(demo.id);
    const config = configFromDefinition(served.definition, { protocol: demo.protocol, ...demo.firmware });
    reportLoad(
      report,
      `connect + full load of the ${demo.name} demo`,
      reports(),
      await minimumLoadReports(config, served),
      requests,
    );
  }
}
