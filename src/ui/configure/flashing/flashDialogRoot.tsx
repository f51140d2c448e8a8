import { Suspense, use } from 'react';
import { createRoot } from 'react-dom/client';
import { useStore } from 'zustand';
import { AppStoresContext, useAppStores, type AppStores } from '../../AppContext.tsx';
import { FlashDialog } from './FlashDialog.tsx';

let shown = false;

/**
 * Draws the flash dialog in a root of its own at the end of <body>, the first time a Firmware pane opens it: it
 * must outlast the pane (the keyboard leaves the bus while it flashes, and Configure shows no pane meanwhile),
 * and the first screen ships nothing for it. It shows whenever the flash store says `open`.
 */
export function showFlashDialog(stores: AppStores): void {
  if (shown) return;
  shown = true;
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(
    <AppStoresContext.Provider value={stores}>
      <Suspense fallback={null}>
        <FlashDialogHost />
      </Suspense>
    </AppStoresContext.Provider>,
  );
}

function FlashDialogHost() {
  const { runtime } = useAppStores();
  const flash = use(runtime.qmkFlash.load());
  const open = useStore(flash, (s) => s.open);
  return open ? <FlashDialog flash={flash} /> : null;
}
