/** fast-check arbitraries for Vial's dynamic entries (docs/vial-protocol.md), shared by the property tests. */
import fc from 'fast-check';
import type { Combo, KeyOverride, TapDance } from '../../src/protocol/vial.ts';

export const u16 = fc.nat({ max: 0xffff });
export const u8 = fc.nat({ max: 0xff });

export const tapDance: fc.Arbitrary<TapDance> = fc.record({
  onTap: u16,
  onHold: u16,
  onDoubleTap: u16,
  onTapHold: u16,
  tappingTerm: u16,
});
export const combo: fc.Arbitrary<Combo> = fc.record({ keys: fc.tuple(u16, u16, u16, u16), output: u16 });
export const keyOverride: fc.Arbitrary<KeyOverride> = fc.record({
  trigger: u16,
  replacement: u16,
  layers: u16,
  triggerMods: u8,
  negativeModMask: u8,
  suppressedMods: u8,
  options: u8,
});
