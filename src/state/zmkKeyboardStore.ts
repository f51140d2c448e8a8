import { createStore, type StoreApi } from 'zustand/vanilla';
import { loadZmkKeyboard, readWithRetry, type ZmkSession } from '../services/zmkSession.ts';
import { isZmkError, ZmkError } from '../zmk/errors.ts';
import type { KeyMove } from '../keymap/keyMoves.ts';
import { zmkKeyMoveWrites } from '../keymap/zmkKeyMoves.ts';
import {
  applyBindingWrites,
  layerOperationWrites,
  type ZmkBindingWrite,
  type ZmkLayerOperation,
} from '../zmk/layerEdits.ts';
import type { ZmkBehavior } from '../zmk/behavior.ts';
import type { ZmkDeviceInfo } from '../zmk/deviceInfo.ts';
import type { ZmkBinding, ZmkKeymapData, ZmkLayer, ZmkPhysicalLayouts } from '../zmk/keymapData.ts';
import type { ZmkLockSnapshot } from '../zmk/lockState.ts';
import { activeKeyCount } from '../zmk/physicalLayout.ts';
import type { ZmkEdit, ZmkFailure } from './zmkEdit.ts';
import { zmkLayerActions, type ZmkLayerActions } from './zmkLayerActions.ts';

export type { ZmkEdit, ZmkFailure };

export interface ZmkKeyboardState extends ZmkLayerActions {
  /** loading: reading the keyboard (waiting for the unlock when locked); failed: the load gave up. */
  phase: 'loading' | 'ready' | 'failed' | 'closed';
  /** 'USB serial 1d50:615e', 'Bluetooth: Corne', 'Virtual: …'. */
  label: string;
  info: ZmkDeviceInfo | null;
  lock: ZmkLockSnapshot;
  behaviors: ZmkBehavior[];
  layouts: ZmkPhysicalLayouts | null;
  keymap: ZmkKeymapData | null;
  /**
   * The keymap as last read on a layout with as many keys as the keymap has positions (its own order), kept while
   * another layout is shown: that one does not report the keys it lacks, and the export needs them.
   */
  ownOrderKeymap: ZmkKeymapData | null;
  /** Layers taken out of the order in this session (bindings and names kept): they can be restored. */
  removed: ZmkLayer[];
  /** Index (not id) of the shown layer. */
  selectedLayer: number;
  /** The keyboard holds changes not yet saved (its own notification, or an edit made here). */
  unsaved: boolean;
  /** A request that changes the keymap's shape is running (buttons wait). */
  busy: boolean;
  failure: ZmkFailure | null;
  /** Times a read was asked again because its reply was lost (the page says so). */
  retries: number;
  /**
   * Requests the firmware does not know (it answered RPC_NOT_FOUND: an older or newer ZMK): the features they
   * serve are hidden from then on (`zmkSupports`).
   */
  unsupported: readonly string[];
  undoStack: ZmkEdit[];
  redoStack: ZmkEdit[];
  load(): Promise<void>;
  selectLayer(index: number): void;
  /** Shows the binding at once, sends it; refused, the key shows its old binding again and `failure` says why. */
  setBinding(layerId: number, position: number, binding: ZmkBinding): Promise<void>;
  /** Copy, swap or clear a layer as set-binding requests: one undo step. */
  runLayerOperation(operation: ZmkLayerOperation): Promise<void>;
  /**
   * Bindings from a `.keymap` the user previewed (convert/zmkKeymapLoad.ts), as set-binding requests: one undo
   * step, left unsaved for Save or Discard.
   */
  loadBindings(writes: readonly ZmkBindingWrite[]): Promise<void>;
  /** Swap, move or copy keys (places by layer index and position) as set-binding requests: one undo step. */
  runKeyMove(move: KeyMove<ZmkBinding>): Promise<void>;
  undo(): Promise<void>;
  redo(): Promise<void>;
  save(): Promise<void>;
  /** Drops every unsaved change: the keyboard goes back to what was saved (and its default physical layout). */
  discard(): Promise<void>;
  selectLayout(index: number): Promise<void>;
  /** Deletes what was saved: the keymap the firmware was built with, at once. */
  resetSettings(): Promise<void>;
  dismissFailure(): void;
  close(): Promise<void>;
}

