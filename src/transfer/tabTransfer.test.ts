import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { buildUf2, UF2_FAMILY, UF2_BLOCK } from '../formats/uf2.ts';
import { ViaClient, type LogEntry } from '../protocol/viaClient.ts';
import type { VirtualKeyboardConfig } from '../virtual-keyboard/config.ts';
import { VirtualFirmware } from '../virtual-keyboard/VirtualFirmware.ts';
import { VirtualHidDevice } from '../virtual-keyboard/VirtualHidDevice.ts';
import type { VirtualBootloader } from '../virtual-keyboard/VirtualBootloader.ts';
import { HidTransferLink, SerialTransferLink } from './links.ts';
import { GRID_BOARD, recordingPort } from '../../tests/support/transferTesting.ts';
import { sendFirmware, sendMatrixLighting, sendTabFile } from './tabTransfer.ts';
import { encodeScreenFile } from '../screen/screenFile.ts';

const CONFIG = GRID_BOARD;

async function board(config: Partial<VirtualKeyboardConfig> = {}) {
  const firmware = new VirtualFirmware({ ...CONFIG, ...config });
  // Loaded up front: these tests time replies and count retries; the on-demand load has its own tests.
  await firmware.loadExtensions();
  const device = new VirtualHidDevice(firmware, 'v', (fn) => queueMicrotask(fn));
  void device.open();
  return { firmware, device };
}

function hidLink(device: VirtualHidDevice) {
  const log: LogEntry[] = [];
  const client = new ViaClient(device, { replyTimeoutMs: 50, onLog: (e) => log.push(e) });
  return { link: new HidTransferLink(client), sent: () => log.filter((e) => e.direction === 'out') };
}

/** Records every frame written to the port. */
async function serialLink(device: VirtualHidDevice) {
  const frames: number[][] = [];
  const port = recordingPort(await device.serialPort(), (chunk) => frames.push([...chunk]));
  return { link: new SerialTransferLink(port, undefined, 100), frames };
}

const animation = (frames: number) => ({
  frames,
  fps: 10,
  rows: 2,
  cols: 3,
  data: Uint8Array.from({ length: frames * 18 }, (_, i) => (i * 7) & 0xff),
});

describe('matrix lighting over raw HID (192 info, 193 chunks of 26)', () => {
  it('sends the exact frames and the keyboard stores the animation', async () => {
    const { firmware, device } = await board();
    const { link, sent } = hidLink(device);
    const progress: number[] = [];
    const outcome = await sendMatrixLighting(link, animation(2), { onProgress: (n) => progress.push(n) });
    expect(outcome).toBe('completed');
    const frames = sent().map((e) => e.bytes);
    expect(frames[0]!.slice(0, 6)).toEqual([192, 2, 10, 2, 3, 0]);
    // 36 bytes: a 26-byte chunk at offset 0, then 10 bytes at offset 26.
    expect(frames[1]!.slice(0, 8)).toEqual([193, 0, 0, 0, 0, 26, 0, 7]);
    expect(frames[2]!.slice(0, 6)).toEqual([193, 0, 0, 0, 26, 10]);
    expect(frames).toHaveLength(3);
    expect(progress).toEqual([26, 36]);
    expect(firmware.transfers.content.matrix).toEqual({ frames: 2, fps: 10, data: animation(2).data });
  });

  it('a grid that differs from the keyboard is refused with Error: 238 and nothing is stored', async () => {
    const { firmware, device } = await board();
    const { link } = hidLink(device);
    await expect(sendMatrixLighting(link, { ...animation(1), rows: 3 })).rejects.toThrow('Error: 238');
    await expect(sendMatrixLighting(link, animation(11))).rejects.toThrow('Error: 238');
    expect(firmware.transfers.content.matrix).toBeNull();
  });

  it('any animation that fits arrives byte for byte (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 30 }),
        async (frames, fps) => {
          const { firmware, device } = await board();
          const { link } = hidLink(device);
          const sentAnimation = { ...animation(frames), fps };
          await sendMatrixLighting(link, sentAnimation);
          expect(firmware.transfers.content.matrix).toEqual({ frames, fps, data: sentAnimation.data });
        },
      ),
      { numRuns: 20 },
    );
  });
});

