/**
 * Bootloaders the boot screens flash over serial (extended.md §7: "known bootloader targets are three by
 * vendor/product"; their values are not published, so these are the Keyloom line's). /boot flashes 2.4G
 * receivers; /boot2 the receivers whose boot ROM enumerates with the alternate id.
 */
export interface BootTarget {
  name: string;
  usbVendorId: number;
  usbProductId: number;
}

export const BOOT_TARGETS: Readonly<Record<'/boot' | '/boot2', readonly BootTarget[]>> = {
  '/boot': [
    { name: '2.4G receiver', usbVendorId: 0x4b4c, usbProductId: 0xb024 },
    { name: '2.4G receiver (rev. 2)', usbVendorId: 0x4b4c, usbProductId: 0xb025 },
  ],
  '/boot2': [{ name: '2.4G receiver (alternate boot)', usbVendorId: 0x4b4c, usbProductId: 0xb026 }],
};

export function matchesTarget(
  info: { usbVendorId?: number; usbProductId?: number },
  targets: readonly BootTarget[],
) {
  return targets.some((t) => t.usbVendorId === info.usbVendorId && t.usbProductId === info.usbProductId);
}
