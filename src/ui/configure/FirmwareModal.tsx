import { onDemand } from '../common/onDemand.tsx';
import { useAppStores, useLazyStore } from '../AppContext.tsx';

// The dialog (and the firmware pane inside it) loads only when firmware options are set (`?firmware=` links).
const FirmwareModalDialog = onDemand(
  () => import('./FirmwareModalDialog.tsx').then((m) => m.FirmwareModalDialog),
  ['hardware'],
);

/**
 * The firmware modal (extended.md §2): with firmware options set it overlays everything and offers Online
 * upgrade when the keyboard's config lists files, otherwise Local upgrade. It closes 1 s after an update
 * completes, or with Close / Escape.
 */
export function FirmwareModal() {
  const { runtime } = useAppStores();
  const options = useLazyStore(runtime.firmwareOptions, (s) => s.options, null);
  // Without firmware options nothing shows, and the 'hardware' strings are not even fetched.
  return options ? <FirmwareModalDialog options={options} /> : null;
}
