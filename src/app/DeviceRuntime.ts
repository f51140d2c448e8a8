import type { StoreApi } from 'zustand/vanilla';
import type { DefinitionVersion, ServedDefinition } from '../definitions/compile.ts';
import { realTimers } from '../lib/timers.ts';
import type { LogEntry } from '../protocol/viaClient.ts';
import { DefinitionsRepository, type FetchLike } from '../services/definitionsRepository.ts';
import { createDeviceStore, type DeviceState } from '../state/deviceStore.ts';
import type { ErrorState } from '../state/errorStore.ts';
import type { KeyValueStorage } from '../state/storage.ts';
import { eepromStorage, readPlugged, writePlugged } from '../state/virtualKeyboards.ts';
import { HidProvider } from '../transport/hidProvider.ts';
import type { VirtualHidDevice } from '../virtual-keyboard/index.ts';
import { DEFAULT_DEMO_ID, VirtualHid } from '../virtual-keyboard/index.ts';
import type { TransferState } from '../state/transferStore.ts';
import type { MatrixState } from '../state/matrixStore.ts';
import type { DesignState } from '../state/designStore.ts';
import type { DebugState } from '../state/debugStore.ts';
import type { ZmkKeyboardsState } from '../state/zmkKeyboards.ts';
import type { FirmwareOptionsState } from '../state/firmwareOptions.ts';
import type { FirmwareFlowState } from '../state/firmwareFlowStore.ts';
import type { VialFeaturesState } from '../state/vialFeaturesStore.ts';
import type { QmkFlashState } from '../state/qmkFlashState.ts';
import { LazyStore } from '../state/lazyStore.ts';
import { DRAFTS_KEY } from '../state/designDraftsKey.ts';
import type { StoredDefinitions } from '../services/storedDefinitions.ts';
import { browserStoredDefinitions } from '../state/browserStoredDefinitions.ts';
import type { ImportResult } from '../services/definitionImport.ts';
import type { SaveResult } from '../services/storedDefinitions.ts';
import type { BuildOptions } from '../definitions/buildOptions.ts';
import { checkUnfinishedWrites, type KeptWriteFaults } from '../state/unfinishedWriteCheck.ts';
import { OnDemandBulkTransfers, OnDemandFirmwareFlow } from './onDemandServices.ts';
import type * as RuntimeActions from './runtimeActions.ts';
import type { RuntimeParts } from './runtimeActions.ts';
import type { VialUnlockState } from '../state/vialUnlockStore.ts';
import { DEVICE_FAMILIES } from '../families/deviceFamilies.ts';

const LOG_LIMIT = 1000;

/**
 * Wires the device layer for the browser: WebHID plus the virtual keyboards, the definitions repository,
 * the device store, the command log and the window-message API for it. One instance per page.
 */
