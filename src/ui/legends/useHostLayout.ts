import { useEffect, useState } from 'react';
import { detectHostLayout, type HostLayoutId } from '../../keycodes/hostLayout.ts';
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
      detected = map && map.size > 0 ? detectHostLayout(map) : null;
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

/** The keyboard layout legends are drawn in: the setting, or the detected one for 'auto' (US meanwhile). */
export function useHostLayout(): HostLayoutId {
  const setting = useSettings((s) => s.hostLayout);
  const detectedLayout = useDetectedLayout();
  return setting === 'auto' ? (detectedLayout ?? 'us') : setting;
}
