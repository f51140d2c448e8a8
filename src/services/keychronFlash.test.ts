import { describe, expect, it } from 'vitest';
import { flashTarget } from '../bootloaders/flashTargets.ts';
import { readFirmwareFile } from '../flash/readFirmwareFile.ts';
import { demoFirmwareFile, type DemoBoard } from '../virtual-keyboard/bootloaders/demoImages.ts';
import { C1_PRO_8K_ANSI } from '../virtual-keyboard/keychron/boards/c1Pro8kAnsi.ts';
import { Q1V2_ANSI_ENCODER } from '../virtual-keyboard/keychron/boards/q1v2AnsiEncoder.ts';
import type { KeychronBoardData } from '../virtual-keyboard/keychron/boards/keychronBoardData.ts';
import { KEYCHRON_BUILD_DATE, keychronConfig } from '../virtual-keyboard/keychron/keychronBuild.ts';
import { versionText } from '../virtual-keyboard/keychron/keychronInfo.ts';
import { VirtualHid } from '../virtual-keyboard/VirtualHid.ts';
import { resetByHand as resetFirmwareByHand } from '../virtual-keyboard/resetByHand.ts';
import type { VirtualHidDevice } from '../virtual-keyboard/VirtualHidDevice.ts';
import { backFrom, bootloaderOn, virtualFinder, wait } from '../../tests/support/qmkBootBoard.ts';
import { flashBootloader } from './bootloaderFlash.ts';

// A Keychron board through its DFU bootloader (docs/flashing.md, "Keychron boards"): reached by hand, flashed, and
// back with its EEPROM as the real firmware leaves it.

const sleep = () => Promise.resolve();
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

function plug(board: KeychronBoardData) {
  const hid = new VirtualHid({ schedule: (fn, ms) => void setTimeout(fn, ms) });
  const device = hid.plugIn(keychronConfig(board));
  return { hid, device, finder: virtualFinder(hid) };
}

/** Sends one report and returns the reply's bytes (the board answers synchronously). */
const ask = (device: VirtualHidDevice, ...bytes: number[]) => {
  const request = new Uint8Array(32);
  request.set(bytes);
  return device.firmware.handleReport(request)!;
};

/** The owner resets the board by hand; resolves once its bootloader is on the bus. */
async function resetByHand(device: VirtualHidDevice, hid: VirtualHid, bootmagic: boolean) {
  expect(resetFirmwareByHand(device.firmware, bootmagic)).toBe(true);
  device.unplug();
  for (let waited = 0; !bootloaderOn(hid); waited += 50) {
    if (waited > 25_000) throw new Error('no bootloader came onto the bus');
    await wait(50);
  }
}

/** The board's own build as QMK makes it for its bootloader (`.bin` with the DFU suffix), of build `date`. */
function image(board: KeychronBoardData, date = KEYCHRON_BUILD_DATE) {
  const target = flashTarget(board.flash.target);
  const identity: DemoBoard = {
    vendorId: board.vendorId,
    productId: board.productId,
    name: board.name,
    text: `${versionText(board.deviceVersion)} ${date}`,
    dfuSuffix: true,
  };
  const file = demoFirmwareFile(target, identity);
  const read = readFirmwareFile(file.name, file.bytes, target);
  if (!read.ok) throw new Error(read.problem.code);
  return { target, image: read.image };
}

/** Customises the board: a colour, a region effect, a Snap Click pair, debounce, a key; all saved. */
function customise(device: VirtualHidDevice) {
  ask(device, 0xa8, 0x0a, 0, 1, 85, 255, 200); // LED 0 green
  ask(device, 0xa8, 0x0f, 0, 0, 1, 7, 10, 20, 30, 0x88, 0x13, 0, 0); // region 0, entry 0: effect 7
  ask(device, 0xa8, 0x02); // save RGB
  ask(device, 0xa7, 0x09, 0, 1, 1, 0x04, 0x07); // pair 0: A/D
  ask(device, 0xa7, 0x0a); // save Snap Click
  ask(device, 0xa7, 0x06, 2, 12); // debounce
  ask(device, 0x05, 0, 0, 0, 0x00, 0x04); // Esc → A
}