export class DeviceRuntime {
  readonly virtualHid: VirtualHid;
  /**
   * Set by `start` when it plugs a ZMK keyboard to show (`?virtual=zmk-…`): settles once it is shown or has
   * failed. Until then the shell shows the device search rather than the Welcome card, which a ZMK demo's
   * start would otherwise flash, fetching its code and strings on the way to the ZMK screen (issue 43).
   */
  zmkShowing: Promise<void> | null = null;
  readonly provider: HidProvider;
  readonly definitions: DefinitionsRepository;
  /** Definitions the user loaded for keyboards Keyloom had none for (IndexedDB). */
  readonly storedDefinitions: StoredDefinitions;
  readonly store: StoreApi<DeviceState>;
  readonly commandLog: LogEntry[] = [];
  // The stores below serve only some keyboards or screens: each is created (and its module loaded) when first
  // needed (state/lazyStore.ts); until then there is nothing in them to read or reset.
  /** Progress of bulk transfers (matrix lighting, screen, firmware) and the service that runs them. */
  readonly transfers = new LazyStore<TransferState>(() =>
    import('../state/transferStore.ts').then((m) => m.createTransferStore()),
  );
  readonly bulk: OnDemandBulkTransfers;
  /** The matrix-lighting editor's frames survive switching panes, like a document left open. */
  readonly matrix = new LazyStore<MatrixState>(() =>
    import('../state/matrixStore.ts').then((m) => m.createMatrixStore()),
  );
  /** Draft definitions on the Design tab (kept in local storage). */
  readonly design = new LazyStore<DesignState>(() =>
    import('../state/designStore.ts').then((m) => m.createDesignStore(this.storage, this.reportBadValue)),
  );
  /** Set by a `?firmware=vvvv:pppp` link: the firmware modal shows for that keyboard. */
  readonly firmwareOptions = new LazyStore<FirmwareOptionsState>(() =>
    import('../state/firmwareOptions.ts').then((m) => m.createFirmwareOptionsStore()),
  );
  /** Firmware updates by keyboard ids: they span the restarts the keyboard makes after each file. */
  readonly firmwareFlows = new LazyStore<FirmwareFlowState>(() =>
    import('../state/firmwareFlowStore.ts').then((m) => m.createFirmwareFlowStore()),
  );
  readonly firmwareFlow: OnDemandFirmwareFlow;
  /** QMK flashing (issue 29): the flash dialog's flow, created when a Firmware pane first asks (qmkFlashing.ts). */
  readonly qmkFlash = new LazyStore<QmkFlashState>(() =>
    import('./qmkFlashing.ts').then((m) => m.createQmkFlash(this)),
  );
  /** ZMK keyboards (Web Serial, Web Bluetooth, virtual), created with the first one (app/zmkConnections.ts). */
  readonly zmk = new LazyStore<ZmkKeyboardsState>(() =>
    import('./zmkStart.ts')
      .then((m) => m.loadZmkConnections())
      .then((m) => m.createBrowserZmkKeyboards(this.storage, this.reportBadValue)),
  );
  /** The Debug pane's dummy layout and tested keys. */
  readonly debug = new LazyStore<DebugState>(() =>
    import('../state/debugStore.ts').then((m) => m.createDebugStore()),
  );
  /**
   * Macro saves and layout loads that stopped part-way (what the keyboard holds, and the way back), kept in
   * storage for when the keyboard is back after an unplug or a reload; created with the first write that may
   * fail (the Macros and Save + Load panes) or a keyboard that left one unfinished.
   */
  readonly writeFaults: KeptWriteFaults = new LazyStore(() =>
    import('../state/unfinishedWrites.ts').then((m) =>
      m.createKeptWriteFaults(this.storage, this.reportBadValue),
    ),
  );
  private vialUnlockStore: Promise<StoreApi<VialUnlockState>> | null = null;

  /**
   * The selected Vial keyboard's security lock and the unlock dialog (state/vialUnlockStore.ts), loaded and
   * created the first time a Vial keyboard needs it; the same promise every time (React's `use` can wait on it).
   */
  vialUnlock(): Promise<StoreApi<VialUnlockState>> {
    this.vialUnlockStore ??= import('../state/vialUnlockStore.ts').then((m) =>
      m.createVialUnlockStore({ devices: this.store, timers: realTimers }),
    );
    return this.vialUnlockStore;
  }
  /** Keyboards whose layout backup was taken in this session: only the first load of a session replaces it. */
  readonly backedUp = new Set<number>();
  /**
   * The selected Vial keyboard's tap dance, combos, key overrides and QMK settings (read once it loads), created
   * with the first Vial keyboard; it then follows the selection.
   */
  readonly vialFeatures: LazyStore<VialFeaturesState>;
  private readonly eeprom;
  /** Logs a stored value that failed its schema (it was dropped). */
  readonly reportBadValue: (message: string) => void;
  private readonly plugged = new Map<VirtualHidDevice, string>();

