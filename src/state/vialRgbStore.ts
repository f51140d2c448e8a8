import { createStore, type StoreApi } from 'zustand/vanilla';
import type { VialRgbMode } from '../protocol/vialRgb.ts';
import {
  readVialRgb,
  readVialRgbMode,
  saveVialRgb,
  VialRgbError,
  writeVialRgbMode,
  type VialRgbData,
  type VialRgbLink,
} from '../services/vialRgb.ts';
import { serialJobs } from './serialJobs.ts';
import { reasonOf, type RefusalValue } from '../lib/refusal.ts';

/**
 * A Vial keyboard's VialRGB lighting, for the Lighting pane. Read once per device (`vialRgbStoreFor`); a change
 * shows at once and is written at once, one write at a time — while one is on the wire, further changes (a
 * slider being dragged) collapse into the latest, which is sent next. A write that fails puts back what the
 * keyboard holds (read once more, or the last mode it confirmed) and keeps the message for the pane.
 * Save stores the lighting in the keyboard's EEPROM after the writes before it.
 */
export interface VialRgbState {
  status: 'loading' | 'ready' | 'failed';
  /** What the pane shows: the keyboard's info, its supported effects and the mode (with changes on the wire). */
  data: VialRgbData | null;
  /** Why the read failed: a VialRGB refusal the page words, or another error's message. */
  loadError: RefusalValue | null;
  /** The read failed because the keyboard's Vial unlock is unfinished (it ignores other requests until then). */
  loadUnlockUnfinished: boolean;
  /** The last failed change (its effect on screen was undone). */
  failure: RefusalValue | null;
  save: { state: 'idle' | 'saving' | 'saved' | 'failed'; error?: RefusalValue };
  load(): Promise<void>;
  change(patch: Partial<VialRgbMode>): Promise<boolean>;
  saveToKeyboard(): Promise<boolean>;
  dismissFailure(): void;
}

export function createVialRgbStore(link: VialRgbLink): StoreApi<VialRgbState> {
  const serial = serialJobs();
  /** What the keyboard is known to hold (the last read or confirmed write). */
  let confirmed: VialRgbMode | null = null;
  /** Bumped by each change: a queued write that is no longer the latest sends nothing. */
  let latest = 0;

  return createStore<VialRgbState>()((set, get) => {
    const showMode = (mode: VialRgbMode) => {
      const data = get().data;
      if (data) set({ data: { ...data, mode } });
    };
    return {
      status: 'loading',
      data: null,
      loadError: null,
      loadUnlockUnfinished: false,
      failure: null,
      save: { state: 'idle' },

      async load() {
        set({ status: 'loading', loadError: null, loadUnlockUnfinished: false });
        try {
          const data = await serial(() => readVialRgb(link));
          confirmed = data.mode;
          set({ status: 'ready', data });
        } catch (error) {
          const unlockUnfinished = error instanceof VialRgbError && error.unlockUnfinished;
          set({ status: 'failed', loadError: reasonOf(error), loadUnlockUnfinished: unlockUnfinished });
        }
      },

      change(patch) {
        const data = get().data;
        if (!data) return Promise.resolve(false);
        const mine = ++latest;
        showMode({ ...data.mode, ...patch });
        set({ failure: null, save: { state: 'idle' } });
        return serial(async () => {
          if (mine !== latest) return true;
          const asked = get().data!.mode;
          const before = confirmed ?? asked;
          try {
            const holds = await writeVialRgbMode(link, asked, before, data.info.maxBrightness);
            confirmed = holds;
            if (mine === latest) showMode(holds);
            return true;
          } catch (error) {
            const holds =
              (error instanceof VialRgbError ? error.holds : null) ??
              (await readVialRgbMode(link).catch(() => null)) ??
              before;
            confirmed = holds;
            if (mine === latest) showMode(holds);
            set({ failure: reasonOf(error) });
            return false;
          }
        });
      },

      saveToKeyboard() {
        set({ save: { state: 'saving' } });
        return serial(async () => {
          try {
            await saveVialRgb(link);
            set({ save: { state: 'saved' } });
            return true;
          } catch (error) {
            set({ save: { state: 'failed', error: reasonOf(error) } });
            return false;
          }
        });
      },

      dismissFailure() {
        set({ failure: null });
      },
    };
  });
}

const stores = new WeakMap<object, StoreApi<VialRgbState>>();

/**
 * The VialRGB store of one device connection (its request client), created and read on first use: opening the
 * pane again, or after other panes, reads nothing twice. A new connection (replug) gets a fresh one.
 */
export function vialRgbStoreFor(client: VialRgbLink): StoreApi<VialRgbState> {
  let store = stores.get(client);
  if (!store) {
    store = createVialRgbStore(client);
    stores.set(client, store);
    void store.getState().load();
  }
  return store;
}
