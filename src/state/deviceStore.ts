import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DeviceCapabilities } from '../families/deviceCapabilities.ts';
import {
  DeviceRefusal,
  type ConnectedDevice,
  type DeviceFamily,
  type DeviceProblem,
  type FamilySession,
} from '../families/deviceFamily.ts';
import { ViaConnection } from '../families/viaConnection.ts';
import type { Timers } from '../lib/timers.ts';
import type { ApiErrorReport, LogEntry } from '../protocol/viaClient.ts';
import type { ViaCommands } from '../protocol/viaCommands.ts';
import type { DefinitionsRepository, VendorConfig } from '../services/definitionsRepository.ts';
import type { KeyboardState } from '../services/keyboardLoader.ts';
import type { HidProvider, ProvidedDevice } from '../transport/hidProvider.ts';
import type { DeviceInfo } from './errorStore.ts';

export const LOAD_RETRIES = 8;
export const LOAD_RETRY_FIRST_WAIT_MS = 100;
export const RECHECK_DELAY_MS = 500;
export const MSG_RETRYING = 'Loading device failed - retrying';
export const MSG_ALL_RETRIES_FAILED = 'All retries failed for attempting connection with device';
export const MSG_MISSING_DEVICE = 'Missing hid device in cache';
/** Internal: thrown between requests of a load another selection replaced (never shown or logged). */
const MSG_LOAD_SUPERSEDED = 'Keyboard load superseded';

export interface DeviceState {
  /**
   * searching: listing devices; loading: reading the selected keyboard; ready; none: nothing connected;
   * noDefinition: the selected keyboard answers VIA but no definition is known for its ids and protocol.
   */
  phase: 'searching' | 'loading' | 'ready' | 'none' | 'noDefinition';
  devices: ConnectedDevice[];
  /** Devices that could not be used, with the reason; cleared for a device once it answers. */
  problems: DeviceProblem[];
  selectedPath: string | null;
  keyboard: KeyboardState | null;
  /** What the loaded keyboard offers, as its family says (set and cleared with `keyboard`). */
  capabilities: DeviceCapabilities | null;
  vendorConfig: VendorConfig | null;
  selectedLayer: number;
  /**
   * Lists devices again. A keyboard is selected (and loaded) when none is: `prefer` when it is among them
   * (a keyboard just plugged in), else the first one. `recheck` asks every device its protocol again (the
   * connection doctor's "Check again": a board may have been reflashed or stopped answering meanwhile).
   */
  refresh(options?: { prefer?: string; recheck?: boolean }): Promise<void>;
  select(path: string): Promise<void>;
  /** The browser's chooser; a keyboard granted there is selected. */
  authorizeNew(): Promise<void>;
  setLayer(layer: number): void;
  /**
   * The selected keyboard's session (what writes its keys, encoders and layers: `deviceWrites.ts`), or null when
   * none is selected or loaded.
   */
  session(): FamilySession | null;
  /**
   * The VIA commands of the selected keyboard, for services that write (layout load, macros, menus …); null
   * without one, or for a family that does not speak VIA.
   */
  commands(): ViaCommands | null;
  /** Replaces parts of the loaded keyboard after a service wrote them to the device. */
  patchKeyboard(patch: Partial<KeyboardState>): void;
  /** A definition was added or removed: look at every device again and reload the selected one. */
  definitionsChanged(): Promise<void>;
}

export interface DeviceStoreDeps {
  provider: HidProvider;
  /**
   * The device families, in the order they are asked about a device (families/deviceFamilies.ts): the first
   * that recognises a device owns it, loads it and writes to it.
   */
  families: readonly DeviceFamily<'hid'>[];
  definitions: DefinitionsRepository;
  timers: Timers;
  logError(message: string, device?: DeviceInfo): void;
  logApiError?(report: ApiErrorReport): void;
  onLog?(entry: LogEntry): void;
  /** Called when a device is selected, so feature state (transfers, matrix lighting, actuation) resets. */
  onSelect?(path: string): void;
}

const sleep = (timers: Timers, ms: number) => new Promise<void>((resolve) => timers.setTimeout(resolve, ms));

/**
 * Devices and the selected keyboard. Follows connect/disconnect (re-checking after 500 ms, once more after
 * that), has the families recognise each device, and loads the selected one through its family with up to 8
 * retries from 100 ms, doubling. Device-originated updates never enter undo history (that lives in the command
 * layer).
 */
