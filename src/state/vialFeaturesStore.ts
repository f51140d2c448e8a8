import { createStore, type StoreApi } from 'zustand/vanilla';
import type * as VialService from '../services/vialFeatures.ts';
import type { VialFeatureData, VialInfo, VialLink } from '../services/vialFeatures.ts';
import type { EntryKind, EntryOf, VialFeatures } from '../vial/entries.ts';
import type { FittedVialFeatures } from '../vial/vialSection.ts';
import { bootKeycodeFor } from '../protocol/bootKeycode.ts';
import type { DeviceState } from './deviceStore.ts';
import { serialJobs } from './serialJobs.ts';

/**
 * The selected Vial keyboard's tap dance, combos, key overrides and QMK settings. Read once when the keyboard
 * loads (`followKeyboard`); an edit shows at once, is written with a read-back of that one entry or setting, and
 * a failure puts back what the keyboard holds — the old value after a refusal (as the keymap's instant feedback),
 * read once more when the reply was garbled — and keeps the message for the pane.
 * Writes go one at a time in the order they were made.
 */

export type VialWriteTarget =
  { kind: EntryKind; index: number } | { kind: 'setting'; qsid: number } | { kind: 'reset' };

export interface VialFeaturesState {
  status: 'none' | 'loading' | 'ready' | 'failed';
  data: VialFeatureData | null;
  loadError: string | null;
  /** The last write that failed (its change was undone on screen). */
  failure: { message: string; target: VialWriteTarget } | null;
  load(link: VialLink, vialProtocol: number, vialRgb?: boolean): Promise<void>;
  clear(): void;
  setEntry<K extends EntryKind>(kind: K, index: number, entry: EntryOf<K>): Promise<boolean>;
  setSetting(qsid: number, value: number): Promise<boolean>;
  resetSettings(): Promise<boolean>;
  /** Writes what a loaded file changes (only entries/settings that differ); resolves with the failures. */
  apply(fitted: FittedVialFeatures): Promise<string[]>;
  dismissFailure(): void;
  /** What Save writes: the features as the keyboard holds them now. */
  snapshot(): VialFeatures | null;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Refusal of an entry holding QK_BOOT whose unlock was cancelled (nothing is written). */
export const ENTRY_STAYED_LOCKED = 'The keyboard stayed locked: QK_BOOT in an entry needs the Vial unlock';

export interface VialFeaturesOptions {
  /** Gets a load that failed (the panes stay hidden, so the Errors page says why). */
  logError?: (message: string) => void;
  /** QK_BOOT in the selected keyboard's numbering, or null when unknown. */
  bootKeycode?: () => number | null;
  /** Asks for the Vial unlock (the unlock dialog); resolves false when it was cancelled. */
  ensureUnlocked?: () => Promise<boolean>;
}

/** Where each kind's entries are kept in the data. */
const ENTRY_LISTS = { tapDance: 'tapDance', combo: 'combos', keyOverride: 'keyOverrides' } as const;

// The service (and the QMK settings table it reads with) loads only when a Vial keyboard is selected.
type Service = typeof VialService;
let service: Promise<Service> | null = null;
const loadService = () => (service ??= import('../services/vialFeatures.ts'));

/** The keyboard's Vial facts (KeyboardState.vial), or null for a VIA keyboard. */
export function vialInfoOf(keyboard: { vial?: VialInfo | undefined }): VialInfo | null {
  return keyboard.vial ?? null;
}

/**
 * A Vial request function over the device's ViaClient queue (its raw request: Vial replies do not echo), so
 * Vial requests wait their turn behind VIA ones.
 */
export function vialLinkOf(client: { requestRaw(bytes: readonly number[]): Promise<Uint8Array> }): VialLink {
  return { vial: (request) => client.requestRaw(request) };
}

export function createVialFeaturesStore(options: VialFeaturesOptions = {}): StoreApi<VialFeaturesState> {
  let link: VialLink | null = null;
  // Set by the first load: edits exist only once the features were read with it.
  let svc: Service | null = null;
  let generation = 0;
  const serial = serialJobs();

  const store = createStore<VialFeaturesState>()((set, get) => {
    const patchData = (patch: Partial<VialFeatureData>) => {
      const data = get().data;
      if (data) set({ data: { ...data, ...patch } });
    };
    const replaceEntry = <K extends EntryKind>(kind: K, index: number, entry: EntryOf<K>) => {
      const data = get().data;
      if (!data) return;
      const list = [...(data[ENTRY_LISTS[kind]] as EntryOf<K>[])];
      list[index] = entry;
      patchData({ [ENTRY_LISTS[kind]]: list });
    };

    const entryWrite = async <K extends EntryKind>(kind: K, index: number, entry: EntryOf<K>) => {
      const data = get().data;
      const before = data?.[ENTRY_LISTS[kind]][index] as EntryOf<K> | undefined;
      if (!link || !data || !svc || before === undefined) return false;
      if (svc.sameEntry(kind, before, entry)) return true;
      const mine = generation;
      replaceEntry(kind, index, entry);
      set({ failure: null });
      const boot = options.bootKeycode?.() ?? null;
      const needsUnlock =
        boot !== null && svc.entryNeedsUnlock(kind, entry, boot) && !!options.ensureUnlocked;
      return serial(async () => {
        if (needsUnlock && !(await options.ensureUnlocked!())) {
          if (mine === generation) {
            replaceEntry(kind, index, before);
            set({ failure: { message: ENTRY_STAYED_LOCKED, target: { kind, index } } });
          }
          return false;
        }
        try {
          const { writeEntry } = await loadService();
          const back = await writeEntry(link!, kind, index, entry);
          if (mine === generation) replaceEntry(kind, index, back);
          return true;
        } catch (error) {
          // The pane shows what the keyboard holds: the old entry after a refusal, or read once more.
          const holds = await (await loadService()).readAfterFailure(link!, { kind, index });
          if (mine !== generation) return false;
          replaceEntry(kind, index, (holds as EntryOf<K> | null) ?? before);
          set({ failure: { message: message(error), target: { kind, index } } });
          return false;
        }
      });
    };

    const settingWrite = async (qsid: number, value: number) => {
      const data = get().data;
      const before = data?.settings[qsid];
      if (!link || !data || before === undefined) return false;
      if (before === value) return true;
      const mine = generation;
      patchData({ settings: { ...data.settings, [qsid]: value } });
      set({ failure: null });
      return serial(async () => {
        try {
          await (await loadService()).writeSetting(link!, qsid, value);
          return true;
        } catch (error) {
          const holds = await (await loadService()).readAfterFailure(link!, { kind: 'setting', qsid });
          if (mine !== generation) return false;
          patchData({
            settings: { ...get().data!.settings, [qsid]: typeof holds === 'number' ? holds : before },
          });
          set({ failure: { message: message(error), target: { kind: 'setting', qsid } } });
          return false;
        }
      });
    };

    return {
      status: 'none',
      data: null,
      loadError: null,
      failure: null,

      async load(next, vialProtocol, vialRgb) {
        link = next;
        const mine = ++generation;
        set({ status: 'loading', data: null, loadError: null, failure: null });
        try {
          svc = await loadService();
          const { readVialFeatures } = svc;
          const data = await serial(() => readVialFeatures(next, vialProtocol, vialRgb));
          if (mine === generation) set({ status: 'ready', data });
        } catch (error) {
          if (mine !== generation) return;
          set({ status: 'failed', loadError: message(error) });
          options.logError?.(
            `Reading tap dance, combos, key overrides and QMK settings failed: ${message(error)}`,
          );
        }
      },

      clear() {
        link = null;
        generation++;
        set({ status: 'none', data: null, loadError: null, failure: null });
      },

      setEntry: entryWrite,
      setSetting: settingWrite,

      resetSettings() {
        const data = get().data;
        if (!link || !data) return Promise.resolve(false);
        const mine = generation;
        set({ failure: null });
        return serial(async () => {
          try {
            const settings = await (await loadService()).resetSettings(link!, data.reportedSettings);
            if (mine === generation) patchData({ settings });
            return true;
          } catch (error) {
            if (mine === generation) set({ failure: { message: message(error), target: { kind: 'reset' } } });
            return false;
          }
        });
      },

      async apply(fitted) {
        const failures: string[] = [];
        const note = (ok: boolean) => {
          const failure = get().failure;
          if (!ok && failure) failures.push(failure.message);
        };
        for (const [i, e] of fitted.tapDance) note(await entryWrite('tapDance', i, e));
        for (const [i, e] of fitted.combos) note(await entryWrite('combo', i, e));
        for (const [i, e] of fitted.keyOverrides) note(await entryWrite('keyOverride', i, e));
        for (const [q, v] of fitted.settings) note(await settingWrite(q, v));
        return failures;
      },

      dismissFailure() {
        set({ failure: null });
      },

      snapshot() {
        const data = get().data;
        if (!data) return null;
        return {
          tapDance: data.tapDance,
          combos: data.combos,
          keyOverrides: data.keyOverrides,
          settings: data.settings,
        };
      },
    };
  });
  return store;
}

/** The Vial facts of a loaded keyboard (KeyboardState.vial, set by the Vial recognition). */
export interface VialKeyboardInfo {
  protocol: number;
  uid: string;
  vialRgb?: boolean;
}

/**
 * Keeps the features store on the selected keyboard: reads them when a Vial keyboard has loaded, clears them
 * when it goes (or a non-Vial one is selected). `watch` calls back with the keyboard's Vial facts (or null) on
 * every change of the selection; `linkOf` gives the selected device's Vial request function.
 */
export function followKeyboard(
  features: StoreApi<VialFeaturesState>,
  watch: (listener: (vial: VialKeyboardInfo | null, device: unknown) => void) => () => void,
  linkOf: () => VialLink | null,
): () => void {
  let current: { info: VialKeyboardInfo; device: unknown } | null = null;
  return watch((info, device) => {
    if (info && current && current.device === device && current.info.uid === info.uid) return;
    if (!info) {
      if (current) features.getState().clear();
      current = null;
      return;
    }
    current = { info, device };
    const link = linkOf();
    if (link) void features.getState().load(link, info.protocol, info.vialRgb);
    else features.getState().clear();
  });
}

/**
 * The app's features store (created with the first Vial keyboard, state/lazyStore.ts): it reads the selected
 * keyboard's features at once and from then on follows the selection of `devices`. An entry holding QK_BOOT asks
 * for the unlock first (`ensureUnlocked`), as a QK_BOOT key in the keymap does.
 */
export function createFollowingVialFeatures(
  devices: StoreApi<DeviceState>,
  options: Omit<VialFeaturesOptions, 'bootKeycode'>,
): StoreApi<VialFeaturesState> {
  const features = createVialFeaturesStore({
    ...options,
    bootKeycode: () => {
      const keyboard = devices.getState().keyboard;
      return keyboard?.vial ? bootKeycodeFor(keyboard.protocol) : null;
    },
  });
  const infoOf = (s: DeviceState) => (s.keyboard ? vialInfoOf(s.keyboard) : null);
  followKeyboard(
    features,
    (listener) => {
      listener(infoOf(devices.getState()), devices.getState().selectedPath);
      return devices.subscribe((now, before) => {
        if (now.keyboard !== before.keyboard || now.selectedPath !== before.selectedPath)
          listener(infoOf(now), now.selectedPath);
      });
    },
    () => {
      const commands = devices.getState().commands();
      return commands ? vialLinkOf(commands.client) : null;
    },
  );
  return features;
}
