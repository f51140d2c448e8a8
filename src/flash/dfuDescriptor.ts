/** Descriptor types in a configuration descriptor (USB 2.0 §9.4; DFU 1.1 §4.1.3 for the functional one). */
const DESCRIPTOR = { CONFIGURATION: 2, INTERFACE: 4, DFU_FUNCTIONAL: 0x21 } as const;

/** What a DFU functional descriptor says (DFU 1.1 §4.1.3, docs/flashing-protocols.md "USB DFU 1.1"). */
export interface DfuFunctional {
  canDownload: boolean;
  canUpload: boolean;
  manifestationTolerant: boolean;
  willDetach: boolean;
  detachTimeoutMs: number;
  /** wTransferSize: bytes one DNLOAD/UPLOAD block carries. */
  transferSize: number;
  /** bcdDFUVersion (0x011A for ST's DfuSe). */
  version: number;
}

/**
 * The DFU functional descriptor inside a configuration descriptor (as GET_DESCRIPTOR returns it: the
 * configuration, then each interface with its class descriptors), the first one after interface
 * `interfaceNumber`; null when the bytes hold none or are cut short. Descriptors of a bad length end the walk.
 */
export function findDfuFunctional(bytes: Uint8Array, interfaceNumber = 0): DfuFunctional | null {
  let inInterface = false;
  for (let at = 0; at + 2 <= bytes.length;) {
    const length = bytes[at]!;
    const type = bytes[at + 1]!;
    if (length < 2 || at + length > bytes.length) return null;
    if (type === DESCRIPTOR.INTERFACE && length >= 3) inInterface = bytes[at + 2] === interfaceNumber;
    else if (type === DESCRIPTOR.DFU_FUNCTIONAL && inInterface && length >= 7) {
      const attributes = bytes[at + 2]!;
      const word = (i: number) => (i + 1 < at + length ? bytes[i]! | (bytes[i + 1]! << 8) : 0);
      return {
        canDownload: (attributes & 1) !== 0,
        canUpload: (attributes & 2) !== 0,
        manifestationTolerant: (attributes & 4) !== 0,
        willDetach: (attributes & 8) !== 0,
        detachTimeoutMs: word(at + 3),
        transferSize: word(at + 5),
        version: word(at + 7),
      };
    }
    at += length;
  }
  return null;
}

/** wTotalLength of a configuration descriptor's first 9 bytes, or null when they are not one. */
export function configurationLength(head: Uint8Array): number | null {
  if (head.length < 4 || head[1] !== DESCRIPTOR.CONFIGURATION) return null;
  return head[2]! | (head[3]! << 8);
}

/**
 * A configuration descriptor with one DFU interface (class FE, subclass 01, protocol 02: DFU mode) and its
 * alternate settings, then the functional descriptor: what a DFU bootloader answers (the virtual bootloaders).
 */
export function dfuConfigurationDescriptor(functional: DfuFunctional, alternates = 1): Uint8Array {
  const configuration = [9, DESCRIPTOR.CONFIGURATION, 0, 0, 1, 1, 0, 0x80, 50];
  const interfaces = Array.from({ length: alternates }, (_, alt) => [
    9,
    DESCRIPTOR.INTERFACE,
    0,
    alt,
    0,
    0xfe,
    0x01,
    0x02,
    0,
  ]).flat();
  const attributes =
    (functional.canDownload ? 1 : 0) |
    (functional.canUpload ? 2 : 0) |
    (functional.manifestationTolerant ? 4 : 0) |
    (functional.willDetach ? 8 : 0);
  const dfu = [
    9,
    DESCRIPTOR.DFU_FUNCTIONAL,
    attributes,
    functional.detachTimeoutMs & 0xff,
    functional.detachTimeoutMs >> 8,
    functional.transferSize & 0xff,
    functional.transferSize >> 8,
    functional.version & 0xff,
    functional.version >> 8,
  ];
  const bytes = Uint8Array.from([...configuration, ...interfaces, ...dfu]);
  bytes[2] = bytes.length & 0xff;
  bytes[3] = bytes.length >> 8;
  return bytes;
}
