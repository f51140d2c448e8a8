/** QK_BOOT as the firmware numbers it: QMK's renumbering came with Vial protocol 6. */
export function bootKeycode(vialProtocol: number): number {
  return vialProtocol >= 6 ? 0x7c00 : 0x5c00;
}
