/**
 * A device store over virtual keyboards with no served definitions at all (a Vial keyboard brings its own), for
 * tests that plug a board in and use the store as the app does.
 */
import { realTimers, type Timers } from '../../src/lib/timers.ts';
import type { LogEntry } from '../../src/protocol/viaClient.ts';
import { DefinitionsRepository } from '../../src/services/definitionsRepository.ts';
import { createDeviceStore } from '../../src/state/deviceStore.ts';
import { memoryStorage } from '../../src/state/storage.ts';
import { HidProvider } from '../../src/transport/hidProvider.ts';
import type { VirtualHid } from '../../src/virtual-keyboard/index.ts';
import { DEVICE_FAMILIES } from '../../src/families/deviceFamilies.ts';

export function unservedDeviceStore(
  virtualHid: VirtualHid,
  timers: Timers = realTimers,
  /** Sees every report the app sends and receives (tests that check what was sent, and when). */
  onLog?: (entry: LogEntry) => void,
) {
  return createDeviceStore({
    families: DEVICE_FAMILIES,
    provider: new HidProvider(null, virtualHid),
    definitions: new DefinitionsRepository({
      fetch: async () => ({ ok: false, status: 404, json: async () => ({}) }),
      storage: memoryStorage(),
      baseUrl: 'http://app/',
      logError: () => undefined,
    }),
    timers,
    logError: () => undefined,
    ...(onLog ? { onLog } : {}),
  });
}
