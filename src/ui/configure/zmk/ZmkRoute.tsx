import { use } from 'react';
import { useStore } from 'zustand';
import { useAppStores } from '../../AppContext.tsx';
import { ZmkConnectDialog } from '../../devices/ZmkConnectDialog.tsx';
import { ZmkScreen } from './ZmkScreen.tsx';

/**
 * What the shell shows of the ZMK keyboards (their module loads with it): the selected one's screen on the
 * Configure route (`screen`), and 'Connect a ZMK keyboard' while it is open.
 */
export function ZmkRoute({ screen }: { screen: boolean }) {
  const { runtime } = useAppStores();
  const zmk = use(runtime.zmk.load());
  const entry = useStore(zmk, (s) => s.keyboards.find((k) => k.path === s.selectedPath));
  const connecting = useStore(zmk, (s) => s.connectOpen);
  return (
    <>
      {screen && entry && (
        <ZmkScreen key={entry.path} entry={entry} onRemove={() => void zmk.getState().remove(entry.path)} />
      )}
      {connecting && <ZmkConnectDialog />}
    </>
  );
}
