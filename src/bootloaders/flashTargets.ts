import { UF2_FAMILY } from '../formats/uf2.ts';

/** How bytes reach the chip (docs/flashing-protocols.md). */
export type FlashProtocol = 'dfuse' | 'atmel-dfu' | 'avr109' | 'halfkay' | 'uf2';

export interface UsbId {
  vendorId: number;
  productId: number;
}

/**
 * One chip behind one bootloader: what a firmware file is checked against and what the protocol client needs.
 * Ranges are [start, end) byte addresses.
 */
export interface FlashTarget {
  id: string;
  chip: string;
  /** QMK's `BOOTLOADER =` value. */
  bootloader: string;
  protocol: FlashProtocol;
  flash: { start: number; end: number };
  /** Where the bootloader itself lives inside `flash` (a write there is refused), or null. */
  bootloaderRange: { start: number; end: number } | null;
  /** The unit the protocol writes (a flash page, a HalfKay block); DfuSe reads its sectors from the device. */
  pageSize: number;
  eepromSize: number;
  /** AVR signature bytes, first to last (a DFU or AVR109 bootloader reports them). */
  signature: readonly [number, number, number] | null;
  /** UF2 family id the chip's bootloader takes. */
  uf2Family: number | null;
  /** Ids the bootloader enumerates with (empty: a drive the user picks). */
  usb: readonly UsbId[];
  /** DfuSe: the memory layout the system bootloader names (the device's own string wins when read). */
  dfuseLayout?: string;
  /** How the chip's firmware starts: what a build for it must hold (flash/firmwareIdentity.ts). */
  code: ChipCode;
}

/**
 * The start of a build for the chip, checked before anything is erased: an AVR's interrupt vector table at
 * address 0 (`vectors` entries of a 4-byte `jmp` into the flash); an ARM Cortex-M's vector table (initial stack
 * pointer in `ram`, reset and fault handlers Thumb addresses in the flash) at the image's first address plus
 * `offset` (an RP2040 build starts with its 256-byte boot2 stage).
 */
export type ChipCode =
  | { arch: 'avr'; vectors: number }
  | { arch: 'cortex-m'; ram: { start: number; end: number }; offset: number };

const CATERINA_IDS: UsbId[] = [
  [0x1b4f, 0x9203],
  [0x1b4f, 0x9205],
  [0x1b4f, 0x9207],
  [0x1ffb, 0x0101],
  [0x2341, 0x0036],
  [0x2341, 0x0037],
  [0x239a, 0x000c],
  [0x239a, 0x000d],
  [0x239a, 0x000e],
  [0x2a03, 0x0036],
  [0x2a03, 0x0037],
].map(([vendorId, productId]) => ({ vendorId: vendorId!, productId: productId! }));

const ATMEGA32U4 = {
  chip: 'ATmega32U4',
  flash: { start: 0, end: 0x8000 },
  pageSize: 128,
  eepromSize: 1024,
  signature: [0x1e, 0x95, 0x87] as const,
  uf2Family: null,
  // ATmega32U4 datasheet, table 9-1: 43 vectors.
  code: { arch: 'avr', vectors: 43 } as ChipCode,
};
const AT90USB1286 = {
  chip: 'AT90USB1286',
  flash: { start: 0, end: 0x20000 },
  eepromSize: 4096,
  signature: [0x1e, 0x97, 0x82] as const,
  uf2Family: null,
  // AT90USB1286 datasheet, table 11-1: 38 vectors.
  code: { arch: 'avr', vectors: 38 } as ChipCode,
};
/** STM32 SRAM starts at 0x20000000; 320 KB is the most of the F4 parts QMK builds for. */
const STM32_RAM = { start: 0x20000000, end: 0x20050000 };
const stm32 = (chip: string, id: string, kb: number, layout: string, ram = STM32_RAM): FlashTarget => ({
  id,
  chip,
  bootloader: 'stm32-dfu',
  protocol: 'dfuse',
  flash: { start: 0x08000000, end: 0x08000000 + kb * 1024 },
  bootloaderRange: null,
  pageSize: 2048,
  eepromSize: 0,
  signature: null,
  uf2Family: null,
  usb: [{ vendorId: 0x0483, productId: 0xdf11 }],
  dfuseLayout: layout,
  code: { arch: 'cortex-m', ram, offset: 0 },
});

/**
 * Artery's AT32F405 (the Keychron C1 Pro 8K) behind the DFU bootloader in its system memory (0x1FFFA400, outside
 * the main flash): 2E3C:DF11, DfuSe's commands, so dfu-util flashes it as an STM32 (QMK: `-d 2E3C:DF11 -a 0 -s
 * 0x08000000:leave`). QMK links AT32F405 builds with AT32F405xB (128 KB, whose sectors are 1 KB; the xC parts have
 * 2 KB), and the device names that layout in its alternate setting. 102 KB of SRAM from 0x20000000.
 */
const AT32F405: FlashTarget = {
  id: 'at32f405-dfu',
  chip: 'AT32F405',
  bootloader: 'at32-dfu',
  protocol: 'dfuse',
  flash: { start: 0x08000000, end: 0x08020000 },
  bootloaderRange: null,
  pageSize: 1024,
  eepromSize: 0,
  signature: null,
  uf2Family: null,
  usb: [{ vendorId: 0x2e3c, productId: 0xdf11 }],
  dfuseLayout: '@Internal Flash  /0x08000000/128*001Kg',
  code: { arch: 'cortex-m', ram: { start: 0x20000000, end: 0x20019800 }, offset: 0 },
};

