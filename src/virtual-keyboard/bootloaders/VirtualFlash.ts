/**
 * A chip's flash as a bootloader sees it: erased bytes read 0xFF and programming can only clear bits (NOR
 * flash), so a client that forgets to erase ends up with the AND of old and new bytes and fails to verify,
 * as on a real chip. The bootloader's own range is refused, as a real bootloader's write protection would.
 */
export class VirtualFlash {
  readonly bytes: Uint8Array;

  constructor(
    readonly start: number,
    size: number,
    /** [start, end) the bootloader keeps for itself, or null. */
    readonly protectedRange: { start: number; end: number } | null = null,
    /** What the chip held before (an older firmware), from `start`. */
    initial?: Uint8Array,
  ) {
    this.bytes = new Uint8Array(size).fill(0xff);
    if (initial) this.bytes.set(initial.subarray(0, size));
  }

  get end(): number {
    return this.start + this.bytes.length;
  }

  /** Whether [address, address + length) is inside the flash and outside the bootloader. */
  writable(address: number, length: number): boolean {
    if (address < this.start || address + length > this.end) return false;
    const p = this.protectedRange;
    return !p || address + length <= p.start || address >= p.end;
  }

  erase(address: number, length: number): boolean {
    if (!this.writable(address, length)) return false;
    this.bytes.fill(0xff, address - this.start, address - this.start + length);
    return true;
  }

  /** Programs bytes (AND with what is there). `corruptAt`: one address that keeps a wrong value (a weak cell). */
  program(address: number, data: Uint8Array, corruptAt: number | null = null): boolean {
    if (!this.writable(address, data.length)) return false;
    const at = address - this.start;
    for (let i = 0; i < data.length; i++) this.bytes[at + i]! &= data[i]!;
    if (corruptAt !== null && corruptAt >= address && corruptAt < address + data.length)
      this.bytes[corruptAt - this.start]! ^= 0x01;
    return true;
  }

  read(address: number, length: number): Uint8Array | null {
    if (address < this.start || address + length > this.end) return null;
    return this.bytes.slice(address - this.start, address - this.start + length);
  }
}

/**
 * Faults a virtual bootloader injects into its data writes (counted from 0 from the start of a flash):
 * `stallAt`: that write is refused (a stall, or the protocol's error reply); `disconnectAt`: the device goes
 * away at that write; `corruptAddress`: that byte is stored wrong (found by read-back verification).
 * Each fires once and is cleared, so the next attempt can succeed.
 */
export interface BootloaderFaults {
  stallAt?: number;
  disconnectAt?: number;
  corruptAddress?: number;
}

/** Counts data writes and says which fault, if any, applies to this one (clearing it). */
export class FaultCounter {
  writes = 0;
  constructor(readonly faults: BootloaderFaults = {}) {}

  next(): 'stall' | 'disconnect' | null {
    const n = this.writes++;
    if (this.faults.disconnectAt === n) {
      delete this.faults.disconnectAt;
      return 'disconnect';
    }
    if (this.faults.stallAt === n) {
      delete this.faults.stallAt;
      return 'stall';
    }
    return null;
  }

  /** The corrupt address for a program call, cleared once it has been used. */
  corrupt(address: number, length: number): number | null {
    const c = this.faults.corruptAddress;
    if (c === undefined || c < address || c >= address + length) return null;
    delete this.faults.corruptAddress;
    return c;
  }
}

/** What a WebUSB transfer to a device that went away rejects with. */
export const deviceGone = (): DOMException =>
  new DOMException('The device was disconnected.', 'NotFoundError');

/** A control transfer in that succeeded, as WebUSB's `USBInTransferResult` reports it. */
export const transferredIn = (bytes: Uint8Array) => ({
  status: 'ok' as const,
  data: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength),
});

/** DFU_GETSTATUS's six bytes: status, poll timeout in ms (24-bit little-endian), state, string index 0. */
export const dfuStatusBytes = (status: number, pollMs: number, state: number) =>
  new Uint8Array([status, pollMs & 0xff, (pollMs >> 8) & 0xff, (pollMs >> 16) & 0xff, state, 0]);