async function flashOwn(
  hid: VirtualHid,
  finder: ReturnType<typeof virtualFinder>,
  board: KeychronBoardData,
  date?: string,
) {
  const { target, image: built } = image(board, date);
  const connection = await finder.find(target);
  expect(connection).not.toBeNull();
  const back = backFrom(hid);
  const outcome = await flashBootloader(
    connection!,
    { target, image: built, uf2File: null, hand: null },
    { sleep },
  );
  expect(outcome.verified).toBe(61_732);
  return back;
}

describe('Keychron boards through their DFU bootloaders', () => {
  it('the firmware answers VIA’s bootloader jump as unhandled (Keychron’s via.c) and stays on the bus', () => {
    const { device } = plug(Q1V2_ANSI_ENCODER);
    expect(ask(device, 0x0b)[0]).toBe(0xff);
    expect(device.firmware.jumpedToBootloader).toBe(false);
  });

  it('Q1 V2, Esc held while plugging in: STM32 DFU, its own build flashed, every setting initialised', async () => {
    const { hid, device, finder } = plug(Q1V2_ANSI_ENCODER);
    const fresh = hex(device.firmware.keychron!.image());
    customise(device);
    expect(hex(device.firmware.keychron!.image())).not.toBe(fresh);
    await resetByHand(device, hid, true);
    const connection = await finder.find(flashTarget('stm32l432-dfu'));
    expect(connection).toMatchObject({
      ids: { vendorId: 0x0483, productId: 0xdf11 },
      layout: '@Internal Flash  /0x08000000/0128*0002Kg',
    });
    await connection!.close();
    const again = await flashOwn(hid, finder, Q1V2_ANSI_ENCODER);
    // bootmagic disabled eeconfig before the jump: the firmware initialised all of it, Keychron's and VIA's.
    expect(hex(again.firmware.keychron!.image())).toBe(fresh);
    expect(ask(again, 0x04, 0, 0, 0)[5]).toBe(0x29);
  });

  it('C1 Pro 8K, its reset button: AT32 DFU (2E3C:DF11), the same build flashed, the EEPROM kept byte for byte', async () => {
    const { hid, device, finder } = plug(C1_PRO_8K_ANSI);
    customise(device);
    const before = hex(device.firmware.keychron!.image());
    await resetByHand(device, hid, false);
    const connection = await finder.find(flashTarget('at32f405-dfu'));
    expect(connection).toMatchObject({
      ids: { vendorId: 0x2e3c, productId: 0xdf11 },
      layout: '@Internal Flash  /0x08000000/128*001Kg',
    });
    await connection!.close();
    const again = await flashOwn(hid, finder, C1_PRO_8K_ANSI);
    expect(hex(again.firmware.keychron!.image())).toBe(before);
  });

  it('C1 Pro 8K, a build of another date: Keychron’s settings kept, VIA’s part initialised, the new date reported', async () => {
    const { hid, device, finder } = plug(C1_PRO_8K_ANSI);
    customise(device);
    const before = device.firmware.keychron!.image();
    const layout = device.firmware.keychron!.layout;
    await resetByHand(device, hid, false);
    const again = await flashOwn(hid, finder, C1_PRO_8K_ANSI, '2026-02-03-04:05:06');
    const after = again.firmware.keychron!.image();
    expect(hex(after.subarray(0, layout.viaMagic))).toBe(hex(before.subarray(0, layout.viaMagic)));
    expect(hex(after.subarray(layout.viaMagic, layout.viaMagic + 3))).toBe('260203');
    expect(ask(again, 0x04, 0, 0, 0)[5]).toBe(0x29);
    expect(Buffer.from(ask(again, 0xa1).subarray(1, 27)).toString('latin1')).toBe(
      'v1.1.0 2026-02-03-04:05:06',
    );
  });
});
