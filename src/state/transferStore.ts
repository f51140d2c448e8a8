import { createStore, type StoreApi } from 'zustand/vanilla';

/** Transfers run one per kind; each kind has its own progress on screen (Boot and Boot 2 one each). */
export type TransferKind = 'matrix' | 'screen' | 'firmware' | 'boot' | 'boot2';

/** Why a transfer failed and where it left the keyboard (transfer/transferFailure.ts), for the page to say. */
export interface TransferFailureInfo {
  message: string;
  /** untouched: nothing new written; stopped: told to stop (226) after `sent` bytes; unknown: stop not sent. */
  keyboardState: 'untouched' | 'stopped' | 'unknown';
  sent: number;
  total: number;
}
export type TransferPhase = 'waiting' | 'saving' | 'completed' | 'failed' | 'canceled';

export interface TransferProgress {
  state: TransferPhase;
  bytesSent: number;
  total: number;
  started: number;
  lastUpdate: number;
  /** Bytes per second over the last update interval. */
  speed: number;
  /** Set when the transfer failed. */
  failure: TransferFailureInfo | null;
}

export interface TransferState {
  transfers: Record<TransferKind, TransferProgress>;
  /** Starts a transfer; false (and nothing changes) when one of this kind is already saving. */
  start(kind: TransferKind, total: number): boolean;
  /** Progress from the link; on screen it moves at most once a second (extended.md §4). */
  progress(kind: TransferKind, bytesSent: number): void;
  finish(kind: TransferKind, state: 'completed' | 'failed', failure?: TransferFailureInfo): void;
  /** The user cancelled: the running transfer stops before its next chunk. */
  cancel(kind: TransferKind): void;
  /** A new device was selected, or a new file was chosen. */
  reset(kind: TransferKind): void;
}

export const PROGRESS_INTERVAL_MS = 1000;

const idle = (): TransferProgress => ({
  state: 'waiting',
  bytesSent: 0,
  total: 0,
  started: 0,
  lastUpdate: 0,
  speed: 0,
  failure: null,
});

export function createTransferStore(now: () => number = Date.now): StoreApi<TransferState> {
  return createStore<TransferState>((set, get) => {
    const patch = (kind: TransferKind, value: Partial<TransferProgress>) =>
      set((s) => ({ transfers: { ...s.transfers, [kind]: { ...s.transfers[kind], ...value } } }));
    return {
      transfers: { matrix: idle(), screen: idle(), firmware: idle(), boot: idle(), boot2: idle() },
      start(kind, total) {
        if (get().transfers[kind].state === 'saving') return false;
        const t = now();
        patch(kind, {
          state: 'saving',
          bytesSent: 0,
          total,
          started: t,
          lastUpdate: t,
          speed: 0,
          failure: null,
        });
        return true;
      },
      progress(kind, bytesSent) {
        const current = get().transfers[kind];
        const t = now();
        if (current.state !== 'saving') return;
        // The last chunk always shows, so 100 % is never skipped.
        if (t - current.lastUpdate < PROGRESS_INTERVAL_MS && bytesSent < current.total) return;
        const seconds = Math.max((t - current.lastUpdate) / 1000, 0.001);
        patch(kind, {
          bytesSent,
          lastUpdate: t,
          speed: Math.floor((bytesSent - current.bytesSent) / seconds),
        });
      },
      finish(kind, state, failure) {
        // A cancelled transfer stays cancelled even if the link finishes its last chunk afterwards.
        if (get().transfers[kind].state === 'canceled') return;
        patch(kind, {
          state,
          failure: failure ?? null,
          ...(state === 'completed' ? { bytesSent: get().transfers[kind].total } : {}),
        });
      },
      cancel(kind) {
        if (get().transfers[kind].state === 'saving') patch(kind, { state: 'canceled' });
      },
      reset(kind) {
        patch(kind, idle());
      },
    };
  });
}

/** Seconds left at the current speed, or null while unknown. */
export function secondsRemaining(p: TransferProgress): number | null {
  return p.speed > 0 ? Math.ceil((p.total - p.bytesSent) / p.speed) : null;
}