/** Whether the keyboard's firmware knows `request` ('keymap.addLayer'), as far as the app has heard. */
export function zmkSupports(state: Pick<ZmkKeyboardState, 'unsupported'>, request: string): boolean {
  return !state.unsupported.includes(request);
}

export interface ZmkKeyboardStoreDeps {
  session: ZmkSession;
  /** The name, already read when the keyboard was recognised. */
  info?: ZmkDeviceInfo;
  /** The keyboard did not answer when it was recognised (the message): the store starts failed. */
  unanswered?: string;
  /** How it did not answer ('timeout' when not said). */
  unansweredFailure?: ZmkFailure;
  /** Logs a failure on the Errors page (English). */
  logError(message: string): void;
}

const sameBinding = (a: ZmkBinding | undefined, b: ZmkBinding) =>
  !!a && a.behaviorId === b.behaviorId && a.param1 === b.param1 && a.param2 === b.param2;

/**
 * One ZMK keyboard as the app shows it (docs/zmk-studio-protocol.md): loads it through its session, follows the
 * lock gate and the firmware's notifications, and runs every edit as the user's command — shown at once, sent,
 * put back when the keyboard refuses it. A reply lost on the way (a timeout) means the keyboard may have done
 * it: the keymap is read again instead of guessed. Edits are undoable; history is dropped when positions change
 * meaning (another physical layout, discard, reset).
 */
