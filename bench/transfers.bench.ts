/**
 * Bulk transfers against the virtual keyboard with its links paced like the real ones (USB full speed: one
 * 32-byte report each way per 1 ms frame; the serial port at 115200 baud, 10 bit times a byte) on a
 * simulated clock, so the times printed are the times on the wire, beside each link's limit.
 */
import { buildUf2 } from '../src/formats/uf2.ts';
import { ViaClient } from '../src/protocol/viaClient.ts';
import { encodeScreenFile } from '../src/screen/screenFile.ts';
import { SERIAL_BAUD, SERIAL_CHUNK, SERIAL_FRAME, HID_CHUNK } from '../src/transfer/frames.ts';
import { HID_WINDOW, HidTransferLink, SerialTransferLink } from '../src/transfer/links.ts';
import { sendFirmware, sendMatrixLighting, sendTabFile } from '../src/transfer/tabTransfer.ts';
import { recordingPort } from '../tests/support/transferTesting.ts';
import { VirtualFirmware, VirtualHidDevice } from '../src/virtual-keyboard/index.ts';
import type { VirtualSerialPort } from '../src/virtual-keyboard/VirtualSerialPort.ts';
import type { Report } from './run.ts';
import { VirtualClock } from './virtualClock.ts';

const ROWS = 5;
const COLS = 16;
const FRAMES = 200;
/** USB full speed: a report each way per 1 ms frame; pipelined, one chunk a ms. */
const HID_LIMIT = HID_CHUNK * 1000;
/** 115200 baud, 8N1: 11,520 bytes a second, 64 a frame, 56 of them data. */
const SERIAL_LIMIT = Math.floor((SERIAL_BAUD / 10 / SERIAL_FRAME) * SERIAL_CHUNK);
/**
 * With acks, each chunk's frame and its reply frame both cross the line before the next chunk may go: the
 * board reads into one 64-byte buffer (extended.md), so a second frame sent before the reply would be lost.
 */
const SERIAL_ACKED_LIMIT = Math.floor(SERIAL_LIMIT / 2);

async function board(clock: VirtualClock) {
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
  const device = new VirtualHidDevice(firmware, 'bench', clock.schedule);
  device.pacing = { now: clock.now, reportMs: 1 };
  // The extensions' code and the port load before the clock runs: the bench times the link, not the import.
  await firmware.loadExtensions();
  const port = await device.serialPort();
  port.pacing = { now: clock.now };
  let reports = 0;
  const client = new ViaClient(device, {
    timers: clock.timers,
    now: clock.now,
    onLog: (e) => void (e.direction === 'out' && reports++),
  });
  return { firmware, device, port, client, reports: () => reports };
}

/** The serial link over the board's port, counting the frames written. */
function serial(b: { port: VirtualSerialPort }, clock: VirtualClock) {
  let frames = 0;
  const port = recordingPort(b.port, (chunk) => (frames += chunk.length / SERIAL_FRAME));
  return { link: new SerialTransferLink(port, clock.timers), frames: () => frames };
}

const rate = (bytes: number, ms: number) => Math.round(bytes / (ms / 1000));

export async function run(report: Report) {
  const data = new Uint8Array(FRAMES * ROWS * COLS * 3);
  const animation = { frames: FRAMES, fps: 10, rows: ROWS, cols: COLS, data };
  const minimum = (bytes: number, chunk: number) => 1 + Math.ceil(bytes / chunk);
  const name = `matrix lighting ${FRAMES} frames ${ROWS}x${COLS} (${data.length} B)`;

  for (const window of [HID_WINDOW, 1]) {
    const clock = new VirtualClock();
    const b = await board(clock);
    await clock.run(
      sendMatrixLighting(new HidTransferLink(b.client, { window, timers: clock.timers }), animation),
    );
    const how = window > 1 ? `${window} chunks in flight` : 'one chunk at a time';
    if (window > 1)
      report({
        name: `${name} over raw HID: reports`,
        value: b.reports(),
        unit: 'reports',
        baseline: minimum(data.length, HID_CHUNK),
        note: 'baseline: info + one report per 26-byte chunk',
      });
    report({
      name: `${name} over raw HID, ${how}: throughput`,
      value: rate(data.length, clock.now()),
      unit: 'B/s',
      limit: HID_LIMIT,
      note: `${(clock.now() / 1000).toFixed(2)} s at USB full speed; limit = one 26-byte chunk a ms`,
    });
  }

  for (const acks of [true, false]) {
    const clock = new VirtualClock();
    const b = await board(clock);
    b.firmware.serialAcks = acks;
    const s = serial(b, clock);
    await clock.run(sendMatrixLighting(s.link, animation));
    if (acks)
      report({
        name: `${name} over serial: frames`,
        value: s.frames(),
        unit: 'frames',
        baseline: minimum(data.length, SERIAL_CHUNK),
      });
    report({
      name: `${name} over serial, ${acks ? 'each chunk acknowledged' : 'no acks'}: throughput`,
      value: rate(data.length, clock.now()),
      unit: 'B/s',
      limit: acks ? SERIAL_ACKED_LIMIT : SERIAL_LIMIT,
      note:
        `${(clock.now() / 1000).toFixed(2)} s at 115200 baud; limit = 56 data bytes per 64-byte frame` +
        (acks ? ', and its reply frame before the next (the board buffers one frame)' : ''),
    });
  }

  const started = performance.now();
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

  const screen = encodeScreenFile({
    type: 'video',
    width: 240,
    height: 135,
    frames: Array.from({ length: 30 }, () => new Uint8ClampedArray(240 * 135 * 4)),
    rate: 15,
    swap: false,
  });
  {
    const clock = new VirtualClock();
    const b = await board(clock);
    b.firmware.serialAcks = false;
    const s = serial(b, clock);
    await clock.run(sendTabFile(s.link, screen));
    report({
      name: `screen file 30 frames (${(screen.length / 1e6).toFixed(2)} MB) over serial: throughput`,
      value: rate(screen.length, clock.now()),
      unit: 'B/s',
      limit: SERIAL_LIMIT,
      note: `${(clock.now() / 1000).toFixed(1)} s at 115200 baud, ${s.frames()} frames`,
    });
  }

  const image = buildUf2(new Uint8Array(48 * 1024));
  {
    const clock = new VirtualClock();
    const b = await board(clock);
    const s = serial(b, clock);
    await clock.run(sendFirmware(s.link, image));
    report({
      name: `firmware ${(image.length / 1000).toFixed(0)} kB UF2 over serial: frames`,
      value: s.frames(),
      unit: 'frames',
      baseline: minimum(image.length, SERIAL_CHUNK),
      note: `${(clock.now() / 1000).toFixed(1)} s at 115200 baud`,
    });
  }
}
