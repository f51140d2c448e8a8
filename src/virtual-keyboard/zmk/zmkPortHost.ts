import type { ZmkOutput } from './ZmkFirmware.ts';

/** What the virtual ZMK keyboard's USB port and Bluetooth device need of it (VirtualZmkKeyboard is one). */
export interface ZmkPortHost {
  readonly connected: boolean;
  receive(transport: ZmkOutput, bytes: Uint8Array): void;
  readonly bluetooth: { readonly gatt: { readonly connected: boolean } };
  readonly firmware: { readonly output: ZmkOutput; relock(): void };
}
