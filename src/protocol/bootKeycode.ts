// Apart from vialBasics.ts (the first screen's Vial question): only the lock rules and key moves (on demand) ask it.

/** QK_BOOT (RESET) in a keycode numbering: 0x7C00 from VIA protocol 12's numbering, 0x5C00 before it. */
export function bootKeycodeFor(keycodeProtocol: number): number {
  return keycodeProtocol >= 12 ? 0x7c00 : 0x5c00;
}
