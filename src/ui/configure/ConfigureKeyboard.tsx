import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useAppStores, useCommands, useDevices, useLazyStore, useSelection } from '../AppContext.tsx';
import { KeyboardView } from '../canvas/KeyboardView.tsx';
import { useKeyboardKeys } from '../canvas/useKeyboardKeys.ts';
import { UNITS_PER_MM } from '../../qmk/actuationUnits.ts';
import { LoadOnce } from '../../lib/LoadOnce.ts';
import { logFailureOnce } from '../../state/errorStore.ts';
import { ledCount } from '../../definitions/keys.ts';

/** A key's travel as the Actuation row shows it: with the unit, as on the slider ('1.50 mm' takes two lines). */
const mm = (units: number) => `${(units / UNITS_PER_MM).toFixed(2)} mm`;

/**
 * The colour conversion for painted keys: only the Lighting pane's palette paints (and imports it too), so it
 * loads with the palette, not with the first screen (issue 43).
 */
const colorCode = new LoadOnce(() => import('../common/color.ts'));

/** The keyboard on the Configure route: selecting a key, arrow navigation, Enter opens the keycode picker. */
export function ConfigureKeyboard() {
  const { t } = useTranslation('configure');
  const { selection, runtime, errors, keymapTools } = useAppStores();
  const keyboard = useDevices((s) => s.keyboard);
  const layer = useDevices((s) => s.selectedLayer);
  const selected = useSelection((s) => s.selected);
  const multiSelect = useSelection((s) => s.multiSelect);
  const paintColor = useSelection((s) => s.paintColor);
  const painter = useSelection((s) => s.keyPainter);
  const actuationView = useSelection((s) => s.actuationView);
  const drawn = useKeyboardKeys(keyboard, layer);
  // The keymap tools' marks (fall-through legends, reach, Find's hits …) once they are in use.
  const decorate = useLazyStore(keymapTools, (s) => s.decorate, null);
  const actuation = keyboard?.actuation;
  const colors = keyboard?.perKeyColors;
  const color = useSyncExternalStore(colorCode.subscribe, () => colorCode.current);
  useEffect(() => {
    if (paintColor) void colorCode.load().catch((e: unknown) => logFailureOnce(errors, e));
  }, [paintColor, errors]);
  const failure = useCommands((s) => s.failure);
  // The key (or encoder) whose last write failed is outlined until the next command.
  const failedIndex = useMemo(() => {
    const edit = failure?.edit;
    if (!edit || edit.layer !== layer) return -1;
    return drawn.findIndex((d) =>
      edit.kind === 'encoder' ? d.key.ei === edit.encoder : d.key.row === edit.row && d.key.col === edit.col,
    );
  }, [failure, layer, drawn]);

  // The colour palette opened: read every LED's colour once (0 … highest LED index).
  useEffect(() => {
    if (!paintColor || !keyboard || colors) return;
    const commands = runtime.store.getState().commands();
    const leds = ledCount(keyboard.definition);
    if (!commands || leds === 0) return;
    let live = true;
    (async () => {
      // Per-key colour requests load with the palette (protocol/vendorCommands.ts), not with the first screen.
      const vendor = (await import('../../services/vendorCommandsOf.ts')).vendorCommandsOf(commands);
      const read: [number, number][] = [];
      for (let led = 0; led < leds; led++) read.push(await vendor.perKeyColor(led));
      if (live) runtime.store.getState().patchKeyboard({ perKeyColors: read });
    })().catch((e: unknown) => logFailureOnce(errors, e));
    return () => {
      live = false;
    };
  }, [paintColor, keyboard, colors, runtime, errors]);

  const onPaint = useCallback(
    (index: number) => {
      const led = drawn[index]?.key.li;
      const current = runtime.store.getState().keyboard?.perKeyColors;
      // Keys without an LED index are not painted (extended.md §4).
      if (led === undefined || !paintColor || !current) return;
      const [hue, sat] = paintColor;
      if (current[led]?.[0] === hue && current[led]?.[1] === sat) return;
      const next = current.map((c, i) => (i === led ? ([hue, sat] as [number, number]) : c));
      runtime.store.getState().patchKeyboard({ perKeyColors: next });
      const commands = runtime.store.getState().commands();
      if (!commands) return;
      import('../../services/vendorCommandsOf.ts')
        .then((m) => m.vendorCommandsOf(commands).setPerKeyColor(led, hue, sat))
        .catch((e: unknown) => logFailureOnce(errors, e));
    },
    [drawn, paintColor, runtime, errors],
  );
  // On the Actuation row keys show their actuation point in mm instead of their keycode.
  const keys = useMemo(
    () =>
      drawn.map((d, index) => {
        if (index === failedIndex) return { ...d.canvas, failed: true };
        if (painter) {
          const fill = painter.fill(d.key.row, d.key.col);
          const note = painter.note?.(d.key.row, d.key.col);
          return fill || note
            ? { ...d.canvas, ...(fill ? { fill } : {}), ...(note ? { bottomLabel: note } : {}) }
            : d.canvas;
        }
        const key = multiSelect && actuation && d.matrixIndex >= 0 ? d.matrixIndex : -1;
        if (key >= 0 && actuationView === 'dks') {
          const has = actuation?.dks?.some(
            (e) => e.layer === layer && e.row === d.key.row && e.col === d.key.col,
          );
          // The legend stays (the user picks keys by what they type); a DKS key is marked beneath it.
          if (!has) return d.canvas;
          // Two-line keys show the lower legend (the unshifted one) above the marker.
          const legend = d.canvas.topLabel ? (d.canvas.bottomLabel ?? d.canvas.label) : d.canvas.label;
          return { ...d.canvas, topLabel: legend, bottomLabel: 'DKS' };
        }
        if (key >= 0 && actuationView === 'rt') {
          const rt = actuation?.rt?.[key];
          return {
            ...d.canvas,
            label: rt?.enabled ? mm(rt.rt1) : '—',
            topLabel: undefined,
            bottomLabel: undefined,
          };
        }
        const ap = key >= 0 ? actuation?.keys[key] : undefined;
        const led = d.key.li;
        if (paintColor && color && led !== undefined && colors?.[led])
          return { ...d.canvas, fill: color.hsToHex(colors[led][0], colors[led][1]) };
        return ap
          ? {
              ...d.canvas,
              label: mm(ap.ap),
              topLabel: undefined,
              bottomLabel: undefined,
            }
          : d.canvas;
      }),
    [drawn, multiSelect, actuation, actuationView, paintColor, color, colors, layer, failedIndex, painter],
  );
  const shown = useMemo(() => (decorate ? decorate(keys) : keys), [decorate, keys]);
  const onSelect = useCallback((index: number | null) => selection.getState().select(index), [selection]);
  // With a pane drawing on the keys, Enter paints the key as a click does; else it opens the keycode picker.
  const onPainter = useCallback(
    (index: number) => drawn[index] && painter?.paint(drawn[index].key.row, drawn[index].key.col),
    [drawn, painter],
  );
  const onActivate = useCallback(() => selection.getState().requestPicker(), [selection]);
  const onToggle = useCallback(
    (index: number, on: boolean) => selection.getState().toggle(index, on),
    [selection],
  );
  if (!keyboard) return null;
  // Pointing at the keyboard or focusing it loads the keymap tools (drag to swap, key commands, marks).
  const loadTools = () => void keymapTools.load();
  return (
    <div className="keymap-tools-keyboard" onPointerOver={loadTools} onFocus={loadTools}>
      <KeyboardView
        keys={shown}
        selected={selected}
        onSelect={onSelect}
        onToggle={onToggle}
        multiSelect={multiSelect}
        onActivate={painter ? onPainter : onActivate}
        {...(painter ? { onPaint: onPainter } : paintColor ? { onPaint } : {})}
        ariaLabel={t('keyboardLabel', { layer })}
      />
    </div>
  );
}
