import type { DeviceFamily } from './deviceFamily.ts';
import { vialFamily } from './vialFamily.ts';
import { viaFamily } from './viaFamily.ts';

/**
 * The device families Keyloom knows, in the order they are asked about a device: a family that is more than
 * another (Vial is VIA and more) comes before it, and VIA, which takes any device answering VIA, comes last.
 * Adding a family is its module and one line here (docs/ARCHITECTURE.md "Device families"). These are the HID
 * source's families; ZMK keyboards come from a source of their own (zmkFamily.ts, listed by app/zmkConnections.ts).
 */
export const DEVICE_FAMILIES: readonly DeviceFamily<'hid'>[] = [vialFamily, viaFamily];
