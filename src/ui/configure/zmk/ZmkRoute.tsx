import { use, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { useAppStores } from '../../AppContext.tsx';
import type { ScreenSlots } from '../../keymapScreen/screenModel.ts';
import { ZmkConnectDialog } from '../../devices/ZmkConnectDialog.tsx';
import { ZmkScreen } from './ZmkScreen.tsx';

/**
 * What the shell shows of the ZMK keyboards (their module loads with it): the selected one's screen on the Configure
 * route (`screen`), its model in the slots the shell places (`place`) as it places a VIA board's, and 'Connect a ZMK
 * keyboard' while it is open.
 */
export function ZmkRoute({ screen, place }: { screen: boolean; place(slots: ScreenSlots): ReactNode }) {
  const { runtime } = useAppStores();
  const zmk = use(runtime.zmk.load());
  const entry = useStore(zmk, (s) => s.keyboards.find((k) => k.path === s.selectedPath));
  const connecting = useStore(zmk, (s) => s.connectOpen);
  return (
    <>
      {screen && entry && (
        <ZmkScreen
          key={entry.path}
          entry={entry}
          onRemove={() => void zmk.getState().remove(entry.path)}
          place={place}
        />
      )}
      {connecting && <ZmkConnectDialog />}
    </>
  );
}
