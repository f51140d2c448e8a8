import { useEffect, useSyncExternalStore } from 'react';
import {
  detectHostLayout,
  hostLayoutReady,
  hostLayouts,
  type HostLayoutId,
} from '../../keycodes/hostLayout.ts';
import { LoadOnce } from '../../lib/LoadOnce.ts';
import { useSettings } from '../AppContext.tsx';

interface KeyboardLayoutNavigator {
  keyboard?: { getLayoutMap?(): Promise<ReadonlyMap<string, string>> };
}

/**
 * The layout the browser reports (Keyboard Map API, Chromium only), or null where it cannot tell; asked once
 * per page. Browsers without the API, or refusing it (iframes, insecure pages), leave the legends in US. The
 * question never fails (a refusal is the answer null), so it is asked once and for all.
 */
const browserLayout = new LoadOnce<HostLayoutId | null>(async () => {
  try {
    const map = await (navigator as KeyboardLayoutNavigator).keyboard?.getLayoutMap?.();
    return map && map.size > 0 ? await detectHostLayout(map) : null;
  } catch {
    return null;
  }
});

/**
 * What the browser's layout gives, as `pick` sees it, asking the browser once when `ask`. A component redraws
 * only when its pick changes (legends drawn in US before and after a US answer stay as they are).
 */
function useDetection<T>(pick: (layout: HostLayoutId | null | undefined) => T, ask: boolean): T {
  const value = useSyncExternalStore(browserLayout.subscribe, () =>
    pick(browserLayout.ready ? browserLayout.current : undefined),
  );
  useEffect(() => {
    if (ask) void browserLayout.load();
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
  const ready = useSyncExternalStore(hostLayouts.subscribe, () => hostLayoutReady(layout));
  useEffect(() => {
    // Offline before the tables were cached: the legends stay US; the next component that needs them asks again.
    if (!ready) void hostLayouts.load().catch(() => undefined);
  }, [ready]);
  return ready ? layout : 'us';
}