export function createZmkKeyboardStore(deps: ZmkKeyboardStoreDeps): StoreApi<ZmkKeyboardState> {
  const { session } = deps;
  const store = createStore<ZmkKeyboardState>((set, get) => {
    const fail = (error: unknown, extra: Partial<ZmkFailure> = {}) => {
      const zmk = error instanceof ZmkError ? error : new ZmkError('generic', '', String(error));
      deps.logError(
        `${get().info?.name ?? session.label}: ${zmk.request ? `${zmk.request}: ` : ''}${zmk.message}`,
      );
      set({
        failure: { code: zmk.code, request: zmk.request, ...(zmk.over ? { over: zmk.over } : {}), ...extra },
      });
      if (zmk.code === 'notFound' && zmk.request && !get().unsupported.includes(zmk.request))
        set({ unsupported: [...get().unsupported, zmk.request] });
    };
    /** After a lost reply the keyboard's state is unknown: read it again. */
    const reread = async () => {
      const keymap = await readWithRetry(() => session.keymap.keymap());
      const unsaved = await session.keymap.hasUnsavedChanges().catch(() => get().unsaved);
      set({ keymap, unsaved, selectedLayer: Math.min(get().selectedLayer, keymap.layers.length - 1) });
    };
    /** Runs a request; on failure says why, re-reads after a lost reply, and rethrows for the caller's rollback. */
    const guarded = async <T>(run: () => Promise<T>, rollback: () => void, key?: ZmkFailure['key']) => {
      set({ failure: null });
      try {
        return await run();
      } catch (error) {
        if (isZmkError(error, 'timeout')) {
          await reread().catch(() => rollback());
          fail(error, { ...(key ? { key } : {}), reread: true });
        } else {
          rollback();
          fail(error, key ? { key } : {});
        }
        throw error;
      }
    };
    const putBindings = (writes: { layerId: number; position: number; binding: ZmkBinding }[]) => {
      const keymap = get().keymap;
      if (keymap) set({ keymap: { ...keymap, layers: applyBindingWrites(keymap.layers, writes) } });
    };
    const binding = (layerId: number, position: number) =>
      get().keymap?.layers.find((l) => l.id === layerId)?.bindings[position];

    /** Sends one binding, shown first; refused, the old one shows again (unless a newer edit replaced it). */
    const writeBinding = async (layerId: number, position: number, next: ZmkBinding) => {
      const before = binding(layerId, position);
      if (!before) throw new ZmkError('bindingInvalidLocation', 'keymap.setLayerBinding');
      putBindings([{ layerId, position, binding: next }]);
      await guarded(
        async () => {
          await session.keymap.setBinding(layerId, position, next);
          set({ unsaved: true });
        },
        () => {
          if (sameBinding(binding(layerId, position), next))
            putBindings([{ layerId, position, binding: before }]);
        },
        { layerId, position },
      );
      return before;
    };
    const writeAll = async (writes: { layerId: number; position: number; binding: ZmkBinding }[]) => {
      for (const w of writes) await writeBinding(w.layerId, w.position, w.binding);
    };

    const record = (edit: ZmkEdit) => set({ undoStack: [...get().undoStack, edit], redoStack: [] });
    /**
     * Several set-binding requests as one undo step: each shows at once; a refused one stops the rest and puts
     * back what was written.
     */
    const writeStep = async (writes: ZmkBindingWrite[], undo: ZmkBindingWrite[], label: string) => {
      if (writes.length === 0) return;
      set({ busy: true });
      try {
        const done: ZmkBindingWrite[] = [];
        try {
          for (const [i, w] of writes.entries()) {
            await writeBinding(w.layerId, w.position, w.binding);
            done.push(undo[i]!);
          }
        } catch (error) {
          await writeAll(done.reverse()).catch(() => undefined);
          throw error;
        }
        record({
          kind: 'step',
          label,
          undo: () => writeAll([...undo].reverse()),
          redo: () => writeAll(writes),
        });
      } finally {
        set({ busy: false });
      }
    };
    const forgetHistory = () => set({ undoStack: [], redoStack: [] });
    const run = async (edit: ZmkEdit, direction: 'undo' | 'redo') => {
      if (edit.kind === 'step') await edit[direction]();
      else await writeBinding(edit.layerId, edit.position, direction === 'undo' ? edit.from : edit.to);
    };

    return {
      phase: deps.unanswered === undefined ? 'loading' : 'failed',
      label: session.label,
      info: deps.info ?? null,
      lock: session.gate.snapshot(),
      behaviors: [],
      layouts: null,
      keymap: null,
      ownOrderKeymap: null,
      removed: [],
      selectedLayer: 0,
      unsaved: false,
      busy: false,
      failure:
        deps.unanswered === undefined
          ? null
          : (deps.unansweredFailure ?? { code: 'timeout', request: 'core.getDeviceInfo' }),
      retries: 0,
      unsupported: [],
      undoStack: [],
      redoStack: [],
      async load() {
        set({ phase: 'loading', failure: null });
        try {
          const data = await loadZmkKeyboard(session, {
            onInfo: (info) => set({ info }),
            onRetry: () => set({ retries: get().retries + 1 }),
          });
          set({ ...data, phase: 'ready', selectedLayer: 0, removed: [], ownOrderKeymap: null });
        } catch (error) {
          if (get().phase === 'closed') return;
          set({ phase: 'failed' });
          fail(error);
        }
      },
      selectLayer(index) {
        const count = get().keymap?.layers.length ?? 0;
        if (index >= 0 && index < count) set({ selectedLayer: index });
      },
      async setBinding(layerId, position, next) {
        const from = binding(layerId, position);
        if (!from || sameBinding(from, next)) return;
        await writeBinding(layerId, position, next);
        record({ kind: 'binding', layerId, position, from, to: next });
      },
      async runLayerOperation(operation) {
        const keymap = get().keymap;
        const keys = activeKeyCount(get().layouts);
        if (!keymap) return;
        const { writes, undo } = layerOperationWrites(keymap.layers, operation, keys);
        await writeStep(writes, undo, `layer-${operation.kind}`);
      },
      async loadBindings(writes) {
        const undo = writes.map((w) => ({ ...w, binding: binding(w.layerId, w.position)! }));
        if (undo.some((u) => !u.binding))
          throw new ZmkError('bindingInvalidLocation', 'keymap.setLayerBinding');
        await writeStep([...writes], undo, 'keymap-load');
      },
      async runKeyMove(move) {
        const keymap = get().keymap;
        if (!keymap) return;
        const { writes, undo } = zmkKeyMoveWrites(keymap, move);
        await writeStep(writes, undo, `key-${move.kind}`);
      },
      async undo() {
        const edit = get().undoStack.at(-1);
        if (!edit) return;
        set({ undoStack: get().undoStack.slice(0, -1), redoStack: [...get().redoStack, edit] });
        await run(edit, 'undo');
      },
      async redo() {
        const edit = get().redoStack.at(-1);
        if (!edit) return;
        set({ redoStack: get().redoStack.slice(0, -1), undoStack: [...get().undoStack, edit] });
        await run(edit, 'redo');
      },
      async save() {
        set({ busy: true });
        try {
          await guarded(
            () => session.keymap.save(),
            () => undefined,
          );
          set({ unsaved: false });
        } finally {
          set({ busy: false });
        }
      },
      async discard() {
        set({ busy: true });
        try {
          await guarded(
            () => session.keymap.discard(),
            () => undefined,
          );
          // The firmware goes back to its default physical layout and the saved keymap: read both.
          const layouts = await readWithRetry(() => session.keymap.physicalLayouts());
          set({ layouts, unsaved: false, ownOrderKeymap: null });
          await reread();
          set({ removed: [] });
          forgetHistory();
        } finally {
          set({ busy: false });
        }
      },
      async selectLayout(index) {
        const layouts = get().layouts;
        if (!layouts || index === layouts.activeIndex) return;
        const before = get().keymap;
        set({ busy: true, layouts: { ...layouts, activeIndex: index } });
        try {
          const keymap = await guarded(
            () => session.keymap.setActivePhysicalLayout(index),
            () => set({ layouts }),
          );
          // Leaving the keymap's own layout: what it showed is kept for the keys the next one leaves out.
          const positions = (k: ZmkKeymapData | null) =>
            Math.max(0, ...(k?.layers ?? []).map((l) => l.bindings.length));
          const ownSize = (i: number) => layouts.layouts[i]?.keys.length === positions(keymap);
          const ownOrderKeymap = ownSize(index)
            ? null
            : ownSize(layouts.activeIndex)
              ? before
              : get().ownOrderKeymap;
          set({ keymap, unsaved: true, ownOrderKeymap });
          // Positions now follow the other layout's key order: earlier edits no longer name the same keys.
          forgetHistory();
        } finally {
          set({ busy: false });
        }
      },
      async resetSettings() {
        set({ busy: true });
        try {
          await guarded(
            () => session.core.resetSettings(),
            () => undefined,
          );
          await reread();
          set({ removed: [], unsaved: false, ownOrderKeymap: null });
          forgetHistory();
        } finally {
          set({ busy: false });
        }
      },
      dismissFailure: () => set({ failure: null }),
      async close() {
        set({ phase: 'closed' });
        await session.close();
      },
      ...zmkLayerActions({ session, get, set, guarded, record }),
    };
  });

  session.gate.subscribe((lock) => store.setState({ lock }));
  session.client.onNotification((notification) => {
    const { subsystem } = notification;
    if (
      subsystem.case === 'keymap' &&
      subsystem.value.notificationType.case === 'unsavedChangesStatusChanged'
    ) {
      // A flood of the same state costs nothing: only a change reaches the page.
      const unsaved = subsystem.value.notificationType.value;
      if (store.getState().unsaved !== unsaved) store.setState({ unsaved });
    }
  });
  session.client.onClose(() => {
    if (store.getState().phase === 'closed') return;
    store.setState({ phase: 'closed' });
    deps.logError(`${store.getState().info?.name ?? session.label}: ${new ZmkError('disconnected').message}`);
  });
  return store;
}
