import { flashTarget, type FlashTarget } from '../../bootloaders/flashTargets.ts';
import { restartBoard, type RestartHost } from '../boardRestart.ts';
import { RESTART_MS, type Scheduler } from '../scheduler.ts';
import type { VirtualFirmware } from '../VirtualFirmware.ts';
import { VirtualSerial } from '../VirtualSerial.ts';
import type { VirtualHidDevice } from '../VirtualHidDevice.ts';
import { demoBytes, demoSizeFor } from './demoFirmware.ts';
import { at32DfuDevice } from './at32Dfu.ts';
import { VirtualAtmelDfuBootloader } from './VirtualAtmelDfuBootloader.ts';
import {
  VirtualBootBus,
  VirtualHidBootDevice,
  VirtualUsbDevice,
  type BusBootloader,
} from './VirtualBootBus.ts';
import { VirtualCaterina } from './VirtualCaterina.ts';
import { VirtualDfuseBootloader } from './VirtualDfuseBootloader.ts';
import type { BootloaderFaults } from './VirtualFlash.ts';
import { VirtualHalfKay } from './VirtualHalfKay.ts';
import { VirtualUf2Drive } from './VirtualUf2Drive.ts';

/** How long a bootloader whose cable was pulled takes to come back (the board, replugged, stays in it). */
export const REPLUG_MS = 1000;
/** The word an initialised QMK EEPROM starts with (any non-zero word stands for QMK's EECONFIG magic here). */
const EEPROM_MAGIC = [0xe9, 0xfe] as const;
/** The seed of the firmware a demo board runs before it is flashed (the test images use another). */
const FACTORY_SEED = 0xfac7;

/** The chip of a QMK demo board: its flash and EEPROM, kept across visits to its bootloader. */
interface Chip {
  flash: Uint8Array;
  eeprom: Uint8Array | null;
}
const chips = new WeakMap<VirtualFirmware, Chip>();

function chipOf(firmware: VirtualFirmware, target: FlashTarget): Chip {
  let chip = chips.get(firmware);
  if (!chip) {
    const eeprom = target.eepromSize > 0 ? new Uint8Array(target.eepromSize).fill(0xff) : null;
    eeprom?.set(EEPROM_MAGIC);
    chip = { flash: demoBytes(demoSizeFor(target), FACTORY_SEED), eeprom };
    chips.set(firmware, chip);
  }
  return chip;
}

type Model =
  VirtualDfuseBootloader | VirtualAtmelDfuBootloader | VirtualCaterina | VirtualHalfKay | VirtualUf2Drive;

function makeBootloader(target: FlashTarget, chip: Chip, faults: BootloaderFaults | undefined): Model {
  const initial = chip.flash;
  const eeprom = chip.eeprom ?? undefined;
  switch (target.protocol) {
    case 'dfuse':
      return new VirtualDfuseBootloader({
        layout: target.dfuseLayout ?? '',
        ids: target.usb[0]!,
        initial,
        ...(faults && { faults }),
      });
    case 'atmel-dfu':
      return new VirtualAtmelDfuBootloader(target, {
        initial,
        ...(eeprom && { eeprom }),
        ...(faults && { faults }),
      });
    case 'avr109':
      return new VirtualCaterina(target, { initial, ...(eeprom && { eeprom }), ...(faults && { faults }) });
    case 'halfkay':
      return new VirtualHalfKay(target, { initial, ...(faults && { faults }) });
    case 'uf2':
      return new VirtualUf2Drive(target, { initial, ...(faults && { faults }) });
  }
}

/** How the bus lists a bootloader model (Caterina is its own Web Serial port). */
function onBus(model: Model, target: FlashTarget): BusBootloader | null {
  if (model instanceof VirtualDfuseBootloader && target.bootloader === 'at32-dfu')
    return at32DfuDevice(model);
  if (model instanceof VirtualDfuseBootloader)
    return new VirtualUsbDevice(model, 'STM32 BOOTLOADER', target.dfuseLayout ?? null);
  if (model instanceof VirtualAtmelDfuBootloader)
    return new VirtualUsbDevice(model, target.chip + ' DFU', null);
  if (model instanceof VirtualHalfKay) return new VirtualHidBootDevice(model);
  if (model instanceof VirtualUf2Drive) return model;
  return null;
}

