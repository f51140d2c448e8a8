import { formatIds } from './deviceIds.ts';

/**
 * A definition's `vendorProductId` (vendor × 65536 + product) as 'VVVV:PPPP'. Beside `formatIds` (deviceIds.ts),
 * which the first screen uses, in a module of its own: only on-demand screens and files show a definition's ids.
 */
export function formatVendorProductId(vendorProductId: number): string {
  return formatIds(Math.floor(vendorProductId / 65536), vendorProductId % 65536);
}
