import { ViaClient } from '../src/protocol/viaClient.ts';
import { ViaCommands } from '../src/protocol/viaCommands.ts';
import { loadKeyboard } from '../src/services/keyboardLoader.ts';
import type { ServedDefinition } from '../src/definitions/compile.ts';
import { VirtualFirmware, VirtualHidDevice } from '../src/virtual-keyboard/index.ts';
import type { Report } from './run.ts';

const MS_PER_REPORT = 1;

function definition(rows: number, cols: number): ServedDefinition {
  return {
    name: `Bench ${rows}x${cols}`,
    vendorProductId: 0x4b4cfff0,
    firmwareVersion: 0,
    matrix: { rows, cols },
    menus: [],
    keycodes: [],
    layouts: { width: cols, height: rows, keys: [], optionKeys: {} },
  } as unknown as ServedDefinition;
}

/** Connect + full load of a v3 board, counting reports; each report costs 1 ms of simulated USB time. */
async function measure(rows: number, cols: number, layers: number, macroBytes: number) {
  const firmware = new VirtualFirmware({
    name: 'Bench',
    vendorId: 0x4b4c,
    productId: 0xfff0,
    protocol: 12,
    rows,
    cols,
    layers,
    macroCount: 16,
    macroBufferSize: 2048,
    encoders: 0,
    layoutOptionBytes: 1,
  });
  // Fill macros up to `macroBytes`: 16 macros of text, NUL-terminated.
  const per = Math.floor(macroBytes / 16);
  const image = new Uint8Array(macroBytes);
  for (let m = 0; m < 16; m++) {
    image.fill(0x61, m * per, (m + 1) * per - 1);
    image[(m + 1) * per - 1] = 0;
  }
  for (let offset = 0; offset < image.length; offset += 28) {
    const chunk = image.subarray(offset, offset + 28);
    firmware.handleReport(Uint8Array.from([0x0f, offset >> 8, offset & 0xff, chunk.length, ...chunk]));
  }
  const device = new VirtualHidDevice(firmware, 'bench', (fn) => queueMicrotask(fn));
  let reports = 0;
  const client = new ViaClient(device, { onLog: (e) => void (e.direction === 'out' && reports++) });
  const protocol = await ViaCommands.readProtocolVersion(client);
  await loadKeyboard(new ViaCommands(client, protocol), definition(rows, cols), 'v3', { warn: () => {} });
  const used = 16 * per;
  const fixed = 1 /* protocol */ + 3 /* macro count, size, firmware version */ + 1; /* layer count */
  const minimum = fixed + Math.ceil(used / 28) + Math.ceil((layers * rows * cols * 2) / 28);
  return { reports, minimum };
}

export async function run(report: Report) {
  for (const [rows, cols, layers, macros] of [
    [4, 12, 4, 256],
    [6, 15, 4, 256],
    [6, 21, 8, 1024],
  ] as const) {
    const { reports, minimum } = await measure(rows, cols, layers, macros);
    const name = `connect + full load ${rows}x${cols}x${layers}, ${macros} B macros`;
    report({
      name: `${name}: round trips`,
      value: reports,
      unit: 'reports',
      baseline: minimum,
      limit: Math.floor(minimum * 1.05),
      note: 'baseline = minimum possible',
    });
    report({
      name: `${name}: simulated time at ${MS_PER_REPORT} ms/report`,
      value: reports * MS_PER_REPORT,
      unit: 'ms',
      baseline: minimum * MS_PER_REPORT,
    });
  }
}