describe('serial transfers (64-byte frames, 56-byte chunks)', () => {
  it('matrix lighting: frames are 64 bytes, chunks carry offset u32 and length', async () => {
    const { firmware, device } = await board({ matrixLighting: { rows: 2, cols: 3, maxFrames: 10 } });
    const { link, frames } = await serialLink(device);
    await sendMatrixLighting(link, animation(5));
    expect(frames.every((f) => f.length === 64)).toBe(true);
    expect(frames[0]!.slice(0, 5)).toEqual([192, 5, 10, 2, 3]);
    expect(frames.slice(1).map((f) => f.slice(1, 6))).toEqual([
      [0, 0, 0, 0, 56],
      [0, 0, 0, 56, 34],
    ]);
    expect(firmware.transfers.content.matrix?.data).toEqual(animation(5).data);
    expect((await device.serialPort()).baudRate).toBe(115200);
  });

  it('without the ack flag chunks stream unanswered and still arrive', async () => {
    const { firmware, device } = await board();
    firmware.serialAcks = false;
    const { link } = await serialLink(device);
    await sendMatrixLighting(link, animation(3));
    expect(firmware.transfers.content.matrix?.frames).toBe(3);
  });

  it('firmware: 240 carries the size and first 32 bytes; the board checks the UF2, updates and restarts', async () => {
    const { firmware, device } = await board();
    let restarted = 0;
    firmware.onRestart = () => restarted++;
    const image = buildUf2(new TextEncoder().encode('demo KLFW:1.0.3 image'.padEnd(700, '.')));
    const { link, frames } = await serialLink(device);
    const progress: number[] = [];
    expect(await sendFirmware(link, image, { onProgress: (n) => progress.push(n) })).toBe('completed');
    expect(frames[0]!.slice(0, 5)).toEqual([240, 0, 0, 0x06, 0x00]);
    expect(frames[0]!.slice(5, 37)).toEqual([...image.subarray(0, 32)]);
    expect(progress.at(-1)).toBe(image.length);
    expect(firmware.firmwareVersion()).toBe(0x103);
    expect(restarted).toBe(1);
  });

  it('a file that is not UF2 is refused before any data is sent', async () => {
    const { firmware, device } = await board();
    const { link, frames } = await serialLink(device);
    await expect(sendFirmware(link, new Uint8Array(1024).fill(1))).rejects.toThrow('Error: 238');
    expect(frames).toHaveLength(1);
    expect(firmware.firmwareVersion()).toBe(0x102);
  });

  it('cancel: the next chunk is not sent, 226 is, and the board keeps its firmware', async () => {
    const { firmware, device } = await board();
    const image = buildUf2(new TextEncoder().encode('KLFW:2.0.0'.padEnd(2000, '-')));
    const { link, frames } = await serialLink(device);
    let chunks = 0;
    const outcome = await sendFirmware(link, image, {
      onProgress: () => chunks++,
      isCanceled: () => chunks >= 3,
    });
    expect(outcome).toBe('canceled');
    expect(frames.at(-1)![0]).toBe(226);
    expect(frames.filter((f) => f[0] === 241)).toHaveLength(3);
    expect(firmware.firmwareVersion()).toBe(0x102);
  });

  it('a reply that never echoes (3 tries): Receiving incorrect response for command', async () => {
    const { device } = await board();
    device.faults.inject({ kind: 'wrongEcho' }, { command: 192, times: 3 });
    const { link } = await serialLink(device);
    await expect(sendMatrixLighting(link, animation(1))).rejects.toThrow(
      'Receiving incorrect response for command',
    );
  });

  it('unplugged mid-transfer: the transfer fails and the board keeps nothing half-written', async () => {
    const { firmware, device } = await board();
    device.faults.inject({ kind: 'unplug' }, { command: 241 });
    const { link } = await serialLink(device);
    const image = buildUf2(new TextEncoder().encode('KLFW:2.0.0'));
    await expect(sendFirmware(link, image)).rejects.toThrow();
    expect(firmware.firmwareVersion()).toBe(0x102);
    expect(device.connected).toBe(false);
  });

  it('a silent board (3 tries): No reply from the keyboard', async () => {
    const { device } = await board();
    device.faults.inject({ kind: 'drop' }, { command: 192, times: 3 });
    const { link } = await serialLink(device);
    await expect(sendMatrixLighting(link, animation(1))).rejects.toThrow('No reply from the keyboard');
  });
});

