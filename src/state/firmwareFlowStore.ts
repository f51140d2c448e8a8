import { createStore, type StoreApi } from 'zustand/vanilla';
import type { TransferFailureInfo } from './transferStore.ts';

/** Which update a flow runs: PLC files, then master; or every file ('normal'); or one local file. */
export type FirmwareGroup = 'plc' | 'master' | 'normal' | 'local';

export interface FlowFile {
  url: string;
  name: string;
  bytes: Uint8Array;
  sha256: string;
}

/** Where a running update stands, shown on the pane (and again after the keyboard restarts). */
export interface FlowStage {
  group: FirmwareGroup;
  /** 1-based number of the file in its group, and how many the group has. */
  file: number;
  count: number;
  name: string;
  phase: 'pausing' | 'bootMode' | 'flashing' | 'restarting';
}

export type FlowOutcome =
  | { kind: 'success'; group: FirmwareGroup; version: string | null }
  /** The file went in, but the keyboard did not come back within the wait: the rest of the group waits. */
  | { kind: 'noRestart'; group: FirmwareGroup; file: string }
  | { kind: 'failed'; group: FirmwareGroup; file: string; failure: TransferFailureInfo | null }
  | { kind: 'canceled'; group: FirmwareGroup };

/** One keyboard's firmware update: downloaded files, the files done, the running step and the outcome. */
export interface FirmwareFlow {
  /** The pane's tab, kept here so it stays put when the pane remounts after a restart; null: its default. */
  tab: 'online' | 'local' | null;
  online: 'idle' | 'latest' | 'downloading' | 'downloadFailed' | 'ready';
  files: FlowFile[];
  /** URLs of the files flashed so far (the PLC files must all be done before master is offered). */
  done: string[];
  stage: FlowStage | null;
  outcome: FlowOutcome | null;
}

export const idleFlow = (): FirmwareFlow => ({
  tab: null,
  online: 'idle',
  files: [],
  done: [],
  stage: null,
  outcome: null,
});

/**
 * Firmware updates by keyboard — keyed by its USB ids (`vvvv:pppp`), not by its HID path, because the board
 * re-enumerates (a new path) after every file it takes (issue #13.2). The pane renders from here, so a remount
 * after a restart picks up where the update stands.
 */
export interface FirmwareFlowState {
  flows: Record<string, FirmwareFlow>;
  patch(key: string, change: Partial<FirmwareFlow>): void;
  /** Clears the outcome (a new file was chosen, the tab changed, the keyboard re-enumerated by itself). */
  clearOutcome(key: string): void;
}

export function flowKey(device: { vendorId: number; productId: number }): string {
  const hex = (n: number) => n.toString(16).padStart(4, '0');
  return `${hex(device.vendorId)}:${hex(device.productId)}`;
}

export function flowOf(state: FirmwareFlowState, key: string | null): FirmwareFlow {
  return (key && state.flows[key]) || IDLE;
}
const IDLE = idleFlow();

export function createFirmwareFlowStore(): StoreApi<FirmwareFlowState> {
  return createStore<FirmwareFlowState>((set, get) => ({
    flows: {},
    patch(key, change) {
      set({ flows: { ...get().flows, [key]: { ...(get().flows[key] ?? idleFlow()), ...change } } });
    },
    clearOutcome(key) {
      if (get().flows[key]?.outcome) get().patch(key, { outcome: null });
    },
  }));
}