  constructor(
    private readonly storage: KeyValueStorage,
    errors: StoreApi<ErrorState>,
    baseUrl: string,
    /** The browser's fetch unless given (benches and tests serve files from memory). */
    /** The app passes fetches whose network failures its connectivity store hears of. */
    options: { fetch?: FetchLike; download?: typeof fetch } = {},
  ) {
    // Stored values that fail their schema are dropped and listed on the Errors page; start-up goes on.
    this.reportBadValue = (message) => errors.getState().logAppError({ message });
    this.storedDefinitions = browserStoredDefinitions(storage, this.reportBadValue);
    this.vialFeatures = new LazyStore(() =>
      import('../state/vialFeaturesStore.ts').then((m) =>
        m.createFollowingVialFeatures(this.store, {
          logError: (message) => errors.getState().logAppError({ message }),
          ensureUnlocked: async () => (await this.vialUnlock()).getState().ensureUnlocked('bootKey'),
        }),
      ),
    );
    // Stored drafts are checked at start-up as every stored value is (damage is reported at once); without any,
    // the design store waits for the Design tab.
    if (storage.getItem(DRAFTS_KEY) !== null) void this.design.load();
    this.eeprom = eepromStorage(storage, this.reportBadValue);
    this.virtualHid = new VirtualHid({ storage: this.eeprom });
    this.provider = new HidProvider(HidProvider.browserHid(), this.virtualHid);
    const logError = (message: string, deviceInfo?: Parameters<ErrorState['logAppError']>[0]['deviceInfo']) =>
      errors.getState().logAppError({ message, ...(deviceInfo ? { deviceInfo } : {}) });
    const fetchLike: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
    this.definitions = new DefinitionsRepository({
      fetch: fetchLike,
      storage,
      baseUrl,
      logError,
      stored: this.storedDefinitions,
    });
    this.store = createDeviceStore({
      provider: this.provider,
      families: DEVICE_FAMILIES,
      definitions: this.definitions,
      timers: realTimers,
      logError,
      logApiError: (r) =>
        logError(
          `${r.message}: ${r.commandName} [${r.commandBytes.slice(0, 8).join(' ')}…] → [${r.responseBytes.slice(0, 8).join(' ')}…]`,
          r.device,
        ),
      // A newly selected keyboard starts with fresh transfer states (extended.md §4). A firmware update's
      // outcome lives in its flow (firmwareFlows), which outlasts the restart the update causes.
      onSelect: (path) => {
        this.writeFaults.current?.getState().clear();
        const transfers = this.transfers.current?.getState();
        transfers?.reset('matrix');
        transfers?.reset('screen');
        if (transfers && transfers.transfers.firmware.state !== 'saving') transfers.reset('firmware');
        this.firmwareFlow.onSelected(path);
      },
      onLog: (entry) => {
        this.commandLog.push(entry);
        if (this.commandLog.length > LOG_LIMIT) this.commandLog.splice(0, this.commandLog.length - LOG_LIMIT);
      },
    });
    checkUnfinishedWrites(this.store, this.writeFaults, storage, this.reportBadValue);
    this.bulk = new OnDemandBulkTransfers({
      devices: this.store,
      transfers: this.transfers,
      serial: () => import('./appSerial.ts').then((m) => m.appSerial(this.virtualHid)),
      timers: realTimers,
      logError: (message) => logError(message),
    });
    this.firmwareFlow = new OnDemandFirmwareFlow({
      devices: this.store,
      flows: this.firmwareFlows,
      transfers: this.transfers,
      flash: (image) => this.bulk.flashFirmware(image),
      fetch: options.download ?? ((url, init) => fetch(url, init)),
      baseUrl,
    });
    // The first keyboard with Vial's features creates their store, which from then on follows the selection.
    const unsubscribe = this.store.subscribe((now) => {
      if (!now.capabilities?.vialFeatures) return;
      unsubscribe();
      this.vialFeatures.load().catch((error: unknown) => logError(String(error)));
    });
    // A virtual board that restarted after a firmware update is the same remembered keyboard.
    this.virtualHid.addEventListener('restart', (event) => {
      const { device, previous } = event as Event & { device: VirtualHidDevice; previous: VirtualHidDevice };
      const id = this.plugged.get(previous);
      if (id) this.plugged.set(device, id);
      void this.bulk.forget(previous);
    });
  }

  /** Plugs a demo keyboard in (definition fetched like any other) and selects it. */
  async plugDemo(id: string): Promise<void> {
    await this.selectNewest(this.plug(await this.demoConfig(id), id));
  }

  /** The family whose demo keyboard `id` is, if any. */
  private demoFamily(id: string) {
    return DEVICE_FAMILIES.find((family) => family.demos?.ids.includes(id));
  }

  /** The firmware model of demo keyboard `id`, as its family builds it. */
  private async demoConfig(id: string): Promise<Parameters<VirtualHid['plugIn']>[0]> {
    const demos = this.demoFamily(id)?.demos;
    if (!demos) throw new Error(`Unknown virtual keyboard '${id}'`);
    return demos.config(id, { definitions: this.definitions });
  }

  /** Plugs in a virtual keyboard built from `config` and selects it (benches, tools). */
  async plugVirtual(config: Parameters<VirtualHid['plugIn']>[0], id: string): Promise<void> {
    await this.selectNewest(this.plug(config, id));
  }

  /** The actions no first screen needs, loaded with the first one (runtimeActions.ts). */
  private actions(): Promise<{ parts: RuntimeParts; m: typeof RuntimeActions }> {
    return import('./runtimeActions.ts').then((m) => ({
      m,
      parts: {
        store: this.store,
        provider: this.provider,
        definitions: this.definitions,
        virtualHid: this.virtualHid,
        storage: this.storage,
        eeprom: this.eeprom,
        plugged: this.plugged,
        reportBadValue: this.reportBadValue,
        plug: (config, id) => this.plug(config, id),
        selectNewest: (device) => this.selectNewest(device),
      },
    }));
  }