describe('serial link after a cancel', () => {
  it('the next transfer is not confused by the echo of an unacknowledged cancel', async () => {
    const { firmware, device } = await board();
    const { link } = await serialLink(device);
    const image = buildUf2(new TextEncoder().encode('KLFW:1.1.0'.padEnd(2000, '-')));
    let chunks = 0;
    expect(
      await sendFirmware(link, image, { onProgress: () => chunks++, isCanceled: () => chunks >= 2 }),
    ).toBe('canceled');
    expect(await sendMatrixLighting(link, animation(1))).toBe('completed');
    expect(await sendFirmware(link, image)).toBe('completed');
    expect(firmware.firmwareVersion()).toBe(0x110);
  });
});

describe('screen files (224 header, 225 chunks, 226 cancel)', () => {
  const file = (frames: number) =>
    encodeScreenFile({
      type: 'video',
      width: 8,
      height: 4,
      frames: Array.from({ length: frames }, (_, i) => new Uint8ClampedArray(8 * 4 * 4).fill(i * 20)),
      rate: 15,
      swap: false,
    });

  it('over HID: 224 carries the first 20 bytes, the keyboard checks and keeps the whole file', async () => {
    const { firmware, device } = await board({ screen: { maxBytes: 10_000 } });
    const { link, sent } = hidLink(device);
    const bytes = file(3);
    expect(await sendTabFile(link, bytes)).toBe('completed');
    expect(sent()[0]!.bytes.slice(0, 21)).toEqual([224, ...bytes.subarray(0, 20)]);
    expect(firmware.screenContent()).toMatchObject({
      type: 'video',
      width: 8,
      height: 4,
      frames: 3,
      bytes: bytes.length,
    });
  });

  it('a header the screen cannot take, or a file too large, is refused at once', async () => {
    const { firmware, device } = await board({ screen: { maxBytes: 50 } });
    const { link, sent } = hidLink(device);
    await expect(sendTabFile(link, file(1))).rejects.toThrow('Error: 238');
    const notAFile = new Uint8Array(64).fill(7);
    await expect(sendTabFile(link, notAFile)).rejects.toThrow('Error: 238');
    expect(sent().filter((e) => e.bytes[0] === 225)).toHaveLength(0);
    expect(firmware.screenContent()).toBeNull();
  });

  it('cancel mid-way over serial: 226 sent, the screen reverts to its factory content', async () => {
    const { firmware, device } = await board({ screen: { maxBytes: 10_000 } });
    const { link, frames } = await serialLink(device);
    await sendTabFile(link, file(1));
    expect(firmware.screenContent()).not.toBeNull();
    let chunks = 0;
    const outcome = await sendTabFile(link, file(4), {
      onProgress: () => chunks++,
      isCanceled: () => chunks >= 2,
    });
    expect(outcome).toBe('canceled');
    expect(frames.at(-1)![0]).toBe(226);
    expect(firmware.screenContent()).toBeNull();
  });
});

/** An image built for the receivers' chip (nRF52840, its application at 0x27000). */
const receiverImage = (text: string) =>
  buildUf2(new TextEncoder().encode(text.padEnd(600, '.')), 0x27000, UF2_FAMILY.nRF52840);

/**
 * Waits for the receiver's bootloader on the virtual serial bus: it comes 300 ms after 'connect to DFU' once its code
 * has loaded (a dynamic import, slower on a busy machine), so a fixed sleep is not enough.
 */
const receiverOnBus = (hid: { serial?: { connected(): unknown[] } | null }) =>
  vi.waitFor(() => expect(hid.serial?.connected()).toHaveLength(1), { timeout: 10_000 });

