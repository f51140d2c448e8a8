import { useEffect, useReducer, useSyncExternalStore } from 'react';
import {
  detectHostLayout,
  hostLayoutReady,
  loadHostLayouts,
  type HostLayoutId,
} from '../../keycodes/hostLayout.ts';
import { useSettings } from '../AppContext.tsx';

interface KeyboardLayoutNavigator {
  keyboard?: { getLayoutMap?(): Promise<ReadonlyMap<string, string>> };
}

let detection: Promise<HostLayoutId | null> | null = null;
let detected: HostLayoutId | null | undefined;
const listeners = new Set<() => void>();
const subscribeDetected = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The layout the browser reports (Keyboard Map API, Chromium only), or null where it cannot tell; asked once
 * per page. Browsers without the API, or refusing it (iframes, insecure pages), leave the legends in US.
 */
export function detectBrowserLayout(): Promise<HostLayoutId | null> {
  detection ??= (async () => {
    try {
      const map = await (navigator as KeyboardLayoutNavigator).keyboard?.getLayoutMap?.();
      detected = map && map.size > 0 ? await detectHostLayout(map) : null;
    } catch {
      detected = null;
    }
    listeners.forEach((listener) => listener());
    return detected;
  })();
  return detection;
}

/**
 * What the browser's layout gives, as `pick` sees it, asking the browser once when `ask`. A component redraws
 * only when its pick changes (legends drawn in US before and after a US answer stay as they are).
 */
function useDetection<T>(pick: (layout: HostLayoutId | null | undefined) => T, ask: boolean): T {
  const value = useSyncExternalStore(subscribeDetected, () => pick(detected));
  useEffect(() => {
    if (ask) void detectBrowserLayout();
  }, [ask]);
  return value;
}

/** The detected layout: undefined while asking, null when the browser cannot tell. */
export function useDetectedLayout(): HostLayoutId | null | undefined {
  return useDetection((layout) => layout, true);
}

/**
 * The keyboard layout legends are drawn in: the setting, or the detected one for 'auto' (US meanwhile, and while
 * a chosen layout's table loads: main.tsx loads it before the first render when the setting names one).
 */
export function useHostLayout(): HostLayoutId {
  const setting = useSettings((s) => s.hostLayout);
  const auto = setting === 'auto';
  const layout = useDetection((detectedLayout) => (auto ? (detectedLayout ?? 'us') : setting), auto);
  const ready = hostLayoutReady(layout);
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!ready) void loadHostLayouts().then(loaded);
  }, [ready]);
  return ready ? layout : 'us';
}
