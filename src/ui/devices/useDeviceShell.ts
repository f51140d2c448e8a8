import type { BadgeDevice } from '../shell/KeyboardBadge.tsx';

/** What the shell needs from the device layer. */
export interface DeviceShellModel {
  phase: 'searching' | 'loading' | 'ready' | 'none';
  devices: BadgeDevice[];
  selectedPath: string | null;
  select(path: string): void;
  authorizeNew?: () => void;
  tryVirtual?: () => void;
  layerCount: number;
  selectedLayer: number;
  setLayer(layer: number): void;
  /** Protocol and firmware of the selected keyboard, for Settings' diagnostics. */
  diagnostics: { protocol: number; firmware: string } | null;
  g24boot: boolean;
}

export function useDeviceShell(): DeviceShellModel {
  return {
    phase: 'none',
    devices: [],
    selectedPath: null,
    select: () => {},
    layerCount: 0,
    selectedLayer: 0,
    setLayer: () => {},
    diagnostics: null,
    g24boot: false,
  };
}
