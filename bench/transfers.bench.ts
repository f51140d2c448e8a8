import { buildUf2 } from '../src/formats/uf2.ts';
import { ViaClient } from '../src/protocol/viaClient.ts';
import { encodeScreenFile } from '../src/screen/screenFile.ts';
import { HidTransferLink, SerialTransferLink } from '../src/transfer/links.ts';
import { sendFirmware, sendMatrixLighting, sendTabFile } from '../src/transfer/tabTransfer.ts';
import { recordingPort } from '../src/transfer/testing.ts';
import { VirtualFirmware, VirtualHidDevice } from '../src/virtual-keyboard/index.ts';
import type { Report } from './run.ts';

const ROWS = 5;
const COLS = 16;
const FRAMES = 200;

function board() {
  const firmware = new VirtualFirmware({
    name: 'Bench grid',
    vendorId: 0x4b4c,
    productId: 0xfff2,
    protocol: 12,
    rows: 6,
    cols: 16,
    layers: 1,
    macroCount: 0,
    macroBufferSize: 0,
    encoders: 0,
    layoutOptionBytes: 1,
    matrixLighting: { rows: ROWS, cols: COLS, maxFrames: 255 },
    screen: { maxBytes: 10_000_000 },
    serialFirmware: true,
  });
  const device = new VirtualHidDevice(firmware, 'bench', (fn) => queueMicrotask(fn));
  let reports = 0;
  const client = new ViaClient(device, { onLog: (e) => void (e.direction === 'out' && reports++) });
  return { device, hid: new HidTransferLink(client), hidReports: () => reports };
}

/** Frames the serial link writes, counted at the port. */
function serial(device: VirtualHidDevice) {
  let frames = 0;
  const port = recordingPort(device.serialPort, () => frames++);
  return { link: new SerialTransferLink(port), frames: () => frames };
}

export async function run(report: Report) {
  const data = new Uint8Array(FRAMES * ROWS * COLS * 3);
  const animation = { frames: FRAMES, fps: 10, rows: ROWS, cols: COLS, data };
  const minimum = (bytes: number, chunk: number) => 1 + Math.ceil(bytes / chunk);

  const a = board();
  await sendMatrixLighting(a.hid, animation);
  report({
    name: `matrix lighting ${FRAMES} frames ${ROWS}x${COLS} over raw HID: reports`,
    value: a.hidReports(),
    unit: 'reports',
    baseline: minimum(data.length, 26),
    note: 'baseline: info + one report per 26-byte chunk',
  });

  const b = board();
  const s = serial(b.device);
  let started = performance.now();
  await sendMatrixLighting(s.link, animation);
  report({
    name: `matrix lighting ${FRAMES} frames ${ROWS}x${COLS} over serial: frames`,
    value: s.frames(),
    unit: 'frames',
    baseline: minimum(data.length, 56),
    note: `${(performance.now() - started).toFixed(0)} ms against the virtual board`,
  });

  const screen = encodeScreenFile({
    type: 'video',
    width: 240,
    height: 135,
    frames: Array.from({ length: 30 }, () => new Uint8ClampedArray(240 * 135 * 4)),
    rate: 15,
    swap: false,
  });
  started = performance.now();
  for (let i = 0; i < 5; i++)
    encodeScreenFile({
      type: 'image',
      width: 240,
      height: 135,
      frames: [new Uint8ClampedArray(240 * 135 * 4)],
      rate: 0,
      swap: true,
    });
  report({
    name: 'screen file encode, one 240x135 frame',
    value: (performance.now() - started) / 5,
    unit: 'ms',
    limit: 16,
    note: 'under one 60 Hz frame keeps the pane responsive',
  });
  const c = board();
  const cs = serial(c.device);
  started = performance.now();
  await sendTabFile(cs.link, screen);
  const seconds = (performance.now() - started) / 1000;
  report({
    name: 'screen file 30 frames (1.94 MB) over serial: throughput',
    value: screen.length / 1000 / seconds,
    unit: 'kB/s',
    note: `${cs.frames()} frames; the virtual board paces replies like USB CDC`,
  });

  const image = buildUf2(new Uint8Array(48 * 1024));
  const d = board();
  const ds = serial(d.device);
  await sendFirmware(ds.link, image);
  report({
    name: 'firmware 98 kB UF2 over serial: frames',
    value: ds.frames(),
    unit: 'frames',
    baseline: minimum(image.length, 56),
  });
}
