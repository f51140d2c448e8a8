import { createStore, type StoreApi } from 'zustand/vanilla';
import { readStateNotify, type KeychronNotice } from '../protocol/keychron/keychronReplies.ts';
import {
  type KeychronFeatures,
  applyPatch,
  invertPatch,
  trimPatch,
  type KeychronPatch,
  type KeychronSettings,
} from '../qmk/keychronSettings.ts';
import {
  readKeychronDefaultLayer,
  readKeychronSettings,
  saveKeychron,
  writePatch,
  type KeychronLink,
} from '../services/keychronSettings.ts';
import { KeychronWriteFailed } from '../services/keychronWrite.ts';
import type { StepEdit } from './commands.ts';
import { problemOf, type KeychronProblem } from '../services/keychronProblem.ts';
import { serialJobs } from './serialJobs.ts';

/**
 * A Keychron board's settings for its panes (docs/hardware-features.md, "Keychron boards"). Read once per connection
 * when a Keychron pane first opens. A change shows at once, is written and read back (services/keychronSettings),
 * and becomes one undo step in the command store's history; a failed write shows what the keyboard holds
 * afterwards (put back as before when it could be) and keeps the problem. Only what differs from what the
 * keyboard holds is written. Saving follows the firmware: RGB and Snap Click live in the keyboard's RAM until the
 * user saves them (`saveToKeyboard`, the firmware's own save commands), and the panes say what is unsaved;
 * debounce, report rate, language and NKRO are stored by the keyboard at once.
 */
export interface KeychronState {
  status: 'loading' | 'ready' | 'failed';
  /** The board's matrix (from its definition): what bounds the LED map. */
  matrix: { rows: number; cols: number };
  /** What the panes show: the keyboard's settings with changes on the wire. */
  settings: KeychronSettings | null;
  loadError: KeychronProblem | null;
  failure: KeychronProblem | null;
  /** Groups changed since the keyboard last stored them. */
  unsaved: { rgb: boolean; snapClick: boolean };
  save: { state: 'idle' | 'saving' | 'saved' | 'failed'; error?: KeychronProblem };
  load(): Promise<void>;
  /** One undoable change; resolves false when the keyboard refused it (its problem in `failure`). */
  change(patch: KeychronPatch): Promise<boolean>;
  /** Shows `patch` without writing it (a drag in progress); the next `change` or `load` replaces it. */
  preview(patch: KeychronPatch): void;
  /**
   * Several changes as one undo step (a file's Keychron settings), all or nothing: when one fails, those
   * already written are put back. Resolves with the problems.
   */
  changeAll(patches: KeychronPatch[], label: string): Promise<KeychronProblem[]>;
  saveToKeyboard(): Promise<boolean>;
  /** The default layer the keyboard last reported (its Mac/Windows switch), once it reported one. */
  defaultLayer: number | null;
  /** Set when the keyboard said it was reset to its factory settings (the panes were read again). */
  factoryReset: boolean;
  /** A report the keyboard sent by itself (state notify), applied without an undo step. */
  notified(notice: KeychronNotice): void;
  dismissFailure(): void;
}

export interface KeychronStoreDeps {
  link: KeychronLink;
  features: KeychronFeatures;
  matrix: { rows: number; cols: number };
  /** Records a change in the undo history (CommandState.record). */
  record(step: StepEdit): void;
}

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
          const held = await writePatch(deps.link, before, deps.matrix, patch);
          confirmed = held;
          show(held);
        } catch (error) {
          // What the keyboard holds after the failure: as before, part of the change, or unknown (read again).
          if (error instanceof KeychronWriteFailed && error.holds) confirmed = error.holds;
          if (confirmed) show(confirmed);
          if (error instanceof KeychronWriteFailed && error.outcome === 'unknown') void get().load();
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
      matrix: deps.matrix,
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
          // Where the Mac/Windows switch stands, read once: until now only its change reports showed it.
          const defaultLayer = await serial(() => readKeychronDefaultLayer(deps.link));
          if (defaultLayer !== null) set({ defaultLayer });
        } catch (error) {
          set({ status: 'failed', loadError: problemOf(error) });
        }
      },

      async change(requested) {
        const shown = get().settings;
        const base = confirmed ?? shown;
        if (!shown || !base) return false;
        const patch = trimPatch(base, requested);
        set({ failure: null, save: { state: 'idle' } });
        // Nothing differs from what the keyboard holds: nothing is written and no undo step is made.
        if (!patch) return (show(base), true);
        const undo = invertPatch(base, patch);
        show(applyPatch(shown, patch));
        try {
          await write(patch);
          deps.record(step(`keychron-${patch.kind}`, [undo], [patch]));
          return true;
        } catch (error) {
          set({ failure: problemOf(error) });
          return false;
        }
      },

      preview(patch) {
        const shown = get().settings;
        if (shown) show(applyPatch(shown, patch));
      },

      async changeAll(requested, label) {
        const done: KeychronPatch[] = [];
        const undo: KeychronPatch[] = [];
        for (const wanted of requested) {
          const before = confirmed;
          const patch = before && trimPatch(before, wanted);
          if (!before || !patch) continue;
          try {
            await write(patch);
            undo.unshift(invertPatch(before, patch));
            done.push(patch);
          } catch (error) {
            // All or nothing: what this batch already wrote is put back before the problem is told.
            for (const p of undo) await write(p).catch(() => undefined);
            return [problemOf(error)];
          }
        }
        if (done.length > 0) deps.record(step(label, undo, done));
        return [];
      },

      saveToKeyboard() {
        set({ save: { state: 'saving' } });
        return serial(async () => {
          try {
            const groups = get().unsaved;
            await saveKeychron(deps.link, groups, (group) => {
              // Each group the keyboard confirmed is stored, even when the other's save then fails.
              if (confirmed && stored) stored = { ...stored, [group]: confirmed[group] };
            });
            stored = confirmed;
            set({ save: { state: 'saved' }, unsaved: { rgb: false, snapClick: false } });
            return true;
          } catch (error) {
            set({ save: { state: 'failed', error: problemOf(error) } });
            if (confirmed) show(confirmed);
            return false;
          }
        });
      },

      defaultLayer: null,
      factoryReset: false,
      notified(notice) {
        if (notice.kind === 'defaultLayer') return set({ defaultLayer: notice.layer });
        if (notice.kind === 'factoryReset') {
          set({ factoryReset: true });
          return void get().load();
        }
        // The report rate changed on the keyboard (Fn combination): the firmware stores it at once.
        if (!confirmed?.reportRate) return;
        const patch: KeychronPatch = { kind: 'reportRate', divider: notice.divider };
        confirmed = applyPatch(confirmed, patch);
        if (stored) stored = applyPatch(stored, patch);
        const shown = get().settings;
        if (shown) show(applyPatch(shown, patch));
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
    const made = createKeychronStore(deps());
    store = made;
    stores.set(client, made);
    // State notify: what the keyboard reports unasked reaches the panes (never the undo history).
    const hears = client as { onUnsolicited?(listener: (report: Uint8Array) => void): () => void };
    hears.onUnsolicited?.((report) => {
      const notice = readStateNotify(report);
      if (notice) made.getState().notified(notice);
    });
    void made.getState().load();
  }
  return store;
}

/** The store of `client` if a pane already made it (Save + Load asks without reading the keyboard). */
export const existingKeychronStore = (client: object) => stores.get(client) ?? null;
