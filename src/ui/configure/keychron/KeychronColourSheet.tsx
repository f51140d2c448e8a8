import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { KeychronRgb } from '../../../qmk/keychronSettings.ts';
import { keychronStoreOfDevice, readyKeychron } from '../../../state/keychronLayoutFile.ts';
import { useAppStores } from '../../AppContext.tsx';
import { KeyboardCanvas } from '../../canvas/KeyboardCanvas.tsx';
import type { DrawnKey } from '../../canvas/useKeyboardKeys.ts';
import { hsToHex } from '../../common/color.ts';

const EMPTY: ReadonlySet<number> = new Set();

/**
 * The print sheet's per-key colour map of a Keychron board: the base layer's keys, each in its LED's colour
 * (read from the board if no Keychron pane did), after the layers. Nothing shows when the colours cannot be read.
 */
export function KeychronColourSheet({ drawn }: { drawn: readonly DrawnKey[] }) {
  const { t } = useTranslation('keychron');
  const { runtime, commands } = useAppStores();
  const [rgb, setRgb] = useState<KeychronRgb | null>(null);
  useEffect(() => {
    const store = keychronStoreOfDevice(runtime.store, commands);
    let live = true;
    if (store) void readyKeychron(store).then((s) => live && setRgb(s?.rgb ?? null));
    return () => {
      live = false;
    };
  }, [runtime, commands]);
  if (!rgb) return null;
  const keys = drawn.map((d) => {
    const led = rgb.ledMap[d.key.row]?.[d.key.col];
    const c = led === null || led === undefined ? undefined : rgb.colors[led];
    return c ? { ...d.canvas, fill: hsToHex(c[0], c[1]) } : d.canvas;
  });
  return (
    <section className="print-layer" aria-labelledby="print-keychron-colours">
      <h2 id="print-keychron-colours">{t('print.title')}</h2>
      <KeyboardCanvas
        keys={keys}
        selected={EMPTY}
        readOnly
        testId="print-keychron-colours-canvas"
        ariaLabel={t('print.title')}
      />
    </section>
  );
}