  /** Reads a definition file (source or VIA form, v2 or v3) for building a virtual keyboard from it. */
  async readDefinitionFile(
    text: string,
  ): Promise<{ version: DefinitionVersion; definition: ServedDefinition }> {
    // The definition compiler (and its schema validators) loads only when someone brings a file, in a worker.
    const { definitionChecks } = await import('../services/definitionChecks.ts');
    const result = await definitionChecks().readFile(text);
    if (!result.ok) throw new Error(result.message);
    return result.value;
  }

  /** Plugs in a virtual keyboard built from a definition with the firmware choices the user made. */
  async plugDefinition(
    definition: ServedDefinition,
    version: DefinitionVersion,
    options?: BuildOptions,
  ): Promise<void> {
    const { m, parts } = await this.actions();
    return m.plugDefinition(parts, definition, version, options);
  }

  /** Checks a definition file for the connected keyboard at `path`; when accepted, remembers it and loads the keyboard. */
  async loadDefinitionFor(path: string, text: string): Promise<ImportResult> {
    const { m, parts } = await this.actions();
    return m.loadDefinitionFor(parts, path, text);
  }

  /** For the `unknown` virtual keyboard only: the definition a user would bring for it (runtimeActions.ts). */
  async definitionToTry(path: string): Promise<string | null> {
    const { m, parts } = await this.actions();
    return m.definitionToTry(parts, path);
  }

  /** Forgets a definition the user loaded; a connected keyboard that used it shows 'no definition' again. */
  async forgetDefinition(vendorProductId: number, version: DefinitionVersion): Promise<SaveResult> {
    const { m, parts } = await this.actions();
    return m.forgetDefinition(parts, vendorProductId, version);
  }

  /** Unplugs the virtual keyboard at `path` and forgets it for the next reload. */
  async unplug(path: string): Promise<void> {
    const { m, parts } = await this.actions();
    return m.unplug(parts, path);
  }

  /** Factory-resets the virtual keyboard at `path` and reloads it. */
  async resetVirtual(path: string): Promise<void> {
    const { m, parts } = await this.actions();
    return m.resetVirtual(parts, path);
  }

  /** Presses (or releases) the selected virtual keyboard's switches that carry this key (the Key Tester). */
  async pressVirtualKey(code: string, down: boolean): Promise<void> {
    const path = this.store.getState().selectedPath;
    const { m, parts } = await this.actions();
    return m.pressVirtualKey(parts, path, code, down);
  }

  private plug(config: Parameters<VirtualHid['plugIn']>[0], id: string): VirtualHidDevice {
    const device = this.virtualHid.plugIn(config, id);
    this.plugged.set(device, id);
    // Demo keyboards come back after a reload; keyboards from a file need the file again.
    if (!id.startsWith('definition:'))
      writePlugged(this.storage, [...(readPlugged(this.storage, this.reportBadValue) ?? []), id]);
    return device;
  }

  /**
   * Selects the virtual keyboard just plugged in and resolves once it is loaded. The refresh that recognises it
   * also selects it, so it is read once — never first another keyboard, nor the same one twice.
   */
  private async selectNewest(device: VirtualHidDevice): Promise<void> {
    // Its path is known without a device list of its own: the refresh lists devices once (each list is a
    // round trip to the browser).
    const path = this.provider.virtualPath(device);
    await this.store.getState().refresh({ prefer: path });
    if (this.store.getState().selectedPath === path) await this.loadSettled();
  }

  /** Resolves when the selected keyboard's load has finished (loaded, or given up). */
  private loadSettled(): Promise<void> {
    const settled = (s: DeviceState) => s.phase !== 'loading' && s.phase !== 'searching';
    if (settled(this.store.getState())) return Promise.resolve();
    return new Promise((resolve) => {
      const unsubscribe = this.store.subscribe((s) => {
        if (!settled(s)) return;
        unsubscribe();
        resolve();
      });
    });
  }

  isVirtual(path: string | null): boolean {
    return !!path && this.store.getState().devices.some((d) => d.path === path && d.virtual);
  }

