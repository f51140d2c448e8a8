import { REPORT_LENGTH, VIA_USAGE, VIA_USAGE_PAGE } from '../protocol/commands.ts';
import { FaultInjector, type Fault } from './faults.ts';
import type { VirtualFirmware } from './VirtualFirmware.ts';
import { defaultScheduler, type Scheduler } from './scheduler.ts';
import type { VirtualSerialPort } from './VirtualSerialPort.ts';

export type { Scheduler } from './scheduler.ts';

/**
 * A virtual keyboard with WebHID's `HIDDevice` surface: open/close, sendReport, 'inputreport' events with a
 * 32-byte DataView, collections advertising the VIA raw-HID usage. Replies arrive asynchronously, as from USB:
 * at once (the next task) unless latency is configured; see `scheduler.ts`. A request for one of the board's
 * vendor extensions waits for their code to load the first time (VirtualFirmware.loadExtensions); requests sent
 * after it wait behind it, so the board still answers strictly in order, as real firmware does.
 */
export class VirtualHidDevice extends EventTarget {
  readonly faults = new FaultInjector();
  readonly collections = [
    {
      usagePage: VIA_USAGE_PAGE,
      usage: VIA_USAGE,
      type: 1,
      children: [],
      inputReports: [],
      outputReports: [],
      featureReports: [],
    },
  ];
  opened = false;
  connected = true;
  /**
   * Paces the link like a USB full-speed interrupt endpoint (benches): one report each way per `reportMs`,
   * sendReport resolving when the report is out, replies queued behind each other. Off by default: the
   * virtual keyboard then answers at the speed of its model.
   */
  pacing: { now(): number; reportMs: number } | null = null;
  private outFree = 0;
  private inFree = 0;
  /** Requests waiting for the extensions' code, oldest first (null when none wait: requests are answered now). */
  private backlog: Promise<void> | null = null;
  private port: Promise<VirtualSerialPort> | null = null;
  private openedPort: VirtualSerialPort | null = null;
  oninputreport: ((event: Event) => void) | null = null;
  /** Called when the device unplugs itself (fault or bootloader jump), so the hid stand-in can announce it. */
  onUnplug: (() => void) | null = null;

  constructor(
    readonly firmware: VirtualFirmware,
    readonly id: string,
    readonly schedule: Scheduler = defaultScheduler,
  ) {
    super();
    // Keychron's state notify (OS switch, report-rate combination, factory reset) reaches the host unasked.
    if (firmware.keychron)
      firmware.keychron.onReport = (report) => this.schedule(() => this.deliver(report), 0);
  }

  /**
   * The same board's USB serial interface (bulk transfers of the vendor line), the same port every time. Its
   * code and the firmware's extensions load the first time the app asks for it.
   */
  serialPort(): Promise<VirtualSerialPort> {
    this.port ??= Promise.all([import('./VirtualSerialPort.ts'), this.firmware.loadExtensions()]).then(
      ([{ VirtualSerialPort }]) => (this.openedPort = new VirtualSerialPort(this)),
      (error: unknown) => {
        this.port = null;
        throw error;
      },
    );
    return this.port;
  }

  handleSerialFrame(frame: Uint8Array): Uint8Array | null {
    return this.firmware.handleSerialFrame(frame);
  }

  get vendorId(): number {
    return this.firmware.config.vendorId;
  }

  get productId(): number {
    return this.firmware.config.productId;
  }

  get productName(): string {
    return this.firmware.config.name;
  }

  /** Loads `faults`' `inject` and `clear` (faultInjection.ts): automation awaits it before injecting. */
  loadFaultInjection(): Promise<unknown> {
    return import('./faultInjection.ts');
  }

  async open(): Promise<void> {
    if (!this.connected || this.faults.refuseOpen)
      throw new DOMException('Failed to open the device.', 'NotAllowedError');
    this.opened = true;
  }

  async close(): Promise<void> {
    this.opened = false;
  }

  async forget(): Promise<void> {
    this.opened = false;
  }

  async sendReport(reportId: number, data: BufferSource): Promise<void> {
    if (!this.connected || !this.opened)
      throw new DOMException('Failed to write the report.', 'NotAllowedError');
    if (reportId !== 0) throw new DOMException('Invalid report id.', 'NotAllowedError');
    const view = ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);
    const request = new Uint8Array(REPORT_LENGTH);
    request.set(view.subarray(0, REPORT_LENGTH));
    const fault = this.faults.take(request[0]!);
    if (fault?.kind === 'unplug') {
      this.unplug();
      return;
    }
    const previous = this.backlog;
    if (!previous && !this.firmware.extensionsFor(request)) return this.answer(request, fault);
    // Answered once the code is here, after every request sent before it. A load that fails drops the request
    // (no reply, as from a board that missed it); a later request tries the load again.
    const answered = (previous ?? Promise.resolve())
      .then(() => this.firmware.extensionsFor(request))
      .then(() => this.answer(request, fault))
      .catch(() => undefined);
    const backlog = answered.then(() => undefined);
    this.backlog = backlog;
    void backlog.then(() => {
      if (this.backlog === backlog) this.backlog = null;
    });
    if (this.pacing) await answered;
  }

  /** Runs the request through the firmware and schedules its reply (after the fault taken for it at send time). */
  private answer(request: Uint8Array, fault: Fault | null): Promise<void> | undefined {
    const reply = this.firmware.handleReport(request);
    if (this.firmware.jumpedToBootloader) {
      // Old firmware replied, then re-enumerated as a bootloader about 100 ms later.
      this.schedule(() => this.unplug(), 100);
    }
    const delay = this.faults.latencyMs + (fault?.kind === 'delay' ? fault.ms : 0);
    const answered = reply !== null && fault?.kind !== 'drop';
    const bytes = answered && fault ? this.faults.alter(fault, reply) : reply;
    if (this.pacing) {
      const { now, reportMs } = this.pacing;
      const start = now();
      this.outFree = Math.max(start, this.outFree) + reportMs;
      const sent = this.outFree;
      if (answered) {
        this.inFree = Math.max(sent + delay, this.inFree) + reportMs;
        this.schedule(() => this.deliver(bytes!), this.inFree - start);
      }
      return new Promise<void>((resolve) => this.schedule(resolve, sent - start));
    }
    if (answered) this.schedule(() => this.deliver(bytes!), delay);
    return undefined;
  }

  private deliver(bytes: Uint8Array): void {
    if (!this.connected || !this.opened) return;
    const event = Object.assign(new Event('inputreport'), {
      device: this,
      reportId: 0,
      data: new DataView(bytes.slice().buffer),
    });
    this.dispatchEvent(event);
    this.oninputreport?.(event);
  }

  /** Pulls the cable: pending replies are lost and later writes fail. */
  unplug(): void {
    if (!this.connected) return;
    this.connected = false;
    this.opened = false;
    this.openedPort?.lost();
    this.onUnplug?.();
  }
}
