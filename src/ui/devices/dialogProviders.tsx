import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { onDemand } from '../common/onDemand.tsx';

// The dialogs load when first opened: a fresh machine's first screen shows neither (docs/performance.md).
const ConnectionDoctor = onDemand(
  () => import('./ConnectionDoctor.tsx').then((m) => m.ConnectionDoctor),
  ['connection', 'zmk'],
);
const VirtualKeyboardDialog = onDemand(
  () => import('./VirtualKeyboardDialog.tsx').then((m) => m.VirtualKeyboardDialog),
  ['devices', 'boardBuild', 'connection'],
);

const DoctorContext = createContext<() => void>(() => {});

const VirtualDialogContext = createContext<() => void>(() => {});

/** Opens the connection doctor from anywhere (loader, keyboard badge, Errors page, a keyboard with no definition). */
export function useDoctor(): () => void {
  return useContext(DoctorContext);
}

/** Opens the 'Try a virtual keyboard' dialog from anywhere (badge menu, empty Configure screen). */
export function useVirtualDialog(): () => void {
  return useContext(VirtualDialogContext);
}

export function DoctorProvider({ webHid, children }: { webHid: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const show = useCallback(() => setOpen(true), []);
  return (
    <DoctorContext value={show}>
      {children}
      {open && <ConnectionDoctor webHid={webHid} onClose={() => setOpen(false)} />}
    </DoctorContext>
  );
}

export function VirtualDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const show = useCallback(() => setOpen(true), []);
  return (
    <VirtualDialogContext value={show}>
      {children}
      {open && <VirtualKeyboardDialog onClose={() => setOpen(false)} />}
    </VirtualDialogContext>
  );
}
