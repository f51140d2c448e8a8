import { BOOTLOADER_NAMES, type FlashProtocol, type FlashTarget } from '../../../bootloaders/flashTargets.ts';

/** The browser API each protocol needs, by its name. */
export const PROTOCOL_API: Readonly<Record<FlashProtocol, string>> = {
  dfuse: 'WebUSB',
  'atmel-dfu': 'WebUSB',
  avr109: 'Web Serial',
  halfkay: 'WebHID',
  uf2: 'File System Access',
};

/** `ATmega32U4 — Caterina (Pro Micro, Elite-C)`; a drive's with `drive` ("UF2 drive") after it. */
export function targetLabel(target: FlashTarget, drive: string): string {
  const name = BOOTLOADER_NAMES[target.bootloader] ?? target.bootloader;
  return `${target.chip} — ${name}${target.protocol === 'uf2' ? ` (${drive})` : ''}`;
}
