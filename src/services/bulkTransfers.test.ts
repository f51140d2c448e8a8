import { describe, expect, it, vi } from 'vitest';
import { buildUf2, parseUf2, UF2_BLOCK, UF2_FAMILY } from '../formats/uf2.ts';
import { realTimers } from '../lib/timers.ts';
import { createTransferStore } from '../state/transferStore.ts';
import { BOOT_TARGETS, bootImageProblem } from '../bootloaders/bootTargets.ts';
import { GRID_BOARD } from '../../tests/support/transferTesting.ts';
import { SerialProvider } from '../transport/serialProvider.ts';
import { VirtualHid } from '../virtual-keyboard/VirtualHid.ts';
import type { VirtualBootloader } from '../virtual-keyboard/VirtualBootloader.ts';
import { BulkTransfers } from './bulkTransfers.ts';

/** A wireless board's receiver in its bootloader (after 'connect to DFU'), and the boot screens' service. */
async function receiverInBoot() {
  const hid = new VirtualHid({ schedule: (fn, ms) => void setTimeout(fn, ms) });
  const device = hid.plugIn({
    ...GRID_BOARD,
    receiverBoot: { usbVendorId: 0x4b4c, usbProductId: 0xb024, familyId: UF2_FAMILY.nRF52840 },
  });
  device.firmware.handleReport(Uint8Array.from([7, 18, 5, 1, ...new Array(28).fill(0)]));
  // The receiver restarts 300 ms later once its code has loaded (a dynamic import: slower on a busy machine).
  await vi.waitFor(() => expect(hid.serial?.connected()).toHaveLength(1), { timeout: 10_000 });
  const transfers = createTransferStore();
  const errors: string[] = [];
  const bulk = new BulkTransfers({
    devices: { getState: () => ({ commands: () => null }) },
    transfers,
    serial: new SerialProvider(
      null,
      () => null,
      () => hid.serial,
    ),
    timers: realTimers,
    logError: (message) => errors.push(message),
  });
  return { bootloader: hid.serial!.connected()[0] as VirtualBootloader, bulk, transfers, errors };
}

const payload = (text: string) => new TextEncoder().encode(text.padEnd(1200, '.'));
/** The Aurora 75's own firmware image (RP2040, as scripts/make-demo-firmware.ts builds it). */
const keyboardImage = buildUf2(payload('Keyloom Aurora 75 KLFW:1.0.3'));
const receiverImage = buildUf2(payload('KLFW:2.0.0'), 0x27000, UF2_FAMILY.nRF52840);

describe('Boot: only an image for the receiver is flashed', () => {
  it("refuses the keyboard's own image before anything is sent, and says which device it is for", async () => {
    const { bootloader, bulk, transfers, errors } = await receiverInBoot();
    await expect(bulk.flashBoot(keyboardImage, BOOT_TARGETS['/boot'])).rejects.toThrow(
      'The file is for another device (RP2040); this bootloader takes nRF52840 images',
    );
    expect(transfers.getState().transfers.boot).toMatchObject({
      state: 'failed',
      failure: { keyboardState: 'untouched', sent: 0 },
    });
    expect(errors).toHaveLength(1);
    expect(bootloader.flashedVersion).toBeNull();
    expect(bootloader.receivingTransfer()).toBeNull();
    expect(bootloader.connected).toBe(true);
  });

  it('flashes an image built for the receiver', async () => {
    const { bootloader, bulk, transfers } = await receiverInBoot();
    expect(await bulk.flashBoot(receiverImage, BOOT_TARGETS['/boot'])).toBe('completed');
    expect(transfers.getState().transfers.boot.state).toBe('completed');
    expect(bootloader.flashedVersion).toBe(0x200);
  });

  it('an image that names no chip, or another chip in any block, is not for the receiver', () => {
    const unnamed = buildUf2(payload('x'));
    // Flags (bytes 8–11) without 0x2000 in every block: no family id.
    for (let at = 0; at < unnamed.length; at += UF2_BLOCK)
      new DataView(unnamed.buffer).setUint32(at + 8, 0, true);
    const targets = BOOT_TARGETS['/boot2'];
    const parsed = parseUf2(unnamed);
    if ('error' in parsed) throw new Error(parsed.error);
    expect(bootImageProblem(parsed, targets)).toEqual({ kind: 'noFamily', expected: 'nRF52840' });
    expect(
      bootImageProblem({ families: [UF2_FAMILY.nRF52840, UF2_FAMILY.STM32F4], unnamed: false }, targets),
    ).toEqual({
      kind: 'otherDevice',
      family: UF2_FAMILY.STM32F4,
      chip: 'STM32F4',
      expected: 'nRF52840',
    });
    expect(bootImageProblem({ families: [0x12345678], unnamed: false }, targets)).toMatchObject({
      chip: '0x12345678',
    });
    expect(bootImageProblem({ families: [UF2_FAMILY.nRF52840], unnamed: false }, targets)).toBeNull();
  });
});

describe('Local Upgrade: only an image for the keyboard’s own chip is flashed (issue 39.4)', () => {
  it('refuses a receiver’s image and one naming no chip before any port is opened', async () => {
    const { bulk, transfers } = await receiverInBoot();
    await expect(bulk.flashFirmware(receiverImage)).rejects.toThrow(
      'The file is for another device (nRF52840); this keyboard takes RP2040 images',
    );
    expect(transfers.getState().transfers.firmware).toMatchObject({
      state: 'failed',
      failure: { keyboardState: 'untouched', sent: 0 },
    });
    const unnamed = keyboardImage.slice();
    for (let at = 0; at < unnamed.length; at += UF2_BLOCK)
      new DataView(unnamed.buffer).setUint32(at + 8, 0, true);
    await expect(bulk.flashFirmware(unnamed)).rejects.toThrow('no UF2 family id');
  });
});