export function createDeviceStore(deps: DeviceStoreDeps): StoreApi<DeviceState> {
  /** Per listed device: its VIA connection (one client per device, kept while it is connected). */
  const connections = new Map<string, ViaConnection>();
  /** Per recognised device: the family that owns it and the session it drives it through. */
  const owners = new Map<string, { family: DeviceFamily<'hid'>; session: FamilySession }>();
  let refreshing: Promise<void> | null = null;
  /** The path the next refresh should select, if it finds it (see `refresh`). */
  let preferred: string | undefined;
  let rerun: Promise<void> | null = null;
  let loadToken = 0;

  const info = (d: ConnectedDevice | ProvidedDevice['device'], protocol?: number): DeviceInfo => ({
    vendorId: d.vendorId,
    productId: d.productId,
    productName: d.productName,
    ...(protocol !== undefined ? { protocol } : 'protocol' in d ? { protocol: d.protocol } : {}),
  });

  const connectionFor = (provided: ProvidedDevice) => {
    let connection = connections.get(provided.path);
    if (!connection || connection.provided.device !== provided.device) {
      connection?.dispose();
      connection = new ViaConnection(provided, {
        timers: deps.timers,
        ...(deps.logApiError ? { onApiError: deps.logApiError } : {}),
        ...(deps.onLog ? { onLog: deps.onLog } : {}),
      });
      connections.set(provided.path, connection);
    }
    return connection;
  };

  const store = createStore<DeviceState>((set, get) => {
    async function recognise(provided: ProvidedDevice): Promise<ConnectedDevice | DeviceProblem | null> {
      const connection = connectionFor(provided);
      connection.startRecognition();
      const { vendorId, productId, productName } = provided.device;
      const source = { path: provided.path, productName, vendorId, productId, virtual: provided.virtual };
      for (const family of deps.families) {
        const found = await family.recognise(connection, { definitions: deps.definitions });
        if (!found) continue;
        if ('problem' in found) {
          owners.delete(provided.path);
          deps.logError(found.message, info(provided.device));
          return { ...source, problem: found.problem };
        }
        owners.set(provided.path, { family, session: found.session });
        return { ...source, ...found.facts, family: family.id };
      }
      owners.delete(provided.path);
      return null;
    }

    async function doRefresh(): Promise<void> {
      if (get().devices.length === 0) set({ phase: 'searching' });
      const provided = await deps.provider.devices();
      for (const path of [...connections.keys()]) {
        if (!provided.some((p) => p.path === path)) {
          connections.get(path)?.dispose();
          connections.delete(path);
          owners.delete(path);
        }
      }
      // Each device keeps its own protocol: results are matched by path, never by position in a filtered list.
      const results = (await Promise.all(provided.map((p) => recognise(p)))).filter((d) => d !== null);
      const recognised = results.filter((d): d is ConnectedDevice => !('problem' in d));
      const { selectedPath } = get();
      const prefer = preferred;
      preferred = undefined;
      set({ devices: recognised, problems: results.filter((d): d is DeviceProblem => 'problem' in d) });
      if (!recognised.some((d) => d.path === selectedPath)) loadToken++; // stop loading a device that left
      if (recognised.length === 0) {
        set({ selectedPath: null, keyboard: null, capabilities: null, vendorConfig: null, phase: 'none' });
      } else if (
        prefer !== undefined &&
        prefer !== selectedPath &&
        recognised.some((d) => d.path === prefer)
      ) {
        void get().select(prefer);
      } else if (!recognised.some((d) => d.path === selectedPath)) {
        // The load runs on its own: a slow or retrying keyboard must not hold up the device list.
        // A keyboard that can be configured is chosen before one that waits for its definition.
        void get().select((recognised.find((d) => d.hasDefinition) ?? recognised[0]!).path);
      } else if (get().phase === 'searching') {
        const selected = recognised.find((d) => d.path === selectedPath);
        set({
          phase: get().keyboard ? 'ready' : selected?.hasDefinition === false ? 'noDefinition' : 'loading',
        });
      }
    }

    async function loadSelected(device: ConnectedDevice, token: number): Promise<void> {
      const owner = owners.get(device.path);
      if (!owner) {
        deps.logError(MSG_MISSING_DEVICE, info(device));
        return;
      }
      // A load another selection has superseded stops before its next request, not after its last.
      const superseded = () => {
        if (token !== loadToken) throw new Error(MSG_LOAD_SUPERSEDED);
      };
      // The vendor configs are fetched while the keyboard loads (fresh for each load, extended.md §7).
      const configsRequest = deps.definitions.vendorConfigs();
      let wait = LOAD_RETRY_FIRST_WAIT_MS;
      for (let attempt = 0; attempt <= LOAD_RETRIES; attempt++) {
        try {
          const keyboard = await owner.session.load({
            device,
            superseded,
            // A superseded load's swallowed failures (menu values, layout options) are not the device's.
            warn: (message) => void (token === loadToken && deps.logError(message, info(device))),
          });
          if (token !== loadToken) return;
          const configs = await configsRequest;
          const vendorConfig =
            configs.find((c) => c.vendorId === device.vendorId && c.productId === device.productId) ?? null;
          set({
            keyboard,
            capabilities: owner.session.capabilities(keyboard),
            vendorConfig,
            phase: 'ready',
            selectedLayer: Math.min(get().selectedLayer, Math.max(keyboard.layerCount - 1, 0)),
          });
          return;
        } catch (error) {
          if (token !== loadToken) return;
          // A load that can never succeed (a broken Vial definition): say what is wrong instead of trying again.
          if (error instanceof DeviceRefusal) {
            deps.logError(error.message, info(device));
            failLoad(device, error.problem, error.message);
            return;
          }
          if (attempt === LOAD_RETRIES) break;
          deps.logError(MSG_RETRYING, info(device));
          await sleep(deps.timers, wait);
          wait *= 2;
          if (token !== loadToken) return;
        }
      }
      deps.logError(MSG_ALL_RETRIES_FAILED, info(device));
      failLoad(device, 'notAnswering');
    }

    function failLoad(device: ConnectedDevice, problem: DeviceProblem['problem'], detail?: string): void {
      const { path, productName, vendorId, productId, virtual } = device;
      set({
        devices: [],
        selectedPath: null,
        keyboard: null,
        capabilities: null,
        vendorConfig: null,
        phase: 'none',
        problems: [
          ...get().problems.filter((p) => p.path !== path),
          { path, productName, vendorId, productId, virtual, problem, ...(detail ? { detail } : {}) },
        ],
      });
    }

    return {
      phase: 'searching',
      devices: [],
      problems: [],
      selectedPath: null,
      keyboard: null,
      capabilities: null,
      vendorConfig: null,
      selectedLayer: 0,
      refresh(options = {}) {
        if (options.prefer !== undefined) preferred = options.prefer;
        if (options.recheck) for (const connection of connections.values()) connection.recheck();
        // A refresh asked for while one runs may have missed a change: run once more after it, never in parallel.
        if (refreshing) {
          rerun ??= refreshing.then(() => {
            rerun = null;
            return get().refresh();
          });
          return rerun;
        }
        refreshing = doRefresh().finally(() => (refreshing = null));
        return refreshing;
      },
      async select(path) {
        const device = get().devices.find((d) => d.path === path);
        if (!device) {
          deps.logError(MSG_MISSING_DEVICE);
          return;
        }
        const token = ++loadToken;
        const phase = device.hasDefinition ? 'loading' : 'noDefinition';
        set({
          selectedPath: path,
          keyboard: null,
          capabilities: null,
          vendorConfig: null,
          phase,
          selectedLayer: 0,
        });
        deps.onSelect?.(path);
        if (device.hasDefinition) await loadSelected(device, token);
      },
      async authorizeNew() {
        // The keyboard just chosen is the one the user wants to see (not the demo still selected).
        const [granted] = await deps.provider.authorizeNew();
        await get().refresh(granted === undefined ? {} : { prefer: granted });
      },
      setLayer(layer) {
        const count = get().keyboard?.layerCount ?? 0;
        if (layer >= 0 && layer < count) set({ selectedLayer: layer });
      },
      session() {
        const { keyboard, selectedPath } = get();
        return (keyboard && selectedPath && owners.get(selectedPath)?.session) || null;
      },
      commands() {
        const { selectedPath } = get();
        return (selectedPath && owners.get(selectedPath)?.session.commands) || null;
      },
      patchKeyboard(patch) {
        const keyboard = get().keyboard;
        if (keyboard) set({ keyboard: { ...keyboard, ...patch } });
      },
      async definitionsChanged() {
        const selected = () => get().devices.find((d) => d.path === get().selectedPath);
        const before = selected()?.hasDefinition;
        await get().refresh();
        // Only the selected keyboard whose definition came or went is loaded again.
        const after = selected();
        // A refresh in between (the re-checks after a connect) may already have seen the new definition:
        // a keyboard that has one now but is still waiting for it is loaded too.
        const waiting = after?.hasDefinition === true && get().phase === 'noDefinition';
        if (after && (after.hasDefinition !== before || waiting)) await get().select(after.path);
      },
    };
  });

  // Connect/disconnect: look again after 500 ms, and once more after that, as devices settle.
  const recheck = () => {
    deps.timers.setTimeout(() => {
      void store.getState().refresh();
      deps.timers.setTimeout(() => void store.getState().refresh(), RECHECK_DELAY_MS);
    }, RECHECK_DELAY_MS);
  };
  deps.provider.addEventListener('connect', recheck);
  deps.provider.addEventListener('disconnect', recheck);
  return store;
}