/** The receiver of an Orbit-Pad-like board, in its bootloader, and a serial link to it. */
async function receiverInBoot() {
  const { VirtualHid } = await import('../virtual-keyboard/VirtualHid.ts');
  const { SerialProvider } = await import('../transport/serialProvider.ts');
  const { BOOT_TARGETS } = await import('../bootloaders/bootTargets.ts');
  const hid = new VirtualHid({ schedule: (fn, ms) => void setTimeout(fn, ms) });
  const device = hid.plugIn({
    ...CONFIG,
    receiverBoot: { usbVendorId: 0x4b4c, usbProductId: 0xb024, familyId: UF2_FAMILY.nRF52840 },
  });
  device.firmware.handleReport(Uint8Array.from([7, 18, 5, 1, ...new Array(28).fill(0)]));
  await receiverOnBus(hid);
  const port = await new SerialProvider(
    null,
    () => null,
    () => hid.serial,
  ).bootPort(BOOT_TARGETS['/boot']);
  const frames: number[][] = [];
  const recorded = recordingPort(port, (chunk) => frames.push([...chunk]));
  return {
    bootloader: hid.serial!.connected()[0] as VirtualBootloader,
    link: new SerialTransferLink(recorded),
    frames,
  };
}

describe('2.4G receiver bootloader (connect to DFU, then /boot)', () => {
  it("refuses a keyboard's own image (RP2040) at its info frame: 238, nothing flashed, it stays in its bootloader", async () => {
    const { bootloader, link, frames } = await receiverInBoot();
    const keyboardImage = buildUf2(new TextEncoder().encode('Keyloom Aurora 75 KLFW:1.0.3'.padEnd(600, '.')));
    await expect(sendFirmware(link, keyboardImage)).rejects.toThrow('Error: 238');
    // Refused at the opening frame: no data chunk was sent.
    expect(frames.filter((f) => f[0] === 241)).toHaveLength(0);
    expect(bootloader.flashedVersion).toBeNull();
    expect(bootloader.connected).toBe(true);
    expect(bootloader.receivingTransfer()).toBeNull();
  });

  it('refuses an image whose first block is the receiver’s but a later one another chip’s, at its end', async () => {
    const { bootloader, link } = await receiverInBoot();
    const image = receiverImage('KLFW:3.0.2');
    // The second block claims RP2040 (bytes 28–31 of its header).
    new DataView(image.buffer).setUint32(UF2_BLOCK + 28, UF2_FAMILY.RP2040, true);
    await expect(sendFirmware(link, image)).rejects.toThrow();
    expect(bootloader.flashedVersion).toBeNull();
    expect(bootloader.connected).toBe(true);
  });

  it('07 12 05 01 brings the receiver bootloader onto the virtual serial bus; flashing it restarts it', async () => {
    const { VirtualHid } = await import('../virtual-keyboard/VirtualHid.ts');
    const { SerialProvider } = await import('../transport/serialProvider.ts');
    const { BOOT_TARGETS } = await import('../bootloaders/bootTargets.ts');
    const hid = new VirtualHid({ schedule: (fn, ms) => void setTimeout(fn, ms) });
    const device = hid.plugIn({
      ...CONFIG,
      receiverBoot: { usbVendorId: 0x4b4c, usbProductId: 0xb024, familyId: 0xada52840 },
    });
    const provider = new SerialProvider(
      null,
      () => null,
      () => hid.serial,
    );
    await expect(provider.bootPort(BOOT_TARGETS['/boot'])).rejects.toThrow('no serial port');
    const reply = device.firmware.handleReport(Uint8Array.from([7, 18, 5, 1, ...new Array(28).fill(0)]))!;
    expect([...reply.subarray(0, 4)]).toEqual([7, 18, 5, 1]);
    // The receiver restarts into its bootloader (300 ms).
    await receiverOnBus(hid);
    const port = await provider.bootPort(BOOT_TARGETS['/boot']);
    expect(port.getInfo()).toEqual({ usbVendorId: 0x4b4c, usbProductId: 0xb024 });
    // Boot 2 looks for the alternate id only.
    await expect(provider.bootPort(BOOT_TARGETS['/boot2'])).rejects.toThrow('no serial port');
    const bootloader = hid.serial!.connected()[0] as VirtualBootloader;
    await sendFirmware(new SerialTransferLink(port), receiverImage('KLFW:3.0.1'));
    expect(bootloader.flashedVersion).toBe(0x301);
    await vi.waitFor(() => expect(hid.serial!.connected()).toHaveLength(0), { timeout: 10_000 });
  });
});
