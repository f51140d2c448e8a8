import { useEffect, useReducer, useState } from 'react';
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
    return detected;
  })();
  return detection;
}

/** The detected layout: undefined while asking, null when the browser cannot tell. */
export function useDetectedLayout(): HostLayoutId | null | undefined {
  const [layout, setLayout] = useState(detected);
  useEffect(() => {
    let live = true;
    void detectBrowserLayout().then((l) => live && setLayout(l));
    return () => {
      live = false;
    };
  }, []);
  return layout;
}

/**
 * The keyboard layout legends are drawn in: the setting, or the detected one for 'auto' (US meanwhile, and while
 * a chosen layout's table loads: main.tsx loads it before the first render when the setting names one).
 */
export function useHostLayout(): HostLayoutId {
  const setting = useSettings((s) => s.hostLayout);
  const detectedLayout = useDetectedLayout();
  const layout = setting === 'auto' ? (detectedLayout ?? 'us') : setting;
  const ready = hostLayoutReady(layout);
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!ready) void loadHostLayouts().then(loaded);
  }, [ready]);
  return ready ? layout : 'us';
}
