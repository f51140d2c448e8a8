import { flashTarget } from '../../bootloaders/flashTargets.ts';
import { VirtualUsbDevice } from './VirtualBootBus.ts';
import { VirtualDfuseBootloader, type VirtualDfuseOptions } from './VirtualDfuseBootloader.ts';

/*
 * Artery's DFU bootloader, in the system memory of AT32 chips (QMK's `at32-dfu`; the Keychron C1 Pro 8K's
 * AT32F405), as it behaves on the wire (docs/flashing-protocols.md, "AT32 DFU"): USB 2E3C:DF11; DFU 1.1 with ST's
 * DfuSe requests (set address 0x21, erase 0x41, read unprotect 0x92; a zero-length download leaves), so dfu-util
 * and Keyloom's DfuSe client flash it as they flash an STM32 (QMK: `dfu-util -d 2E3C:DF11 -a 0 -s
 * 0x08000000:leave`); alternate 0 names the main flash by sector ("@Internal Flash  /0x08000000/128*001Kg" on the
 * 128 KB AT32F405xB QMK links for: 1 KB sectors), alternate 1 the option bytes (not modelled: its requests stall).
 * What differs from ST's is data: the ids, the sector size and the names; the model is `VirtualDfuseBootloader`.
 */

const AT32F405 = flashTarget('at32f405-dfu');

/** Alternate setting 1: the user system data (option bytes) at 0x1FFFF800. */
export const AT32_OPTION_BYTES = '@Option byte   /0x1FFFF800/01*512 e';

/** The product string the virtual device shows (Artery's own string is not documented publicly). */
export const AT32_DFU_PRODUCT = 'AT32 DFU';

/** An AT32F405's DFU bootloader holding `initial` in its flash (128 KB, 1 KB sectors). */
export function virtualAt32Bootloader(options: Partial<VirtualDfuseOptions> = {}): VirtualDfuseBootloader {
  return new VirtualDfuseBootloader({
    layout: AT32F405.dfuseLayout!,
    ids: AT32F405.usb[0]!,
    ...options,
  });
}

/** The bootloader as WebUSB lists it: Artery's ids, the flash's alternate and the option bytes'. */
export function at32DfuDevice(model: VirtualDfuseBootloader): VirtualUsbDevice {
  return new VirtualUsbDevice(model, AT32_DFU_PRODUCT, model.options.layout, [AT32_OPTION_BYTES]);
}
