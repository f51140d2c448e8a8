import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { StoreApi } from 'zustand';
import type { Hsv, KeychronSettings } from '../../../qmk/keychronSettings.ts';
import type { KeychronState } from '../../../state/keychronStore.ts';
import { hsToHex } from '../../common/color.ts';
import { HuePalette } from '../menus/HuePalette.tsx';
import { EffectLists } from './EffectLists.tsx';
import { OsIndicator } from './OsIndicator.tsx';
import { RangeRow } from './RangeRow.tsx';
import { useKeyPainter } from '../../canvas/useKeyPainter.ts';
import { useStroke } from './useStroke.ts';
import '../../common/onDemandParts.css';

/** Region colours on the canvas: the theme's accent and a second hue, so the two regions read apart. */
const REGION_FILLS = ['#3b82f6', '#f59e0b', '#10b981', '#ef4444', '#8b5cf6', '#ec4899', '#14b8a6', '#eab308'];
const PER_KEY_TYPES = [
  'solid',
  'breathing',
  'reactiveSimple',
  'reactiveMultiWide',
  'reactiveSplash',
] as const;

/**
 * Keychron lighting: the canvas is the colour map. Paint keys with a colour (click, drag, or Enter on a focused
 * key), or switch to Regions and give keys to mixed-RGB region 0 or 1; below, the per-key effect, each region's
 * timed effect list and the OS indicator. A drag over keys shows as it goes and is written when the button is
 * released: one write batch, one undo step (useStroke); every other change is written and read back at once.
 * The save bar stores them on the keyboard. The paint tools come first, right under the board, and compact:
 * at 1280×720 the board and the colours are in view together, so choosing a colour never scrolls the keys away.
 */
export function KeychronLighting({
  store,
  settings,
  saveBar,
}: {
  store: StoreApi<KeychronState>;
  settings: KeychronSettings;
  /** Shown between the paint tools and the rest (the pane's save bar). */
  saveBar: ReactNode;
}) {
  const { t } = useTranslation('keychron');
  const rgb = settings.rgb!;
  const [tool, setTool] = useState<'paint' | 'regions'>('paint');
  const [color, setColor] = useState<Hsv>([0, 255, 255]);
  const [region, setRegion] = useState(0);
  const change = store.getState().change;
  const stroke = useStroke(store);

  const painter = useMemo(() => {
    const led = (row: number, col: number) => rgb.ledMap[row]?.[col] ?? null;
    return {
      fill: (row: number, col: number) => {
        const l = led(row, col);
        if (l === null) return undefined;
        if (tool === 'regions') return REGION_FILLS[rgb.regionOf[l]! % REGION_FILLS.length];
        const c = rgb.colors[l];
        return c ? hsToHex(c[0], c[1]) : undefined;
      },
      note: (row: number, col: number) => {
        const l = led(row, col);
        return tool === 'regions' && l !== null ? t('regionShort', { n: rgb.regionOf[l] }) : undefined;
      },
      paint: (row: number, col: number) => {
        const l = led(row, col);
        if (l === null) return;
        if (tool === 'regions') stroke.add({ kind: 'regions', entries: [[l, region]] });
        else stroke.add({ kind: 'colors', entries: [[l, color]] });
      },
    };
  }, [rgb, tool, color, region, stroke, t]);
  useKeyPainter(painter);

  return (
    <>
      <div className="card keychron-paint-bar">
        <div className="row">
          <span className="row-label" id="kc-tool-label">
            {t('lighting.tool')}
            <span className="row-hint">{t('lighting.toolHint')}</span>
          </span>
          <span className="segmented" role="group" aria-labelledby="kc-tool-label">
            {(['paint', 'regions'] as const).map((id) => (
              <button
                key={id}
                type="button"
                className="btn btn-sm"
                aria-pressed={tool === id}
                onClick={() => setTool(id)}
              >
                {t(`lighting.${id}`)}
              </button>
            ))}
          </span>
        </div>
        {tool === 'paint' ? (
          <>
            <div className="row palette-row">
              <span className="row-label">{t('lighting.colour')}</span>
              <HuePalette
                label={t('lighting.colour')}
                customLabel={t('lighting.customColour')}
                hueLabel={(hue) => t('lighting.hue', { hue })}
                value={[color[0], color[1]]}
                onChoose={([h, s]) => setColor([h, s, color[2]])}
              />
            </div>
            <RangeRow
              id="kc-paint-value"
              label={t('lighting.brightness')}
              min={0}
              max={255}
              value={color[2]}
              onCommit={(v) => setColor([color[0], color[1], v])}
            />
          </>
        ) : (
          <div className="row">
            <span className="row-label" id="kc-region-label">
              {t('lighting.region')}
            </span>
            <span className="segmented" role="group" aria-labelledby="kc-region-label">
              {Array.from({ length: rgb.regions }, (_, r) => (
                <button
                  key={r}
                  type="button"
                  className="btn btn-sm"
                  aria-pressed={region === r}
                  onClick={() => setRegion(r)}
                >
                  <span
                    className="keychron-dot"
                    style={{ background: REGION_FILLS[r % REGION_FILLS.length] }}
                  />
                  {t('lighting.regionN', { n: r })}
                </button>
              ))}
            </span>
          </div>
        )}
      </div>
      {saveBar}
      <div className="menu-controls keychron-lighting">
        <p className="row-hint">{t('lighting.modeHint')}</p>
        <div className="row">
          <label className="row-label" htmlFor="kc-per-key-type">
            {t('lighting.perKeyType')}
          </label>
          <select
            id="kc-per-key-type"
            className="select"
            value={rgb.perKeyType}
            onChange={(e) => void change({ kind: 'perKeyType', type: Number(e.target.value) })}
          >
            {PER_KEY_TYPES.map((id, i) => (
              <option key={id} value={i}>
                {t(`perKeyType.${id}`)}
              </option>
            ))}
          </select>
        </div>
        <EffectLists rgb={rgb} onChange={(r, list) => void change({ kind: 'effects', region: r, list })} />
        <OsIndicator
          os={rgb.osIndicator}
          onChange={(disable, c) => void change({ kind: 'osIndicator', disable, color: c })}
        />
      </div>
    </>
  );
}
