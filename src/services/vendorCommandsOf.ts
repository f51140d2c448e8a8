import { VendorCommandSet } from '../protocol/vendorCommands.ts';
import type { ViaCommands } from '../protocol/viaCommands.ts';

/**
 * The requests of a keyboard that no load sends (custom features, firmware parts, LED-grid texts, per-key
 * colours, time sync, boot mode, the switch matrix): their byte layouts (protocol/vendorCommands.ts) load with
 * the pane, screen or flow that asks, not with the first screen.
 */
export function vendorCommandsOf(commands: ViaCommands): VendorCommandSet {
  return new VendorCommandSet(commands);
}
