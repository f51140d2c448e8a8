import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DeviceCapabilities } from '../families/deviceCapabilities.ts';
import { ZMK_CAPABILITIES, zmkFamily } from '../families/zmkFamily.ts';
import type { ZmkVirtualControls } from '../families/zmkSource.ts';
import type { ZmkTransport } from '../zmk-studio/transport.ts';
import type { ZmkRpcClientOptions } from '../zmk-studio/ZmkRpcClient.ts';
import { createZmkKeyboardStore, type ZmkKeyboardState } from './zmkKeyboardStore.ts';

export type { ZmkVirtualControls };

export type ZmkConnectionKind = 'virtual' | 'serial' | 'bluetooth';

/** A ZMK keyboard Keyloom is talking to (or was: a closed one stays listed until removed). */
export interface ZmkKeyboardEntry {
  path: string;
  kind: ZmkConnectionKind;
  /** The keyboard's own name (its connection's label when it did not answer). */
  name: string;
  /** What it offers, from its family (a lock of ZMK Studio's kind, nothing VIA-shaped). */
  capabilities: DeviceCapabilities;
  /** A virtual keyboard's id ('zmk-demo'): how it is plugged in again after a reload. */
  virtualId?: string;
  store: StoreApi<ZmkKeyboardState>;
  /** A virtual keyboard's own keys and faults (the page's 'press the unlock key', tests). */
  virtual?: ZmkVirtualControls;
}

/**
 * Why connecting did not happen, for the page to explain: the browser has no Web Serial / Web Bluetooth,
 * Bluetooth is off, the user closed the chooser, or the port would not open (another app holds it, or the
 * system refuses access).
 */
export type ZmkConnectProblem =
  'noWebSerial' | 'noWebBluetooth' | 'bluetoothOff' | 'cancelled' | 'openFailed' | 'notSecure';

/** A transport found by the app's connect flows, or why there is none. */
export type ZmkConnectResult =
  | { ok: true; transport: ZmkTransport; virtualId?: string; virtual?: ZmkVirtualControls }
  | { ok: false; problem: ZmkConnectProblem; detail?: string };

export interface ZmkKeyboardsState {
  keyboards: ZmkKeyboardEntry[];
  /** The ZMK keyboard the Configure screen shows; null shows the VIA/Vial keyboard instead. */
  selectedPath: string | null;
  connecting: ZmkConnectionKind | null;
  problem: { kind: ZmkConnectionKind; problem: ZmkConnectProblem; detail?: string } | null;
  /**
   * Finds a keyboard of this kind (resolving once it is listed; its load goes on in its own store) and shows it: a virtual one by id (`choice`), a serial port through the
   * browser's chooser (ZMK's USB ids; `choice` 'any' lists every port), a Bluetooth keyboard offering ZMK
   * Studio's service.
   */
  connect(kind: ZmkConnectionKind, choice?: string): Promise<void>;
  select(path: string | null): void;
  /** Plugs the virtual keyboards `ids` in (start-up: remembered, or asked for by `?virtual=`); shows the last if `show`. */
  plugDemos(ids: readonly string[], show: boolean): Promise<void>;
  /** 'Connect a ZMK keyboard' is open (the badge menu opens it, the shell shows it). */
  connectOpen: boolean;
  showConnect(open: boolean): void;
  /** Closes the connection and forgets the keyboard. */
  remove(path: string): Promise<void>;
  dismissProblem(): void;
}

export interface ZmkKeyboardsDeps {
  /** Opens the browser's chooser (or plugs a virtual keyboard in) and gives its transport. */
  find(kind: ZmkConnectionKind, choice?: string): Promise<ZmkConnectResult>;
  logError(message: string): void;
  /** A virtual keyboard was removed (the app forgets it for the next reload). */
  onRemoved?(entry: ZmkKeyboardEntry): void;
  /** The RPC client's options (tests shorten the silence timeout). */
  clientOptions?: ZmkRpcClientOptions;
}

/**
 * The ZMK keyboards beside the VIA and Vial ones: each found through the app's connect flows (Web Serial, Web
 * Bluetooth, a virtual one), recognised by the ZMK device family (families/zmkFamily.ts), given its own keyboard
 * store, loaded at once, and shown when selected. Several may be open; the selection says which one the Configure screen shows.
 */
export function createZmkKeyboards(deps: ZmkKeyboardsDeps): StoreApi<ZmkKeyboardsState> {
  let counter = 0;
  return createStore<ZmkKeyboardsState>((set, get) => ({
    keyboards: [],
    selectedPath: null,
    connecting: null,
    problem: null,
    connectOpen: false,
    showConnect: (open) => set({ connectOpen: open, problem: null }),
    async plugDemos(ids, show) {
      for (const id of new Set(ids)) await get().connect('virtual', id);
      if (!show) set({ selectedPath: null });
    },
    async connect(kind, choice) {
      const already = kind === 'virtual' && get().keyboards.find((k) => k.virtualId === choice);
      if (already) {
        set({ selectedPath: already.path });
        return;
      }
      set({ connecting: kind, problem: null });
      try {
        const found = await deps.find(kind, choice);
        if (!found.ok) {
          if (found.problem !== 'cancelled')
            set({
              problem: { kind, problem: found.problem, ...(found.detail ? { detail: found.detail } : {}) },
            });
          return;
        }
        // The ZMK family recognises it: the session is opened and the keyboard's name read (allowed while locked).
        const recognised = await zmkFamily.recognise({
          transport: found.transport,
          ...(deps.clientOptions ? { options: deps.clientOptions } : {}),
        });
        const store = createZmkKeyboardStore({
          session: recognised.session,
          logError: deps.logError,
          ...('info' in recognised
            ? { info: recognised.info }
            : { unanswered: recognised.message, unansweredFailure: recognised.failure }),
        });
        const entry: ZmkKeyboardEntry = {
          path: `zmk-${kind}-${++counter}`,
          kind,
          name: ('info' in recognised && recognised.info.name) || found.transport.label,
          capabilities: ZMK_CAPABILITIES,
          ...(found.virtualId ? { virtualId: found.virtualId } : {}),
          ...(found.virtual ? { virtual: found.virtual } : {}),
          store,
        };
        set({ keyboards: [...get().keyboards, entry], selectedPath: entry.path });
        // The load waits for the unlock as long as it takes: it goes on by itself, shown by the keyboard's store.
        if ('info' in recognised) void store.getState().load();
      } finally {
        set({ connecting: null });
      }
    },
    select(path) {
      if (path === null || get().keyboards.some((k) => k.path === path)) set({ selectedPath: path });
    },
    async remove(path) {
      const entry = get().keyboards.find((k) => k.path === path);
      if (!entry) return;
      set({
        keyboards: get().keyboards.filter((k) => k !== entry),
        selectedPath: get().selectedPath === path ? null : get().selectedPath,
      });
      await entry.store.getState().close();
      deps.onRemoved?.(entry);
    },
    dismissProblem: () => set({ problem: null }),
  }));
}
