import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import type { BindingPlace } from '../../keymap/layerReach.ts';
import type { KeyboardState } from '../../services/keyboardLoader.ts';
import type { KeymapToolsState } from '../../state/keymapToolsStore.ts';
import type { LayerInsight } from './useLayerInsight.ts';

/** Hits listed at most; the keys stay marked on the keyboard whatever the count. */
const LISTED = 120;

export interface FindPanelProps {
  keyboard: KeyboardState;
  tools: StoreApi<KeymapToolsState>;
  insight: LayerInsight;
  onShow(place: BindingPlace): void;
  onShowMacro(index: number): void;
}

/**
 * Find a keycode by name, legend or expression across every layer, the encoders and the macros: the hits on the
 * shown layer are marked on the keyboard, and every hit is listed (a click shows it).
 */
export function FindPanel({ keyboard, tools, insight, onShow, onShowMacro }: FindPanelProps) {
  const { t } = useTranslation('layerTools');
  const query = useStore(tools, (s) => s.query);
  const id = useId();
  const { hits, macroHits, searching, describe } = insight;
  const count = hits.length + macroHits.length;
  const code = (place: BindingPlace) =>
    place.kind === 'key'
      ? (keyboard.keymap[place.layer]?.[place.index] ?? 0)
      : (keyboard.encoders[place.layer]?.[place.encoder]?.[place.clockwise ? 0 : 1] ?? 0);
  const text = (place: BindingPlace) => {
    const { label, title } = describe(code(place));
    const key = label === title ? label : `${label} (${title})`;
    return place.kind === 'key'
      ? t('hitKey', { layer: place.layer, key })
      : t('hitEncoder', {
          layer: place.layer,
          n: place.encoder,
          direction: t(place.clockwise ? 'clockwise' : 'counterClockwise'),
          key,
        });
  };

  return (
    <section className="keymap-tools-panel keymap-tools-find" aria-labelledby={`${id}-label`}>
      <div className="keymap-tools-find-row">
        <label id={`${id}-label`} htmlFor={id}>
          {t('findLabel')}
        </label>
        <input
          id={id}
          className="input"
          type="search"
          autoFocus
          value={query}
          placeholder={t('findPlaceholder')}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => tools.getState().setQuery(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && tools.getState().setPanel(null)}
        />
        <span aria-live="polite" data-testid="find-count">
          {searching ? (count > 0 ? t('found', { count }) : t('foundNone')) : ''}
        </span>
        <button type="button" className="btn" onClick={() => tools.getState().setPanel(null)}>
          {t('close')}
        </button>
      </div>
      {count > 0 && (
        <ul className="keymap-tools-hits" data-testid="find-hits">
          {hits.slice(0, LISTED).map((place, i) => (
            <li key={i}>
              <button type="button" className="keymap-tools-link" onClick={() => onShow(place)}>
                {text(place)}
              </button>
            </li>
          ))}
          {macroHits.map((macro) => (
            <li key={`m${macro}`}>
              <button type="button" className="keymap-tools-link" onClick={() => onShowMacro(macro)}>
                {t('hitMacro', { n: macro })}
              </button>
            </li>
          ))}
          {hits.length > LISTED && <li>{t('more', { count: hits.length - LISTED })}</li>}
        </ul>
      )}
    </section>
  );
}
