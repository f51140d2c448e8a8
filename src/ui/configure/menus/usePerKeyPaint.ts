import { useEffect, useMemo } from 'react';
import { ledCount } from '../../../definitions/keys.ts';
import { logFailureOnce } from '../../../state/errorStore.ts';
import type { KeyPainter } from '../../../state/selectionStore.ts';
import { useAppStores, useDevices } from '../../AppContext.tsx';
import { useKeyboardKeys } from '../../canvas/useKeyboardKeys.ts';
import { hsToHex } from '../../common/color.ts';
import { useKeyPainter } from '../../canvas/useKeyPainter.ts';
import { vendorCommandsOf } from '../../../services/vendorCommandsOf.ts';

/**
 * The per-key colour palette on the Configure keyboard, as a key painter (the one way a pane draws on the keys):
 * every key shows its LED's colour, read once when the palette opens (LEDs 0 … the highest index), and painting a
 * key gives its LED `paint` at once. Keys without an LED index are not painted (extended.md §4). Here rather than
 * in the keyboard, so none of it is on the first screen.
 */
export function usePerKeyPaint(paint: [number, number]): void {
  const { runtime, errors } = useAppStores();
  const keyboard = useDevices((s) => s.keyboard);
  const layer = useDevices((s) => s.selectedLayer);
  const drawn = useKeyboardKeys(keyboard, layer);
  const colors = keyboard?.perKeyColors;

  useEffect(() => {
    if (!keyboard || colors) return;
    const commands = runtime.store.getState().commands();
    const leds = ledCount(keyboard.definition);
    if (!commands || leds === 0) return;
    let live = true;
    (async () => {
      const read: [number, number][] = [];
      const vendor = vendorCommandsOf(commands);
      for (let led = 0; led < leds; led++) read.push(await vendor.perKeyColor(led));
      if (live) runtime.store.getState().patchKeyboard({ perKeyColors: read });
    })().catch((e: unknown) => logFailureOnce(errors, e));
    return () => {
      live = false;
    };
  }, [keyboard, colors, runtime, errors]);

  const painter = useMemo<KeyPainter>(() => {
    // The drawn keys' LEDs (layout options applied), by matrix position.
    const leds = new Map<string, number>();
    for (const { key } of drawn) if (key.li !== undefined) leds.set(`${key.row},${key.col}`, key.li);
    return {
      fill: (row, col) => {
        const color = colors?.[leds.get(`${row},${col}`) ?? -1];
        return color && hsToHex(color[0], color[1]);
      },
      paint: (row, col) => {
        const led = leds.get(`${row},${col}`);
        const current = runtime.store.getState().keyboard?.perKeyColors;
        if (led === undefined || !current) return;
        const [hue, sat] = paint;
        if (current[led]?.[0] === hue && current[led]?.[1] === sat) return;
        const next = current.map((c, i) => (i === led ? ([hue, sat] as [number, number]) : c));
        runtime.store.getState().patchKeyboard({ perKeyColors: next });
        const commands = runtime.store.getState().commands();
        if (commands)
          vendorCommandsOf(commands)
            .setPerKeyColor(led, hue, sat)
            .catch((e: unknown) => logFailureOnce(errors, e));
      },
    };
  }, [drawn, colors, paint, runtime, errors]);
  useKeyPainter(painter);
}
