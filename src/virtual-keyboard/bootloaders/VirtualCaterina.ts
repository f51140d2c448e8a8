import type { SerialStreams } from '../../flash/flashDevices.ts';
import type { FlashTarget } from '../../bootloaders/flashTargets.ts';
import { ByteQueue } from '../../transfer/byteQueue.ts';
import { FaultCounter, VirtualFlash, type BootloaderFaults } from './VirtualFlash.ts';

const CR = 0x0d;
const c = (s: string) => s.charCodeAt(0);
/** Bytes each command takes after its letter (`B` also its data, read from its size). */
const ARGS: Record<number, number> = { [c('T')]: 1, [c('A')]: 2, [c('g')]: 3, [c('B')]: 3 };

export interface VirtualCaterinaOptions {
  faults?: BootloaderFaults;
  initial?: Uint8Array;
  eeprom?: Uint8Array;
}

/**
 * A Pro Micro in Caterina (an AVR109 bootloader on the 32U4's USB serial port) with Web Serial's port surface
 * (`open`, `readable`, `writable`, `getInfo`): the commands Caterina.c answers (docs/flashing-protocols.md
 * "AVR109"), its word-address counter, page erase on each flash block write, EEPROM through the same counter.
 * `E` answers and leaves. Faults: a refused block write (`?`), the port lost mid-write, a corrupt byte.
 */
export class VirtualCaterina implements SerialStreams {
  writable: WritableStream<Uint8Array> | null = null;
  readonly flash: VirtualFlash;
  readonly eeprom: Uint8Array;
  readonly faults: FaultCounter;
  readonly vendorId = 0x1b4f;
  readonly productId = 0x9205;
  connected = true;
  started = 0;
  onLeave: (() => void) | null = null;
  /** Called when a fault takes it off the bus mid-flash (a lost port). */
  onLost: (() => void) | null = null;
  private controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  private stream: ReadableStream<Uint8Array> | null = null;
  private opened = false;
  private input = new ByteQueue();
  private address = 0;

  constructor(
    readonly target: FlashTarget,
    options: VirtualCaterinaOptions = {},
  ) {
    this.flash = new VirtualFlash(0, target.flash.end, target.bootloaderRange, options.initial);
    this.eeprom = new Uint8Array(target.eepromSize).fill(0xff);
    if (options.eeprom) this.eeprom.set(options.eeprom.subarray(0, target.eepromSize));
    this.faults = new FaultCounter(options.faults);
  }

  getInfo() {
    return { usbVendorId: this.vendorId, usbProductId: this.productId };
  }

  /** The port is the device itself (Web Serial's `SerialPort`), as the serial bus lists it. */
  get port(): this {
    return this;
  }

  /**
   * The port's input while it is open. As Web Serial's, a stream a reader cancelled is replaced by a new one on
   * the next read of `readable` (the EE_HANDS write follows the firmware on the same open port).
   */
  get readable(): ReadableStream<Uint8Array> | null {
    if (this.opened && !this.stream)
      this.stream = new ReadableStream<Uint8Array>({
        start: (controller) => void (this.controller = controller),
        cancel: () => {
          this.stream = null;
          this.controller = null;
        },
      });
    return this.stream;
  }

  async close(): Promise<void> {
    try {
      this.controller?.close();
    } catch {
      // Already closed by `E` or errored by a lost port.
    }
    this.controller = null;
    this.stream = null;
    this.opened = false;
    this.writable = null;
  }

  async open(_options: { baudRate: number }): Promise<void> {
    if (!this.connected) throw new DOMException('The device has been lost.', 'NetworkError');
    if (this.opened) throw new DOMException('The port is already open.', 'InvalidStateError');
    this.input.clear();
    this.opened = true;
    this.stream = null;
    this.writable = new WritableStream<Uint8Array>({
      write: (chunk) => {
        if (!this.connected) throw new DOMException('The device has been lost.', 'NetworkError');
        this.input.push(chunk);
        this.serve();
      },
    });
  }

  /** Plugs it back after a lost-port fault (the bootloader starts over). */
  replug(): void {
    this.connected = true;
    this.opened = false;
    this.stream = null;
    this.writable = null;
  }

  private reply(...bytes: number[]) {
    this.controller?.enqueue(Uint8Array.from(bytes));
  }

  /** Runs every complete command waiting in the input. */
  private serve(): void {
    for (;;) {
      const waiting = this.input.take(this.input.length);
      const need = waiting.length === 0 ? Infinity : 1 + (ARGS[waiting[0]!] ?? 0) + blockData(waiting);
      if (waiting.length < need) {
        this.input.push(waiting);
        return;
      }
      this.input.push(waiting.subarray(need));
      this.command(waiting.subarray(0, need));
      if (!this.connected) return;
    }
  }

  private command(bytes: Uint8Array): void {
    const [cmd, a = 0, b = 0, type = 0] = bytes;
    const signature = this.target.signature ?? [0, 0, 0];
    if (cmd === c('S')) this.reply(...[...'CATERIN'].map(c));
    else if (cmd === c('V')) this.reply(c('1'), c('0'));
    else if (cmd === c('p')) this.reply(c('S'));
    else if (cmd === c('a')) this.reply(c('Y'));
    else if (cmd === c('b')) this.reply(c('Y'), 0x00, 0x80);
    else if (cmd === c('t')) this.reply(0x44, 0x00);
    else if (cmd === c('s')) this.reply(signature[2], signature[1], signature[0]);
    else if (cmd === c('A')) {
      this.address = ((a << 8) | b) << 1;
      this.reply(CR);
    } else if (cmd === c('T') || cmd === c('P') || cmd === c('L')) this.reply(CR);
    else if (cmd === c('e')) {
      this.flash.erase(0, this.target.bootloaderRange?.start ?? this.flash.end);
      this.reply(CR);
    } else if (cmd === c('E')) {
      this.reply(CR);
      this.leave();
    } else if (cmd === c('g')) this.read((a << 8) | b, type);
    else if (cmd === c('B')) this.write(bytes.subarray(4), type);
    else if (cmd !== 27) this.reply(c('?'));
  }

  private read(size: number, type: number): void {
    if (type === c('F')) {
      this.reply(...(this.flash.read(this.address, size) ?? new Uint8Array(size).fill(0xff)));
      this.address += size;
    } else if (type === c('E')) {
      const start = this.address >> 1;
      this.reply(...this.eeprom.subarray(start, start + size));
      this.address += size * 2;
    } else this.reply(c('?'));
  }

  private write(data: Uint8Array, type: number): void {
    const fault = this.faults.next();
    if (fault === 'disconnect') {
      this.connected = false;
      this.controller?.error(new DOMException('The device has been lost.', 'NetworkError'));
      this.onLost?.();
      return;
    }
    if (fault === 'stall' || (type !== c('F') && type !== c('E'))) return this.reply(c('?'));
    if (type === c('F')) {
      // Caterina erases the page at its counter, fills it, then writes it.
      this.flash.erase(this.address, data.length);
      this.flash.program(this.address, data, this.faults.corrupt(this.address, data.length));
      this.address += data.length;
    } else
      for (const byte of data) {
        this.eeprom[this.address >> 1] = byte;
        this.address += 2;
      }
    this.reply(CR);
  }

  private leave(): void {
    this.connected = false;
    this.started++;
    this.controller?.close();
    this.onLeave?.();
  }
}

/** The data bytes a `B` command carries (0 for other commands, or while its size is not in yet). */
function blockData(bytes: Uint8Array): number {
  return bytes[0] === c('B') && bytes.length >= 3 ? (bytes[1]! << 8) | bytes[2]! : 0;
}
