import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useAppStores, useDevices, useLazyStore } from '../AppContext.tsx';
import type { BadgeDevice } from './keyboardBadgeProps.ts';
import type { DeviceState } from '../../state/deviceStore.ts';
import { formatIds } from '../../definitions/deviceIds.ts';
import { useVirtualDialog } from '../devices/dialogProviders.tsx';
import { useDoctor } from '../devices/dialogProviders.tsx';

/** What the shell needs from the device layer. */
export interface DeviceShellModel {
  phase: DeviceState['phase'];
  devices: BadgeDevice[];
  /** Devices that cannot be used; choosing one opens the connection doctor. */
  problems: BadgeDevice[];
  openDoctor: () => void;
  selectedPath: string | null;
  select(path: string): void;
  authorizeNew?: () => void;
  tryVirtual?: () => void;
  connectZmk?: () => void;
  unplugSelected?: () => void;
  resetSelected?: () => void;
  layerCount: number;
  selectedLayer: number;
  setLayer(layer: number): void;
  /** Protocol and firmware of the selected keyboard, for Settings' diagnostics. */
  diagnostics: { protocol: number; firmware: string } | null;
  g24boot: boolean;
  /** The keyboard shown is a virtual one (the Configure screen says so). */
  selectedVirtual: boolean;
}

export function useDeviceShell(): DeviceShellModel {
  const { t } = useTranslation('shell');
  const openDoctor = useDoctor();
  const { runtime } = useAppStores();
  const openVirtual = useVirtualDialog();
  // ZMK keyboards (once the first one made their store) are listed and chosen beside the others.
  const zmk = useLazyStore(runtime.zmk, (s) => s, null);
  const state = useDevices(
    useShallow((s) => ({
      phase: s.phase,
      devices: s.devices,
      problems: s.problems,
      selectedPath: s.selectedPath,
      layerCount: s.keyboard?.layerCount ?? 0,
      // Diagnostics come from the selected device as soon as it is recognised (virtual ones included), not
      // only once its whole keymap has loaded (issue #13.3).
      protocol: s.devices.find((d) => d.path === s.selectedPath)?.protocol ?? null,
      firmwareVersion: s.keyboard ? s.keyboard.firmwareVersion : null,
      selectedLayer: s.selectedLayer,
      g24boot: s.vendorConfig?.g24boot === true,
    })),
  );
  return useMemo(() => {
    // Actions are looked up when used, not when rendered: the store's current ones.
    const store = () => runtime.store.getState();
    const zmkPath = zmk?.selectedPath ?? null;
    const selectedVirtual = zmkPath
      ? !!zmk?.keyboards.some((k) => k.path === zmkPath && k.kind === 'virtual')
      : runtime.isVirtual(state.selectedPath);
    const selectedPath = zmkPath ?? state.selectedPath;
    return {
      phase: state.phase,
      devices: [
        ...state.devices.map((d) => ({
          path: d.path,
          name: d.productName,
          detail: t(d.virtual ? 'virtualDetail' : 'usbDetail', { protocol: d.protocol }),
          // A keyboard without a definition is named with its ids, so the person can look for its file.
          ...(d.hasDefinition
            ? {}
            : { note: t('noDefinitionDetail', { ids: formatIds(d.vendorId, d.productId) }) }),
        })),
        ...(zmk?.keyboards ?? []).map((k) => ({ path: k.path, name: k.name, zmk: k.kind })),
      ],
      problems: state.problems.map((p) => ({
        path: p.path,
        name: p.productName,
        note: t(`problemDetail.${p.problem}`, { ids: formatIds(p.vendorId, p.productId) }),
      })),
      openDoctor,
      selectedPath,
      select: (path: string) => {
        if (zmk?.keyboards.some((k) => k.path === path)) return zmk.select(path);
        // Back from a ZMK keyboard, the HID keyboard still loaded is shown as it is; picked again while shown, it
        // loads again (the way to reload a keyboard).
        const fromZmk = zmkPath !== null;
        zmk?.select(null);
        if (path !== state.selectedPath || !fromZmk) void store().select(path);
      },
      ...(runtime.provider.hasRealHid ? { authorizeNew: () => void store().authorizeNew() } : {}),
      tryVirtual: openVirtual,
      connectZmk: () => void runtime.zmk.load().then((zmk) => zmk.getState().showConnect(true)),
      ...(selectedVirtual && selectedPath
        ? zmkPath
          ? { unplugSelected: () => void zmk?.remove(zmkPath) }
          : {
              unplugSelected: () => void runtime.unplug(selectedPath),
              resetSelected: () => void runtime.resetVirtual(selectedPath),
            }
        : {}),
      layerCount: state.layerCount,
      selectedLayer: state.selectedLayer,
      setLayer: (layer: number) => store().setLayer(layer),
      diagnostics:
        state.protocol === null
          ? null
          : {
              protocol: state.protocol,
              firmware:
                state.firmwareVersion === null
                  ? '…'
                  : `0x${state.firmwareVersion.toString(16).padStart(8, '0')}`,
            },
      g24boot: state.g24boot,
      selectedVirtual,
    };
  }, [runtime, state, zmk, openVirtual, openDoctor, t]);
}