/** Chips and bootloaders with their numbers from docs/flashing-protocols.md. */
export const FLASH_TARGETS: readonly FlashTarget[] = [
  {
    ...ATMEGA32U4,
    id: 'atmega32u4-atmel-dfu',
    bootloader: 'atmel-dfu',
    protocol: 'atmel-dfu',
    bootloaderRange: { start: 0x7000, end: 0x8000 },
    usb: [{ vendorId: 0x03eb, productId: 0x2ff4 }],
  },
  {
    ...ATMEGA32U4,
    id: 'atmega32u4-caterina',
    bootloader: 'caterina',
    protocol: 'avr109',
    bootloaderRange: { start: 0x7000, end: 0x8000 },
    usb: CATERINA_IDS,
  },
  {
    ...ATMEGA32U4,
    id: 'atmega32u4-halfkay',
    bootloader: 'halfkay',
    protocol: 'halfkay',
    bootloaderRange: { start: 0x7e00, end: 0x8000 },
    usb: [{ vendorId: 0x16c0, productId: 0x0478 }],
  },
  {
    ...AT90USB1286,
    id: 'at90usb1286-atmel-dfu',
    bootloader: 'atmel-dfu',
    protocol: 'atmel-dfu',
    pageSize: 128,
    bootloaderRange: { start: 0x1e000, end: 0x20000 },
    usb: [{ vendorId: 0x03eb, productId: 0x2ffb }],
  },
  {
    ...AT90USB1286,
    id: 'at90usb1286-halfkay',
    bootloader: 'halfkay',
    protocol: 'halfkay',
    pageSize: 256,
    bootloaderRange: { start: 0x1fc00, end: 0x20000 },
    usb: [{ vendorId: 0x16c0, productId: 0x0478 }],
  },
  stm32('STM32F411', 'stm32f411-dfu', 512, '@Internal Flash  /0x08000000/04*016Kg,01*064Kg,03*128Kg'),
  stm32('STM32F401', 'stm32f401-dfu', 256, '@Internal Flash  /0x08000000/04*016Kg,01*064Kg,01*128Kg'),
  stm32('STM32F072', 'stm32f072-dfu', 128, '@Internal Flash  /0x08000000/064*02Kg'),
  stm32('STM32F303', 'stm32f303-dfu', 256, '@Internal Flash  /0x08000000/128*02Kg'),
  // The Keychron Q1 V2: 256 KB in 2 KB pages, 64 KB of SRAM (SRAM1 and SRAM2 back to back from 0x20000000).
  stm32('STM32L432', 'stm32l432-dfu', 256, '@Internal Flash  /0x08000000/0128*0002Kg', {
    start: 0x20000000,
    end: 0x20010000,
  }),
  AT32F405,
  {
    id: 'rp2040-uf2',
    chip: 'RP2040',
    bootloader: 'rp2040',
    protocol: 'uf2',
    // External QSPI flash mapped at 0x10000000; 16 MB is the most the RP2040 addresses.
    flash: { start: 0x10000000, end: 0x11000000 },
    bootloaderRange: null,
    pageSize: 256,
    eepromSize: 0,
    signature: null,
    uf2Family: UF2_FAMILY.RP2040,
    usb: [],
    // 264 KB of SRAM from 0x20000000; the vector table follows boot2's 256 bytes.
    code: { arch: 'cortex-m', ram: { start: 0x20000000, end: 0x20042000 }, offset: 0x100 },
  },
  {
    id: 'stm32f411-tinyuf2',
    chip: 'STM32F411',
    bootloader: 'tinyuf2',
    protocol: 'uf2',
    flash: { start: 0x08000000, end: 0x08080000 },
    // tinyuf2 occupies the first 64 KB (QMK links tinyuf2 builds at 0x08010000).
    bootloaderRange: { start: 0x08000000, end: 0x08010000 },
    pageSize: 256,
    eepromSize: 0,
    signature: null,
    uf2Family: UF2_FAMILY.STM32F4,
    usb: [],
    code: { arch: 'cortex-m', ram: STM32_RAM, offset: 0 },
  },
];

/** Bootloaders by QMK's `BOOTLOADER =` value, as their makers name them (the same in every language). */
export const BOOTLOADER_NAMES: Readonly<Record<string, string>> = {
  caterina: 'Caterina (Pro Micro, Elite-C)',
  'atmel-dfu': 'Atmel DFU',
  halfkay: 'HalfKay (Teensy)',
  'stm32-dfu': 'STM32 DFU',
  'at32-dfu': 'AT32 DFU (Artery)',
  rp2040: 'RP2040',
  tinyuf2: 'tinyuf2',
};

/** The target with this id; throws on an id not in FLASH_TARGETS (a programming error, not user input). */
export function flashTarget(id: string): FlashTarget {
  const found = FLASH_TARGETS.find((t) => t.id === id);
  if (!found) throw new RangeError(`No flash target ${id}`);
  return found;
}

/**
 * The DFU target for a chip a keyboard names (a Keychron board's DFU info: QMK_MCU, `STM32L432`, `AT32F405`), or
 * null when Keyloom has none for it.
 */
export function dfuTargetForChip(chip: string): FlashTarget | null {
  return FLASH_TARGETS.find((t) => t.protocol === 'dfuse' && t.chip === chip) ?? null;
}
