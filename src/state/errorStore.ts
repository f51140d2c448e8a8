import { createStore, type StoreApi } from 'zustand/vanilla';
import { ViaError } from '../protocol/errors.ts';

export interface DeviceInfo {
  vendorId: number;
  productId: number;
  productName: string;
  protocol?: number;
}

/** An error the user can see on the Errors page and download as CSV. */
export interface AppError {
  message: string;
  /** Milliseconds since the epoch. */
  timestamp: number;
  deviceInfo?: DeviceInfo;
}

export interface ErrorState {
  errors: AppError[];
  logAppError(error: { message: string; deviceInfo?: DeviceInfo; timestamp?: number }): void;
  clear(): void;
}

/** Oldest entries are dropped past this, so a device that fails in a loop cannot grow memory without bound. */
export const MAX_ERRORS = 500;

export function createErrorStore(now: () => number = Date.now): StoreApi<ErrorState> {
  return createStore<ErrorState>((set) => ({
    errors: [],
    logAppError: ({ message, deviceInfo, timestamp }) =>
      set((s) => ({
        errors: [
          ...s.errors,
          { message, timestamp: timestamp ?? now(), ...(deviceInfo ? { deviceInfo } : {}) },
        ].slice(-MAX_ERRORS),
      })),
    clear: () => set({ errors: [] }),
  }));
}

/**
 * Logs a failure once: errors from a keyboard command were already logged by its client, with the device's
 * name and ids (core.md §8), so they are not logged a second time without them.
 */
export function logFailureOnce(errors: StoreApi<ErrorState>, error: unknown): void {
  if (error instanceof ViaError && 'commandName' in error.details) return;
  errors.getState().logAppError({ message: error instanceof Error ? error.message : String(error) });
}
