import { VirtualFirmware, type EepromStorage } from '../VirtualFirmware.ts';
import { findKeychronBoard } from './keychronBoards.ts';
import { keychronConfig } from './keychronBuild.ts';

/** Test support: a freshly flashed virtual Keychron board (`q1v2_ansi_encoder` or `c1_pro_8k_ansi`). */
export function keychronBoard(id: string, storage?: EepromStorage): VirtualFirmware {
  const board = findKeychronBoard(id);
  if (!board) throw new Error(`no Keychron board ${id}`);
  return new VirtualFirmware(keychronConfig(board), storage ? { storage } : {});
}

/** A 32-byte request from hex (spaces allowed), zero-padded or padded with `fill`. */
export function report(hex: string, fill = 0): Uint8Array {
  const bytes = new Uint8Array(32).fill(fill);
  bytes.set(Buffer.from(hex.replace(/ /g, ''), 'hex'));
  return bytes;
}

/** Sends `hex` and returns the reply as lower-case hex (64 digits), or null when the board stays silent. */
export function exchange(firmware: VirtualFirmware, hex: string, fill = 0): string | null {
  const reply = firmware.handleReport(report(hex, fill));
  return reply ? Buffer.from(reply).toString('hex') : null;
}

/** `hex` (spaces allowed) zero-padded to a whole report, as expected-reply literals are written. */
export const full = (hex: string, fill = '00') => {
  const bytes = hex.replace(/ /g, '');
  return bytes + fill.repeat((64 - bytes.length) / 2);
};

/** Power cycle: a new board powered on from the old one's EEPROM image (RAM lost). */
export function powerCycle(firmware: VirtualFirmware): VirtualFirmware {
  const next = keychronBoard(firmware.keychron!.board.id);
  next.keychron!.loadImage(firmware.keychron!.image());
  return next;
}
