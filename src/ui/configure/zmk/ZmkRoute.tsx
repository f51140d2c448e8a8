import { use } from 'react';
import { useStore } from 'zustand';
import { useAppStores } from '../../AppContext.tsx';
import { ZmkScreen } from './ZmkScreen.tsx';

/** The Configure route while a ZMK keyboard is selected: its screen (the ZMK module loads with it). */
export function ZmkRoute() {
  const { runtime } = useAppStores();
  const zmk = use(runtime.zmk.load());
  const entry = useStore(zmk, (s) => s.keyboards.find((k) => k.path === s.selectedPath));
  if (!entry) return null;
  return <ZmkScreen key={entry.path} entry={entry} onRemove={() => void zmk.getState().remove(entry.path)} />;
}
