import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Timers } from '../lib/timers.ts';
import type { ViaClient } from '../protocol/viaClient.ts';
import { UNLOCK_COUNTER_START } from '../protocol/vial.ts';
import { lockKeyboard, pollUnlock, readUnlockState, startUnlock } from '../services/vialUnlock.ts';
import type { DeviceState } from './deviceStore.ts';

/**
 * Why the unlock is asked for: a QK_BOOT key, a macro save, a layout load that writes macros (or QK_BOOT), the
 * key tester's matrix test, or the user.
 */
export type UnlockReason = 'bootKey' | 'macros' | 'layout' | 'tester' | 'user';

export interface VialUnlockState {
  /** The selected Vial keyboard's lock as last read; null for a VIA keyboard or before the first read. */
  lock: { unlocked: boolean; inProgress: boolean; keys: [number, number][] } | null;
  /**
   * The unlock dialog: the keys to hold and the firmware's counter, counting down from `counterStart` (50) to 0
   * while they are held; null when closed.
   */
  dialog: {
    reason: UnlockReason;
    keys: [number, number][];
    counter: number;
    counterStart: number;
    error: string | null;
  } | null;
  /** Reads the lock of the selected keyboard (for the lock chip). */
  refresh(): Promise<void>;
  /**
   * Resolves true at once for a VIA keyboard or an unlocked Vial one; else opens the dialog, starts the unlock
   * and polls until the firmware unlocks (true) or the user cancels (false).
   */
  ensureUnlocked(reason: UnlockReason): Promise<boolean>;
  /** Stops waiting. The firmware stays in its unlock (typing nothing) until the keys are held or it is replugged. */
  cancel(): void;
  /** Locks the keyboard again. */
  relock(): Promise<void>;
}

export interface VialUnlockDeps {
  devices: StoreApi<DeviceState>;
  timers: Timers;
  /** Time between polls: the firmware counts a poll only more than 100 ms after the last counted one. */
  pollMs?: number;
}

export const UNLOCK_POLL_MS = 150;

/**
 * The Vial security lock of the selected keyboard (docs/vial-protocol.md "Unlock"): what a sensitive action
 * waits for, and what the unlock dialog and the lock chip show.
 */
export function createVialUnlockStore(deps: VialUnlockDeps): StoreApi<VialUnlockState> {
  const pollMs = deps.pollMs ?? UNLOCK_POLL_MS;
  let run = 0;
  let waiting: Promise<boolean> | null = null;
  let finish: ((ok: boolean) => void) | null = null;
  const client = () => deps.devices.getState().commands()?.client ?? null;
  const sleep = (ms: number) => new Promise<void>((resolve) => deps.timers.setTimeout(resolve, ms));

  const store = createStore<VialUnlockState>((set, get) => {
    const end = (ok: boolean) => {
      finish?.(ok);
      finish = null;
      waiting = null;
    };

    /** Starts the unlock on `c` (the client the status was read with) and polls until it ends or `token` is stale. */
    async function unlock(token: number, c: ViaClient): Promise<void> {
      try {
        await startUnlock(c);
        for (;;) {
          await sleep(pollMs);
          if (token !== run) return;
          const poll = await pollUnlock(c);
          if (token !== run) return;
          if (poll.unlocked) {
            set({
              dialog: null,
              lock: { ...(get().lock ?? { keys: [] }), unlocked: true, inProgress: false },
            });
            return end(true);
          }
          const dialog = get().dialog;
          if (dialog) set({ dialog: { ...dialog, counter: poll.counter } });
        }
      } catch (error) {
        if (token !== run) return;
        const dialog = get().dialog;
        if (dialog)
          set({ dialog: { ...dialog, error: error instanceof Error ? error.message : String(error) } });
        end(false);
      }
    }

    return {
      lock: null,
      dialog: null,
      async refresh() {
        const keyboard = deps.devices.getState().keyboard;
        const c = client();
        if (!keyboard?.vial || !c) return set({ lock: null });
        try {
          const status = await readUnlockState(c);
          set({ lock: { unlocked: status.unlocked, inProgress: status.inProgress, keys: status.keys } });
        } catch {
          set({ lock: null });
        }
      },
      async ensureUnlocked(reason) {
        const keyboard = deps.devices.getState().keyboard;
        const c = client();
        if (!keyboard?.vial) return true;
        if (!c) return false;
        if (waiting) return waiting;
        // Taken before the first await: a second ask meanwhile (a double click on "Finish unlock…", a save asking
        // while the status is read) waits for this unlock instead of starting another one and orphaning this.
        const result = new Promise<boolean>((resolve) => (finish = resolve));
        waiting = result;
        const token = ++run;
        try {
          const status = await readUnlockState(c);
          if (token !== run) return result;
          set({ lock: { unlocked: status.unlocked, inProgress: status.inProgress, keys: status.keys } });
          if (status.unlocked) {
            end(true);
            return result;
          }
          set({
            dialog: {
              reason,
              keys: status.keys,
              counter: UNLOCK_COUNTER_START,
              counterStart: UNLOCK_COUNTER_START,
              error: null,
            },
          });
        } catch (error) {
          if (token === run) end(false);
          throw error;
        }
        void unlock(token, c);
        return result;
      },
      cancel() {
        run++;
        const lock = get().lock;
        set({ dialog: null, lock: lock && { ...lock, inProgress: !lock.unlocked } });
        end(false);
      },
      async relock() {
        const c = client();
        if (!c || !deps.devices.getState().keyboard?.vial) return;
        await lockKeyboard(c);
        await get().refresh();
      },
    };
  });

  // The lock belongs to one keyboard: another selected (or none) closes the dialog and forgets it.
  deps.devices.subscribe((state, previous) => {
    if (state.selectedPath !== previous.selectedPath || (previous.keyboard && !state.keyboard)) {
      run++;
      store.setState({ lock: null, dialog: null });
      finish?.(false);
      finish = null;
      waiting = null;
    }
  });
  return store;
}
