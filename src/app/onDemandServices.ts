import type { BulkTransferDeps, BulkTransfers } from '../services/bulkTransfers.ts';
import type { SerialProvider } from '../transport/serialProvider.ts';
import type { FirmwareFlowDeps, FirmwareFlowRunner } from '../state/firmwareFlow.ts';
import type { LazyStore } from '../state/lazyStore.ts';
import type { TransferState } from '../state/transferStore.ts';
import type { FirmwareFlowState } from '../state/firmwareFlowStore.ts';

/** Dependencies whose transfer (and flow) stores are created when the service first runs. */
type WithLazyStores<D> = Omit<D, 'transfers' | 'flows'> & {
  transfers: LazyStore<TransferState>;
} & ('flows' extends keyof D ? { flows: LazyStore<FirmwareFlowState> } : unknown);

/**
 * The bulk-transfer service (transfer links, the tab protocol, firmware frames), whose code loads with the first
 * transfer a pane starts: the first screen never sends one (docs/performance.md). One service per page, made on
 * first use, so its per-keyboard serial links and its one-transfer-per-kind rule are the service's own.
 */
export class OnDemandBulkTransfers {
  private loaded: Promise<BulkTransfers> | null = null;

  constructor(
    private readonly deps: Omit<WithLazyStores<BulkTransferDeps>, 'serial'> & {
      /** Made with the service: the serial provider's code is not needed before the first transfer either. */
      serial(): Promise<SerialProvider>;
    },
  ) {}

  private service(): Promise<BulkTransfers> {
    this.loaded ??= Promise.all([
      import('../services/bulkTransfers.ts'),
      this.deps.transfers.load(),
      this.deps.serial(),
    ]).then(([m, transfers, serial]) => new m.BulkTransfers({ ...this.deps, transfers, serial }));
    return this.loaded;
  }

  async saveMatrix(
    ...args: Parameters<BulkTransfers['saveMatrix']>
  ): ReturnType<BulkTransfers['saveMatrix']> {
    return (await this.service()).saveMatrix(...args);
  }

  async sendScreenFile(
    ...args: Parameters<BulkTransfers['sendScreenFile']>
  ): ReturnType<BulkTransfers['sendScreenFile']> {
    return (await this.service()).sendScreenFile(...args);
  }

  async flashBoot(...args: Parameters<BulkTransfers['flashBoot']>): ReturnType<BulkTransfers['flashBoot']> {
    return (await this.service()).flashBoot(...args);
  }

  async flashFirmware(
    ...args: Parameters<BulkTransfers['flashFirmware']>
  ): ReturnType<BulkTransfers['flashFirmware']> {
    return (await this.service()).flashFirmware(...args);
  }

  /** Drops a keyboard's cached serial link; before any transfer there is none to drop. */
  async forget(device: object): Promise<void> {
    if (this.loaded) await (await this.loaded).forget(device);
  }
}

/**
 * The firmware-update flow (downloads, checksums, .uf2 reading), whose code loads when the Firmware pane first
 * checks or flashes. Its flows live in the firmware-flow store, created then if the pane has not yet.
 */
export class OnDemandFirmwareFlow {
  private runner: FirmwareFlowRunner | null = null;
  private loaded: Promise<FirmwareFlowRunner> | null = null;

  constructor(private readonly deps: WithLazyStores<FirmwareFlowDeps>) {}

  private flow(): Promise<FirmwareFlowRunner> {
    this.loaded ??= Promise.all([
      import('../state/firmwareFlow.ts'),
      this.deps.transfers.load(),
      this.deps.flows.load(),
    ]).then(
      ([m, transfers, flows]) => (this.runner = new m.FirmwareFlowRunner({ ...this.deps, transfers, flows })),
    );
    return this.loaded;
  }

  /**
   * A keyboard was selected. Before the flow's code has loaded no update has run, so no outcome is stored that
   * could need clearing.
   */
  onSelected(path: string): void {
    this.runner?.onSelected(path);
  }

  async check(...args: Parameters<FirmwareFlowRunner['check']>): ReturnType<FirmwareFlowRunner['check']> {
    return (await this.flow()).check(...args);
  }

  async run(...args: Parameters<FirmwareFlowRunner['run']>): ReturnType<FirmwareFlowRunner['run']> {
    return (await this.flow()).run(...args);
  }

  async flashLocal(
    ...args: Parameters<FirmwareFlowRunner['flashLocal']>
  ): ReturnType<FirmwareFlowRunner['flashLocal']> {
    return (await this.flow()).flashLocal(...args);
  }
}