  /**
   * Start-up: re-plug remembered virtual keyboards; on a fresh machine with no real keyboard, plug the default
   * demo unless `?virtual=<id>` asks for another, which is plugged (alone, on a fresh machine) and selected. Then
   * list devices.
   */
  async start(search: string): Promise<void> {
    // Every keyboard is looked up in the index: its fetch starts now, beside the demo definitions' (shared).
    void this.definitions.loadIndex().catch(() => undefined);
    // Only a `?firmware=` link creates the firmware options (and so shows the firmware modal).
    if (search.includes('firmware='))
      void import('../state/firmwareOptions.ts').then(async (m) =>
        (await this.firmwareOptions.load()).getState().set(m.parseFirmwareOptions(search)),
      );
    const requested = new URLSearchParams(search).get('virtual');
    const stored = readPlugged(this.storage, this.reportBadValue);
    // The ZMK family's demos (ids 'zmk-…') are plugged by its own module, loaded only for them (families/zmkFamily.ts
    // knows which ids it has); a requested one is shown.
    const zmkIds = [...(stored ?? []), requested ?? ''].filter((id) => id.startsWith('zmk-'));
    const zmkWanted = zmkIds.at(-1) === requested;
    const zmk = zmkIds.length > 0 ? this.startZmk(zmkIds, zmkWanted) : null;
    if (zmk && zmkWanted) this.zmkShowing = zmk.catch(() => undefined);
    const remembered = stored && stored.filter((id) => !id.startsWith('zmk-'));
    // A fresh machine gets the default demo unless a real keyboard is there. The browser's first device list
    // takes about 100 ms, so the demo's definition is fetched meanwhile (one fetch, used if the demo is plugged).
    // A requested demo comes alone: the default one would connect too and show behind it (issue 38).
    const wanted = requested && this.demoFamily(requested) ? requested : null;
    const fresh = remembered === null && !zmkWanted && !wanted;
    // The boards to plug whatever the device list says (remembered ones, the requested one) and the default demo
    // of a fresh machine are built meanwhile too: a requested Vial demo waited for the list before its code was
    // even fetched (issue 43).
    const early = new Map<string, ReturnType<DeviceRuntime['demoConfig']>>();
    for (const id of [...(remembered ?? (fresh ? [DEFAULT_DEMO_ID] : [])), ...(wanted ? [wanted] : [])]) {
      const config = this.demoConfig(id);
      config.catch(() => undefined /* reported below, when the board is plugged */);
      early.set(id, config);
    }
    const realDevices = (await this.provider.devices()).filter((d) => !d.virtual);
    const toPlug = new Set(remembered ?? (realDevices.length === 0 && fresh ? [DEFAULT_DEMO_ID] : []));
    if (wanted) toPlug.delete(wanted);
    // A keyboard is about to load: its vendor configs are fetched now, beside its definition.
    if (toPlug.size > 0 || wanted || realDevices.length > 0) this.definitions.prefetchVendorConfigs();
    // Definitions are fetched side by side; the boards are plugged in order, and only the last one is loaded
    // (the others load when chosen). A remembered board that fails is left out; the requested one must work.
    const ids = [...toPlug, ...(wanted ? [wanted] : [])];
    const configs = await Promise.allSettled(ids.map((id) => early.get(id) ?? this.demoConfig(id)));
    let last: VirtualHidDevice | null = null;
    for (const [i, result] of configs.entries())
      if (result.status === 'fulfilled') last = this.plug(result.value, ids[i]!);
    if (last) await this.selectNewest(last);
    else await this.store.getState().refresh();
    // Definitions stored before the browser's store had its mark (or with the mark lost) are looked for once the
    // first keyboard is read; found, every keyboard is looked at again with them.
    void this.storedDefinitions
      .checkMark()
      .then((found) => (found ? this.store.getState().definitionsChanged() : undefined))
      .catch(() => undefined);
    const failed = configs.at(-1);
    await zmk;
    if (wanted && failed?.status === 'rejected') throw failed.reason;
  }

  /** Plugs virtual ZMK keyboards in (their module loads now); the last is shown when it was asked for. */
  private async startZmk(ids: string[], show: boolean): Promise<void> {
    await (await this.zmk.load()).getState().plugDemos(ids, show);
  }

  /**
   * Answers `{type: 'keyloom:command-log:request', limit?}` window messages with
   * `{type: 'keyloom:command-log', entries}` (docs/protocol.md), only for windows of this page's own origin
   * (or one named in `allowedOrigins`), and only to that origin: the log holds macro bytes, which can be
   * typed text such as passwords. Requests from other origins get no reply at all. The answering code
   * (`commandLogRequests.ts`) loads with the first request: no first screen sends one (issue 43).
   */
  listenForLogRequests(target: Window, allowedOrigins: readonly string[] = []): void {
    target.addEventListener('message', (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type !== 'keyloom:command-log:request') return;
      void import('./commandLogRequests.ts').then((m) =>
        m.answerLogRequest(event, target.location.origin, allowedOrigins, this.commandLog),
      );
    });
  }
}
