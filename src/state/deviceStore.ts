import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DefinitionVersion } from '../definitions/compile.ts';
import { PROTOCOL } from '../protocol/commands.ts';
import { vendorProductId, type Timers } from '../protocol/hidDevice.ts';
import { ViaClient, type ApiErrorReport, type LogEntry } from '../protocol/viaClient.ts';
import { ViaCommands } from '../protocol/viaCommands.ts';
import { probeProtocol, type DeviceProblemKind } from '../protocol/protocolProbe.ts';
import type { DefinitionsRepository, VendorConfig } from '../services/definitionsRepository.ts';
import { loadKeyboard, type KeyboardState } from '../services/keyboardLoader.ts';
import type { HidProvider, ProvidedDevice } from '../transport/hidProvider.ts';
import type { DeviceInfo } from './errorStore.ts';
import type { LayerState } from '../formats/layerOps.ts';
import type { ServedDefinition } from '../definitions/compile.ts';
import type { VialKeyboardId } from '../protocol/vialBasics.ts';
import { identifyVial, VIAL_DEFINITION_ERROR, VIAL_VIA_PROTOCOL } from '../services/vialKeyboard.ts';

export const LOAD_RETRIES = 8;
export const LOAD_RETRY_FIRST_WAIT_MS = 100;
export const RECHECK_DELAY_MS = 500;
export const MSG_RETRYING = 'Loading device failed - retrying';
export const MSG_ALL_RETRIES_FAILED = 'All retries failed for attempting connection with device';
export const MSG_INVALID_PROTOCOL = 'Received invalid protocol version from device';
export const MSG_MISSING_DEVICE = 'Missing hid device in cache';
/** Internal: thrown between requests of a load another selection replaced (never shown or logged). */
const MSG_LOAD_SUPERSEDED = 'Keyboard load superseded';

/**
 * A keyboard that answers VIA: authorised, with its protocol. `hasDefinition` is false for a keyboard Keyloom has
 * no definition for (neither stored by the user nor served): it is listed and explained, never dropped.
 */
export interface ConnectedDevice {
  path: string;
  productName: string;
  vendorId: number;
  productId: number;
  vendorProductId: number;
  protocol: number;
  requiredDefinitionVersion: DefinitionVersion;
  virtual: boolean;
  hasDefinition: boolean;
  /** A Vial keyboard (it answered Vial's "get keyboard id"): it carries its own definition. */
  vial?: VialKeyboardId;
}

/** An authorised device exposing the VIA interface that cannot be configured, and why (for the doctor). */
export interface DeviceProblem {
  path: string;
  productName: string;
  vendorId: number;
  productId: number;
  virtual: boolean;
  problem: DeviceProblemKind;
  /** What exactly is wrong (the Vial definition's fault), in English as the Errors page logs it. */
  detail?: string;
}

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
   * Shows the key's new code at once, then writes it to the device; a failed write puts the old code back
   * (unless a newer edit replaced it meanwhile) and rejects.
   */
  setKey(layer: number, row: number, col: number, keycode: number): Promise<void>;
  /**
   * Writes whole layers (keymap and encoders) as the fewest chunk writes (`planLayerWrites`), then updates
   * local state. Layer tools and their undo use it.
   */
  writeLayers(next: LayerState): Promise<void>;
  /** The same for one direction of an encoder (cw: clockwise). */
  setEncoder(layer: number, encoder: number, cw: boolean, keycode: number): Promise<void>;
  /** The protocol commands of the selected keyboard, for services that write (layout load, encoders …). */
  commands(): ViaCommands | null;
  /** Replaces parts of the loaded keyboard after a service wrote them to the device. */
  patchKeyboard(patch: Partial<KeyboardState>): void;
  /** A definition was added or removed: look at every device again and reload the selected one. */
  definitionsChanged(): Promise<void>;
}

export interface DeviceStoreDeps {
  provider: HidProvider;
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
 * that), recognises keyboards by protocol and definition, and loads the selected one with up to 8 retries
 * from 100 ms, doubling. Device-originated updates never enter undo history (that lives in the command layer).
 */
