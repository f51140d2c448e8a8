import { describe, expect, it, vi } from 'vitest';
import { writeIntelHex } from '../flash/intelHex.ts';
import { flashTarget } from '../bootloaders/flashTargets.ts';
import { FlashFailure } from '../flash/FlashSession.ts';
import { readFirmwareFile } from '../flash/readFirmwareFile.ts';
import { SPLIT36_BOARD, withIdentity } from '../virtual-keyboard/bootloaders/demoImages.ts';
import { demoFirmware, demoSizeFor, firstDifference } from '../virtual-keyboard/bootloaders/demoFirmware.ts';
import type { VirtualCaterina } from '../virtual-keyboard/bootloaders/VirtualCaterina.ts';
import type { VirtualFlash } from '../virtual-keyboard/bootloaders/VirtualFlash.ts';
import { backFrom, jump, qmkBoard } from '../../tests/support/qmkBootBoard.ts';
import { flashBootloader, type JobProgress } from './bootloaderFlash.ts';

const sleep = () => Promise.resolve();
const keycode = (device: { firmware: { getKeycode(l: number, r: number, c: number): number } }) =>
  device.firmware.getKeycode(0, 0, 0);

async function failure(promise: Promise<unknown>): Promise<FlashFailure> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FlashFailure);
  return error as FlashFailure;
}

describe('a QMK board through its bootloader, found and flashed behind the browser surfaces', () => {
  it.each([
    ['atmega32u4-caterina', 27_874],
    ['atmega32u4-atmel-dfu', 27_874],
    ['stm32f411-dfu', 61_732],
    ['atmega32u4-halfkay', null],
    ['rp2040-uf2', null],
  ] as const)(
    '%s: the image lands exactly, and the board comes back with a fresh EEPROM',
    async (id, verified) => {
      const target = flashTarget(id);
      const { hid, device, finder } = qmkBoard(id);
      // A key the user set: a new firmware initialises the EEPROM (the keymap goes back to its defaults).
      device.firmware.handleReport(Uint8Array.from([0x05, 0, 0, 0, 0x00, 0x29, ...new Array(26).fill(0)]));
      expect(keycode(device)).toBe(0x29);
      await jump(device, hid);
      // Picked as the browser would (a drive needs the folder picker).
      const connection = id === 'rp2040-uf2' ? await finder.choose(target) : await finder.find(target);
      expect(connection?.protocol).toBe(target.protocol);
      const image = demoFirmware(demoSizeFor(target), target.flash.start);
      const progress: JobProgress[] = [];
      const back = backFrom(hid);
      const outcome = await flashBootloader(
        connection!,
        { target, image, uf2File: null, hand: null },
        { sleep, onProgress: (p) => progress.push(p) },
      );
      expect(outcome.verified).toBe(verified);
      expect(progress.at(-1)?.phase).toMatch(/start|write/);
      const again = await back;
      const model = hid.bootBus?.made[0] ?? hid.serial!.all()[0];
      const flash = (model as { flash: VirtualFlash }).flash;
      expect(
        firstDifference(
          flash.read(image.segments[0]!.address, image.segments[0]!.data.length),
          image.segments[0]!.data,
        ),
      ).toBe(-1);
      expect(keycode(again)).toBe(0x04);
    },
  );

  it('reads the DfuSe layout and transfer size from the device’s descriptors', async () => {
    const { hid, device, finder } = qmkBoard('stm32f411-dfu');
    await jump(device, hid);
    const connection = await finder.find(flashTarget('stm32f411-dfu'));
    expect(connection).toMatchObject({
      protocol: 'dfuse',
      layout: '@Internal Flash  /0x08000000/04*016Kg,01*064Kg,03*128Kg',
      transferSize: 2048,
      ids: { vendorId: 0x0483, productId: 0xdf11 },
    });
    await connection!.close();
  });

  it('writes EE_HANDS after the firmware on Caterina, then starts it once', async () => {
    const target = flashTarget('atmega32u4-caterina');
    const { hid, device, finder } = qmkBoard(target.id);
    await jump(device, hid);
    const file = readFirmwareFile(
      'split.hex',
      new TextEncoder().encode(writeIntelHex(withIdentity(demoFirmware(3000), target, SPLIT36_BOARD))),
      target,
    );
    if (!file.ok) throw new Error(file.problem.code);
    const back = backFrom(hid);
    const parts: string[] = [];
    await flashBootloader(
      (await finder.find(target))!,
      { target, image: file.image, uf2File: null, hand: 'left' },
      { onProgress: (p) => void (parts.at(-1) !== p.part && parts.push(p.part)) },
    );
    await back;
    const caterina = hid.serial!.all()[0] as VirtualCaterina;
    expect(parts).toEqual(['firmware', 'handedness']);
    expect(caterina.started).toBe(1);
    expect(caterina.eeprom[14]).toBe(1);
  });

  it('refuses a Teensy++ bootloader for a Teensy 2.0 target before writing anything', async () => {
    const { hid, device, finder } = qmkBoard('at90usb1286-halfkay');
    await jump(device, hid);
    const connection = await finder.find(flashTarget('atmega32u4-halfkay'));
    const f = await failure(
      flashBootloader(connection!, {
        target: flashTarget('atmega32u4-halfkay'),
        image: demoFirmware(1000),
        uf2File: null,
        hand: null,
      }),
    );
    expect(f).toMatchObject({
      problem: {
        code: 'flash.wrongBootloader',
        values: { found: 'AT90USB1286 (halfkay)', expected: 'ATmega32U4 (halfkay)' },
      },
      keyboardState: 'untouched',
    });
  });

  it('a bootloader whose cable was pulled mid-write comes back by itself, and flashes then', async () => {
    const target = flashTarget('atmega32u4-atmel-dfu');
    const { hid, device, finder } = qmkBoard(target.id, { disconnectAt: 4 });
    await jump(device, hid);
    const job = { target, image: demoFirmware(demoSizeFor(target)), uf2File: null, hand: null };
    const f = await failure(flashBootloader((await finder.find(target))!, job, { sleep }));
    expect(f).toMatchObject({ problem: { code: 'flash.disconnected' }, keyboardState: 'incomplete' });
    expect(await finder.find(target)).toBeNull();
    // It re-enumerates a second later (waited for, not slept: a busy machine runs timers late).
    await vi.waitFor(async () => expect(await finder.find(target)).not.toBeNull(), { timeout: 10_000 });
    const back = backFrom(hid);
    expect(await flashBootloader((await finder.find(target))!, job, { sleep })).toMatchObject({
      verified: 27_874,
    });
    await back;
  });
});
