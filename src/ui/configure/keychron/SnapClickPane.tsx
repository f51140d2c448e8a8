import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { StoreApi } from 'zustand';
import { keycodeLabel } from '../../../keycodes/labels.ts';
import { KC_SNAP_CLICK_TYPE_COUNT } from '../../../qmk/keychronValues.ts';
import type { KeychronSettings } from '../../../qmk/keychronSettings.ts';
import type { KeyboardState } from '../../../services/keyboardLoader.ts';
import type { KeychronState } from '../../../state/keychronStore.ts';
import { useDevices } from '../../AppContext.tsx';
import { useKeyPainter } from '../../canvas/useKeyPainter.ts';
import '../../common/onDemandParts.css';

const KC_TRNS = 0x01;
const TYPES = ['off', 'regular', 'lastInput', 'firstKey', 'secondKey', 'neutral'] as const;
const PICKED = '#3b82f6';
const PAIRED = '#94a3b8';

/**
 * Snap Click (SOCD): pairs of keys and what happens when both are held (the firmware's six types). Choose a
 * pair, press "Choose keys", then click (or press Enter on) two keys of the canvas: the pair takes the keys'
 * keycodes on the layer shown, which must be basic keys (the firmware keeps 8-bit HID codes). The canvas marks every
 * pair's keys, the chosen pair's in the accent colour. Pressing "Choose keys" again or Escape ends the choosing.
 */
export function SnapClickPane({
  store,
  settings,
  keyboard,
}: {
  store: StoreApi<KeychronState>;
  settings: KeychronSettings;
  keyboard: KeyboardState;
}) {
  const { t } = useTranslation('keychron');
  const pairs = settings.snapClick!;
  const [chosen, setChosen] = useState(0);
  const [picking, setPicking] = useState<{ first: number | null } | null>(null);
  const [notBasic, setNotBasic] = useState<string | null>(null);
  // Snap Click matches the keycode a press resolves to (process_record_snap_click), so keys are read from
  // the layer on screen, the one the user picks with the layer tabs.
  const layer = useDevices((s) => s.selectedLayer);
  const cols = keyboard.definition.matrix.cols;
  const codeAt = (row: number, col: number) => {
    // A transparent key (KC_TRNS) sends what the layers below it hold: the firmware sees that keycode.
    for (let l = layer; l >= 0; l--) {
      const code = keyboard.keymap[l]?.[row * cols + col] ?? 0;
      if (code !== KC_TRNS) return code;
    }
    return 0;
  };
  const name = (code: number) => (code === 0 ? '—' : keycodeLabel(code, keyboard.protocol).label);
  const change = store.getState().change;

  const painter = useMemo(
    () => ({
      fill: (row: number, col: number) => {
        const code = codeAt(row, col);
        if (code === 0 || code > 0xff) return undefined;
        if (picking?.first === code) return PICKED;
        const pair = pairs[chosen];
        if (!picking && pair && pair.type !== 0 && (pair.key1 === code || pair.key2 === code)) return PICKED;
        return pairs.some((p) => p.type !== 0 && (p.key1 === code || p.key2 === code)) ? PAIRED : undefined;
      },
      note: (row: number, col: number) => {
        const code = codeAt(row, col);
        const i = pairs.findIndex((p) => p.type !== 0 && code !== 0 && (p.key1 === code || p.key2 === code));
        return i >= 0 ? t('pairShort', { n: i + 1 }) : undefined;
      },
      paint: (row: number, col: number) => {
        if (!picking) return;
        const code = codeAt(row, col);
        if (code === 0 || code > 0xff) {
          setNotBasic(name(code));
          return;
        }
        setNotBasic(null);
        if (picking.first === null) return setPicking({ first: code });
        if (code === picking.first) return;
        const type = pairs[chosen]!.type || 1;
        setPicking(null);
        void change({ kind: 'snapClick', index: chosen, pair: { type, key1: picking.first, key2: code } });
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- codeAt and name read the keyboard given here
    [pairs, chosen, picking, keyboard, layer, change, t],
  );
  useKeyPainter(painter);
  // While keys are being chosen the pair they go to stays the one whose "Choose keys" was pressed: clicking or
  // tabbing through another row must not move the write to a pair the status line does not name.
  const look = (i: number) => {
    if (!picking) setChosen(i);
  };
  // Escape ends "Choose keys" wherever the focus is (on the canvas's keys, most often), as it ends the other
  // modes of the keyboard picture; a dialog that used the Escape itself (defaultPrevented) keeps it.
  useEffect(() => {
    if (!picking) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      setPicking(null);
      setNotBasic(null);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [picking]);

  return (
    <div className="menu-controls snap-click">
      <p className="row-hint">{t('snap.intro')}</p>
      <p className="row-hint" data-testid="snap-layer">
        {t('snap.fromLayer', { layer })}
      </p>
      {/* Above the table (20 pairs): below it, what to click next was out of view while choosing. */}
      <p className="row-hint" role="status">
        {picking
          ? picking.first === null
            ? t('snap.pickFirst', { n: chosen + 1 })
            : t('snap.pickSecond', { key: name(picking.first) })
          : ''}
        {notBasic && <span className="form-error"> {t('snap.notBasic', { key: notBasic })}</span>}
      </p>
      <table className="keychron-table">
        <thead>
          <tr>
            <th scope="col">{t('snap.pair')}</th>
            <th scope="col">{t('snap.keys')}</th>
            <th scope="col">{t('snap.type')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('snap.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {pairs.map((pair, i) => (
            <tr key={i} aria-current={i === chosen || undefined} onClick={() => look(i)}>
              <th scope="row">{i + 1}</th>
              <td>{pair.type === 0 && pair.key1 === 0 ? '—' : `${name(pair.key1)} + ${name(pair.key2)}`}</td>
              <td>
                <select
                  className="select"
                  aria-label={t('snap.typeOf', { n: i + 1 })}
                  value={pair.type}
                  disabled={pair.key1 === 0 || pair.key2 === 0}
                  onFocus={() => look(i)}
                  onChange={(e) =>
                    void change({
                      kind: 'snapClick',
                      index: i,
                      pair: { ...pair, type: Number(e.target.value) },
                    })
                  }
                >
                  {TYPES.slice(0, KC_SNAP_CLICK_TYPE_COUNT).map((id, n) => (
                    <option key={id} value={n}>
                      {t(`snap.types.${id}`)}
                    </option>
                  ))}
                </select>
              </td>
              <td className="keychron-row-actions">
                <button
                  type="button"
                  className="btn btn-sm"
                  aria-pressed={picking !== null && chosen === i}
                  onClick={() => {
                    setChosen(i);
                    setPicking(picking && chosen === i ? null : { first: null });
                  }}
                >
                  {t('snap.choose')}
                </button>
                <button
                  type="button"
                  className="btn btn-sm"
                  disabled={pair.type === 0 && pair.key1 === 0 && pair.key2 === 0}
                  onClick={() =>
                    void change({ kind: 'snapClick', index: i, pair: { type: 0, key1: 0, key2: 0 } })
                  }
                >
                  {t('snap.clear')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