export function createDeviceStore(deps: DeviceStoreDeps): StoreApi<DeviceState> {
  /** Per device: its client, and its commands once its protocol version is known (read once per device). */
  interface Session {
    provided: ProvidedDevice;
    client: ViaClient;
    commands: ViaCommands;
    protocolKnown: boolean;
    /** Asked once per device: is it a Vial keyboard (and which)? */
    vial?: Promise<VialKeyboardId | null>;
    /** A Vial keyboard's definition, read from it once per device. */
    vialDefinition?: Promise<{ definition: ServedDefinition; version: DefinitionVersion }>;
  }
  const sessions = new Map<string, Session>();
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

  const sessionFor = (provided: ProvidedDevice) => {
    let session = sessions.get(provided.path);
    if (!session || session.provided.device !== provided.device) {
      session?.client.dispose();
      const client = new ViaClient(provided.device, {
        timers: deps.timers,
        ...(deps.logApiError ? { onApiError: deps.logApiError } : {}),
        ...(deps.onLog ? { onLog: deps.onLog } : {}),
      });
      session = { provided, client, commands: new ViaCommands(client, 0), protocolKnown: false };
      sessions.set(provided.path, session);
    }
    return session;
  };

  const store = createStore<DeviceState>((set, get) => {
    async function recognise(provided: ProvidedDevice): Promise<ConnectedDevice | DeviceProblem> {
      const session = sessionFor(provided);
      const { vendorId, productId, productName } = provided.device;
      // A device keeps its protocol while connected (a restarted board is a new device): each refresh after a
      // connect or disconnect would otherwise cost every keyboard one more report.
      const probe: Awaited<ReturnType<typeof probeProtocol>> = session.protocolKnown
        ? { ok: true, protocol: session.commands.protocol }
        : await probeProtocol(session.client);
      if (!probe.ok) {
        deps.logError(MSG_INVALID_PROTOCOL, info(provided.device));
        return {
          path: provided.path,
          productName,
          vendorId,
          productId,
          virtual: provided.virtual,
          problem: probe.problem,
        };
      }
      const { protocol } = probe;
      // Vial firmware reports VIA protocol 9; only those are asked whether they are Vial ones (once per device).
      if (protocol === VIAL_VIA_PROTOCOL) session.vial ??= identifyVial(session.client);
      const vial = protocol === VIAL_VIA_PROTOCOL ? await session.vial : null;
      if (!session.protocolKnown)
        session.commands = vial
          ? new (await import('../protocol/vialCommands.ts')).VialCommands(
              session.client,
              protocol,
              vial.protocol,
            )
          : new ViaCommands(session.client, protocol);
      session.protocolKnown = true;
      const version: DefinitionVersion = protocol >= PROTOCOL.V3_DEFINITIONS ? 'v3' : 'v2';
      const vpid = vendorProductId(provided.device);
      // A keyboard without a definition is kept and shown as such (docs/adr/0006-unknown-keyboards.md); a Vial
      // keyboard carries its own.
      const hasDefinition = vial
        ? true
        : await deps.definitions.isSupported(vpid, version).catch(() => false);
      return {
        path: provided.path,
        productName,
        vendorId,
        productId,
        vendorProductId: vpid,
        protocol,
        requiredDefinitionVersion: version,
        virtual: provided.virtual,
        hasDefinition,
        ...(vial ? { vial } : {}),
      };
    }

    /** The Vial keyboard's definition, read once per device; a failed read is tried again next time. */
    function vialDefinition(
      session: Session,
      device: ConnectedDevice,
    ): Promise<{ definition: ServedDefinition; version: DefinitionVersion }> {
      // The reader (and the xz decoder and compiler it loads) comes only with a Vial keyboard.
      const read = (session.vialDefinition ??= import('../services/vialDefinitionReader.ts').then((m) =>
        m.loadVialDefinition(session.client, device),
      ));
      read.catch(() => (session.vialDefinition = undefined));
      return read;
    }

    async function doRefresh(): Promise<void> {
      if (get().devices.length === 0) set({ phase: 'searching' });
      const provided = await deps.provider.devices();
      for (const path of [...sessions.keys()]) {
        if (!provided.some((p) => p.path === path)) {
          sessions.get(path)?.client.dispose();
          sessions.delete(path);
        }
      }
      // Each device keeps its own protocol: results are matched by path, never by position in a filtered list.
      const results = await Promise.all(provided.map((p) => recognise(p)));
      const recognised = results.filter((d): d is ConnectedDevice => !('problem' in d));
      const { selectedPath } = get();
      const prefer = preferred;
      preferred = undefined;
      set({ devices: recognised, problems: results.filter((d): d is DeviceProblem => 'problem' in d) });
      if (!recognised.some((d) => d.path === selectedPath)) loadToken++; // stop loading a device that left
      if (recognised.length === 0) {
        set({ selectedPath: null, keyboard: null, vendorConfig: null, phase: 'none' });
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
      const session = sessions.get(device.path);
      if (!session) {
        deps.logError(MSG_MISSING_DEVICE, info(device));
        return;
      }
      // A load another selection has superseded stops before its next request, not after its last.
      const superseded = () => {
        if (token !== loadToken) throw new Error(MSG_LOAD_SUPERSEDED);
      };
      const commands = session.commands.withClient(session.client.guarded(superseded));
      // The vendor configs are fetched while the keyboard loads (fresh for each load, extended.md §7).
      const configsRequest = deps.definitions.vendorConfigs();
      let wait = LOAD_RETRY_FIRST_WAIT_MS;
      for (let attempt = 0; attempt <= LOAD_RETRIES; attempt++) {
        try {
          const { definition, version } = device.vial
            ? await vialDefinition(session, device)
            : {
                definition: await deps.definitions.definition(
                  device.vendorProductId,
                  device.requiredDefinitionVersion,
                  info(device),
                ),
                version: device.requiredDefinitionVersion,
              };
          const keyboard = await loadKeyboard(commands, definition, version, {
            // A superseded load's swallowed failures (menu values, layout options) are not the device's.
            warn: (message) => void (token === loadToken && deps.logError(message, info(device))),
            vial: device.vial,
          });
          if (token !== loadToken) return;
          const configs = await configsRequest;
          const vendorConfig =
            configs.find((c) => c.vendorId === device.vendorId && c.productId === device.productId) ?? null;
          set({
            keyboard,
            vendorConfig,
            phase: 'ready',
            selectedLayer: Math.min(get().selectedLayer, Math.max(keyboard.layerCount - 1, 0)),
          });
          return;
        } catch (error) {
          if (token !== loadToken) return;
          // A Vial definition that is broken stays broken: say what is wrong instead of trying again.
          if (error instanceof Error && error.name === VIAL_DEFINITION_ERROR) {
            deps.logError(error.message, info(device));
            failLoad(device, 'vialDefinition', error.message);
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
      vendorConfig: null,
      selectedLayer: 0,
      refresh(options = {}) {
        if (options.prefer !== undefined) preferred = options.prefer;
        if (options.recheck) for (const session of sessions.values()) session.protocolKnown = false;
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
        set({ selectedPath: path, keyboard: null, vendorConfig: null, phase, selectedLayer: 0 });
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
      async setKey(layer, row, col, keycode) {
        const { keyboard, selectedPath } = get();
        const session = selectedPath ? sessions.get(selectedPath) : undefined;
        if (!keyboard || !session) throw new Error(MSG_MISSING_DEVICE);
        const index = row * keyboard.definition.matrix.cols + col;
        const read = () => get().keyboard?.keymap[layer]?.[index];
        const put = (code: number) => {
          const current = get().keyboard;
          if (!current || get().selectedPath !== selectedPath) return;
          const keymap = current.keymap.map((codes, l) =>
            l === layer ? codes.map((c, i) => (i === index ? code : c)) : codes,
          );
          set({ keyboard: { ...current, keymap } });
        };
        const before = read() ?? 0;
        put(keycode);
        try {
          await session.commands.setKey(layer, row, col, keycode);
        } catch (error) {
          if (read() === keycode) put(before);
          throw error;
        }
      },
      async setEncoder(layer, encoder, cw, keycode) {
        const { keyboard, selectedPath } = get();
        const session = selectedPath ? sessions.get(selectedPath) : undefined;
        if (!keyboard || !session) throw new Error(MSG_MISSING_DEVICE);
        const slot = cw ? 0 : 1;
        const read = () => get().keyboard?.encoders[layer]?.[encoder]?.[slot];
        const put = (code: number) => {
          const current = get().keyboard;
          if (!current || get().selectedPath !== selectedPath) return;
          const encoders = current.encoders.map((row, l) =>
            l === layer
              ? row.map((pair, e) =>
                  e === encoder ? ((cw ? [code, pair[1]] : [pair[0], code]) as [number, number]) : pair,
                )
              : row,
          );
          set({ keyboard: { ...current, encoders } });
        };
        const before = read() ?? 0;
        put(keycode);
        try {
          await session.commands.setEncoder(layer, encoder, cw, keycode);
        } catch (error) {
          if (read() === keycode) put(before);
          throw error;
        }
      },
      async writeLayers(next) {
        // Layer planning loads with the first layer operation or layout load; the first screen does without it.
        const { planLayerWrites } = await import('../formats/layerOps.ts');
        const { keyboard, selectedPath } = get();
        const session = selectedPath ? sessions.get(selectedPath) : undefined;
        if (!keyboard || !session) throw new Error(MSG_MISSING_DEVICE);
        const plan = planLayerWrites(keyboard, next);
        for (const { offset, bytes } of plan.chunks) await session.commands.writeKeymapBuffer(offset, bytes);
        for (const e of plan.encoders)
          await session.commands.setEncoder(e.layer, e.encoder, e.clockwise, e.code);
        const keymap = next.keymap.map((layer) => [...layer]);
        const encoders = next.encoders.map((row) => row.map(([cw, ccw]) => [cw, ccw] as [number, number]));
        set({ keyboard: { ...get().keyboard!, keymap, encoders } });
      },
      commands() {
        const { selectedPath } = get();
        return (selectedPath && sessions.get(selectedPath)?.commands) || null;
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