/** What a board's bootloader needs of the `navigator.hid` stand-in (VirtualHid) it was plugged into. */
export interface BootloaderHost extends RestartHost {
  serial: VirtualSerial | undefined;
  bootBus: VirtualBootBus | undefined;
}

/**
 * A QMK demo board took VIA's bootloader jump and left the bus: its bootloader (the board's
 * `qmkBootloader` target) comes onto the bus (VirtualHid calls this as the board restarts), behind the browser surface the real one has
 * (`hid.bootBus`, or the serial stand-in for Caterina), holding the board's flash and EEPROM. When the
 * bootloader starts the application, the board comes back as a new HID device: with its EEPROM initialised
 * when the flash or the EEPROM magic changed (a new firmware resets VIA's keymap, as QMK's does), as it was
 * otherwise. A bootloader whose cable a fault pulled comes back by itself (the board is replugged and stays in
 * its bootloader), so it can be flashed again.
 */
export function enterBootloader(
  hid: BootloaderHost,
  firmware: VirtualFirmware,
  previous: VirtualHidDevice,
  schedule: Scheduler,
): void {
  const target = flashTarget(firmware.config.qmkBootloader!);
  const chip = chipOf(firmware, target);
  const faults = firmware.config.qmkFaults;
  delete firmware.config.qmkFaults;
  const model = makeBootloader(target, chip, faults);
  const before = model.flash.bytes.slice();
  const bus = (hid.bootBus ??= new VirtualBootBus());
  const serial = (hid.serial ??= new VirtualSerial());
  bus.made.push(model);
  const listed = onBus(model, target);
  const plug = () => {
    if (listed) bus.add(listed);
    else if (serial.all().includes(model as VirtualCaterina)) serial.dispatchEvent(new Event('connect'));
    else serial.add(model as VirtualCaterina);
    // Set after adding: the serial stand-in sets its own leave handler on the ports it lists.
    model.onLeave = started;
  };
  const unplugged = () => (listed ? bus.left() : serial.dispatchEvent(new Event('disconnect')));
  const started = () => {
    bus.waiting.delete(release);
    unplugged();
    const fresh = changed(before, model.flash.bytes) || !magicKept(model);
    chip.flash = model.flash.bytes.slice();
    if (chip.eeprom && 'eeprom' in model) {
      chip.eeprom = model.eeprom.slice();
      chip.eeprom.set(EEPROM_MAGIC);
    }
    firmware.jumpedToBootloader = false;
    // A Keychron board's EEPROM is read by the firmware now in flash (its build date, a bootmagic reset);
    // the demos' test images stand for a new firmware, which starts with its EEPROM initialised, as QMK's does.
    if (firmware.keychron) firmware.keychron.startAfterBootloader(model.flash.bytes);
    else if (fresh) firmware.resetEeprom();
    firmware.persist();
    // It left the bus already (the jump); it comes back a moment later.
    schedule(() => restartBoard(hid, firmware, previous, schedule), RESTART_MS);
  };
  model.onLost = () => {
    unplugged();
    schedule(() => {
      model.replug();
      plug();
    }, REPLUG_MS);
  };
  // Left alone, the board's bootloader starts its application again (the reset button, Caterina's 8 s).
  const release = () => {
    if (!model.connected) return;
    model.connected = false;
    started();
  };
  bus.waiting.add(release);
  plug();
}

function changed(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return true;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return true;
  return false;
}

function magicKept(model: Model): boolean {
  if (!('eeprom' in model)) return true;
  return model.eeprom[0] === EEPROM_MAGIC[0] && model.eeprom[1] === EEPROM_MAGIC[1];
}
