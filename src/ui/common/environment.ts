import { browserSessionStorage, siteDataKept } from '../../state/storage.ts';

/**
 * Facts about the browser and build that gate screens. Read once at start-up; `hid-override` and
 * `debug-prod` are documented switches (README, docs/adr/0001-no-webhid.md).
 */
export interface AppEnvironment {
  hidSupported: boolean;
  /** The 'USB Detection Error' page was bypassed (URL `?hid-override=1`, remembered for the session). */
  hidOverridden: boolean;
  isDevelopment: boolean;
  debugProd: boolean;
  webglAvailable: boolean;
  /** False where the browser refuses site data: the app runs on memory and says nothing is kept. */
  siteDataKept: boolean;
}

/** The session's mark of the bypass (hidOverride.ts sets it). */
export const OVERRIDE_KEY = 'keyloom-hid-override';

export function readEnvironment(): AppEnvironment {
  const params = new URLSearchParams(window.location.search);
  // Memory where the browser refuses site data (reading sessionStorage throws there).
  const session = browserSessionStorage();
  if (params.get('hid-override') === '1') session.setItem(OVERRIDE_KEY, '1');
  return {
    hidSupported: 'hid' in navigator && navigator.hid !== undefined,
    hidOverridden: session.getItem(OVERRIDE_KEY) === '1',
    isDevelopment: import.meta.env.DEV,
    debugProd: import.meta.env.VITE_DEBUG_PROD === 'true' || params.get('debug-prod') === '1',
    // Asked when Settings first needs it: a GL context costs ~10 ms, which the first screen does not spend.
    get webglAvailable() {
      return detectWebgl();
    },
    siteDataKept: siteDataKept(),
  };
}

let webgl: boolean | null = null;

/** Whether this browser can draw WebGL (asked once: each probe costs a GL context). */
export function detectWebgl(): boolean {
  if (webgl !== null) return webgl;
  webgl = probeWebgl();
  return webgl;
}

function probeWebgl(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return !!(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}
