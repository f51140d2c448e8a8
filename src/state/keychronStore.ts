import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  type KeychronFeatures,
  applyPatch,
  invertPatch,
  type KeychronPatch,
  type KeychronSettings,
} from '../qmk/keychronSettings.ts';
import {
  readKeychronSettings,
  saveKeychron,
  writePatch,
  type KeychronLink,
} from '../services/keychronSettings.ts';
import type { StepEdit } from './commands.ts';
import { serialJobs } from './serialJobs.ts';

/**
 * A Keychron board's settings for its panes (docs/hardware-features.md, "Keychron boards"). Read once per connection
 * when a Keychron pane first opens. A change shows at once, is written and read back (services/keychronSettings),
 * and becomes one undo step in the command store's history; a failed write puts back what the keyboard holds
 * and keeps the message. Saving follows the firmware: RGB and Snap Click live in the keyboard's RAM until the
 * user saves them (`saveToKeyboard`, the firmware's own save commands), and the panes say what is unsaved;
 * debounce, report rate, language and NKRO are stored by the keyboard at once.
 */
export interface KeychronState {
  status: 'loading' | 'ready' | 'failed';
  /** What the panes show: the keyboard's settings with changes on the wire. */
  settings: KeychronSettings | null;
  loadError: string | null;
  failure: string | null;
  /** Groups changed since the keyboard last stored them. */
  unsaved: { rgb: boolean; snapClick: boolean };
  save: { state: 'idle' | 'saving' | 'saved' | 'failed'; error?: string };
  load(): Promise<void>;
  /** One undoable change; resolves false when the keyboard refused it (its message in `failure`). */
  change(patch: KeychronPatch): Promise<boolean>;
  /** Several changes as one undo step (a file's Keychron settings); resolves with the failures. */
  changeAll(patches: KeychronPatch[], label: string): Promise<string[]>;
  saveToKeyboard(): Promise<boolean>;
  dismissFailure(): void;
}

export interface KeychronStoreDeps {
  link: KeychronLink;
  features: KeychronFeatures;
  matrix: { rows: number; cols: number };
  /** Records a change in the undo history (CommandState.record). */
  record(step: StepEdit): void;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function createKeychronStore(deps: KeychronStoreDeps): StoreApi<KeychronState> {
  const serial = serialJobs();
  /** What the keyboard is known to hold in RAM, and what it has stored. */
  let confirmed: KeychronSettings | null = null;
  let stored: KeychronSettings | null = null;

  return createStore<KeychronState>()((set, get) => {
    const unsavedOf = (s: KeychronSettings) => ({
      rgb: !!stored && !same(s.rgb, stored.rgb),
      snapClick: !!stored && !same(s.snapClick, stored.snapClick),
    });
    const show = (settings: KeychronSettings) => set({ settings, unsaved: unsavedOf(settings) });

    /** Writes one patch in turn; the shown settings follow the keyboard; throws what failed. */
    const write = (patch: KeychronPatch) =>
      serial(async () => {
        const before = confirmed;
        if (!before) throw new Error('The Keychron settings are not read yet');
        try {
          confirmed = await writePatch(deps.link, before, deps.matrix, patch);
          show(confirmed);
        } catch (error) {
          show(before);
          throw error;
        }
      });

    const step = (label: string, undo: KeychronPatch[], redo: KeychronPatch[]): StepEdit => ({
      kind: 'step',
      label,
      undo: async () => {
        for (const p of undo) await write(p);
      },
      redo: async () => {
        for (const p of redo) await write(p);
      },
    });

    return {
      status: 'loading',
      settings: null,
      loadError: null,
      failure: null,
      unsaved: { rgb: false, snapClick: false },
      save: { state: 'idle' },

      async load() {
        set({ status: 'loading', loadError: null });
        try {
          const settings = await serial(() => readKeychronSettings(deps.link, deps.features, deps.matrix));
          confirmed = stored = settings;
          set({ status: 'ready', settings, unsaved: unsavedOf(settings) });
        } catch (error) {
          set({ status: 'failed', loadError: message(error) });
        }
      },

      async change(patch) {
        const shown = get().settings;
        if (!shown) return false;
        const undo = invertPatch(confirmed ?? shown, patch);
        set({ failure: null, save: { state: 'idle' } });
        show(applyPatch(shown, patch));
        try {
          await write(patch);
          deps.record(step(`keychron-${patch.kind}`, [undo], [patch]));
          return true;
        } catch (error) {
          set({ failure: message(error) });
          return false;
        }
      },

      async changeAll(patches, label) {
        const failures: string[] = [];
        const done: KeychronPatch[] = [];
        const undo: KeychronPatch[] = [];
        for (const patch of patches) {
          const before = confirmed;
          if (!before) break;
          try {
            await write(patch);
            undo.unshift(invertPatch(before, patch));
            done.push(patch);
          } catch (error) {
            failures.push(message(error));
          }
        }
        if (done.length > 0) deps.record(step(label, undo, done));
        return failures;
      },

      saveToKeyboard() {
        set({ save: { state: 'saving' } });
        return serial(async () => {
          try {
            const groups = get().unsaved;
            await saveKeychron(deps.link, groups);
            stored = confirmed;
            set({ save: { state: 'saved' }, unsaved: { rgb: false, snapClick: false } });
            return true;
          } catch (error) {
            set({ save: { state: 'failed', error: message(error) } });
            return false;
          }
        });
      },

      dismissFailure: () => set({ failure: null }),
    };
  });
}

const stores = new WeakMap<object, StoreApi<KeychronState>>();

/**
 * The Keychron store of one device connection (its request client), created and read on first use: the panes
 * share it, and opening one again reads nothing twice. A new connection (replug) gets a fresh one.
 */
export function keychronStoreFor(client: object, deps: () => KeychronStoreDeps): StoreApi<KeychronState> {
  let store = stores.get(client);
  if (!store) {
    store = createKeychronStore(deps());
    stores.set(client, store);
    void store.getState().load();
  }
  return store;
}

/** The store of `client` if a pane already made it (Save + Load asks without reading the keyboard). */
export const existingKeychronStore = (client: object) => stores.get(client) ?? null;
