// Apart from vialBasics.ts (the first screen's Vial question): only layout transfers (on demand) ask it.

/** Whether a keyboard has an encoder map: VIA protocol 10 and later, or any Vial keyboard (its own commands). */
export function hasEncoderMap(keyboard: { protocol: number; vial?: unknown }): boolean {
  return keyboard.vial !== undefined || keyboard.protocol >= 10;
}
