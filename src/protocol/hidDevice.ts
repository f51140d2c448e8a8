/**
 * The part of WebHID's `HIDDevice` the protocol client uses. Real devices, the virtual keyboard and test fakes
 * all satisfy it, so the client never knows which one it talks to.
 */
export interface HidInputReport {
  reportId: number;
  data: DataView;
}

export interface HidDeviceLike {
  readonly opened: boolean;
  readonly vendorId: number;
  readonly productId: number;
  readonly productName: string;
  open(): Promise<void>;
  close(): Promise<void>;
  sendReport(reportId: number, data: BufferSource): Promise<void>;
  // Listeners take a plain Event so DOM EventTargets (real and virtual devices) satisfy the interface;
  // the client reads `reportId` and `data` off it as an HIDInputReportEvent.
  addEventListener(type: 'inputreport', listener: (event: Event) => void): void;
  removeEventListener(type: 'inputreport', listener: (event: Event) => void): void;
}

/** vendorId * 65536 + productId, by multiplication so a VID ≥ 0x8000 stays positive. */
export function vendorProductId(device: { vendorId: number; productId: number }): number {
  return device.vendorId * 65536 + device.productId;
}
