import { useId } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import type { BindingPlace } from '../../keymap/layerReach.ts';
import '../common/textInput.css';

/** Hits listed at most; the keys stay marked on the keyboard whatever the count. */
const LISTED = 120;

export interface FindPanelProps<B> {
  query: string;
  onQuery(query: string): void;
  onClose(): void;
  /** Find's hits on every layer, encoders included, then the macros that match. */
  hits: readonly BindingPlace[];
  macroHits: readonly number[];
  /** Whether the text reads as a search. */
  searching: boolean;
  /** The binding at a hit's place (any firmware's). */
  bindingAt(place: BindingPlace): B;
  describe(binding: B): { label: string; title: string };
  /** Examples in the firmware's own words (default: QMK keycodes). */
  placeholder?: string | undefined;
  onShow(place: BindingPlace): void;
  onShowMacro(index: number): void;
  /** Where a key is, in the firmware's words, to tell apart two hits that read the same (default: its position). */
  placeOf?: ((index: number) => string) | undefined;
}

/**
 * Find a keycode by name, legend or expression across every layer, the encoders and the macros: the hits on the
 * shown layer are marked on the keyboard, and every hit is listed (a click shows it).
 */
export function FindPanel<B>(props: FindPanelProps<B>) {
  const { query, onQuery, onClose, hits, macroHits, searching, bindingAt, describe, placeholder } = props;
  const { onShow, onShowMacro } = props;
  const { t } = useTranslation('layerTools');
  const placeName = props.placeOf ?? ((index: number) => t('keyPosition', { n: index }));
  const id = useId();
  const count = hits.length + macroHits.length;
  const keyText = (place: BindingPlace) => {
    const { label, title } = describe(bindingAt(place));
    return label === title ? label : `${label} (${title})`;
  };
  // Two keys of one layer with the same binding (two knobs pressed for Mute) read apart by where they are.
  const seen = new Map<string, number>();
  for (const place of hits) {
    if (place.kind !== 'key') continue;
    const k = `${place.layer}\u0000${keyText(place)}`;
    seen.set(k, (seen.get(k) ?? 0) + 1);
  }
  const text = (place: BindingPlace) => {
    const key = keyText(place);
    if (place.kind === 'key' && (seen.get(`${place.layer}\u0000${key}`) ?? 0) > 1)
      return t('hitKeyAt', { layer: place.layer, at: placeName(place.index), key });
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
          placeholder={placeholder ?? t('findPlaceholder')}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => onQuery(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && onClose()}
        />
        <span aria-live="polite" data-testid="find-count">
          {searching ? (count > 0 ? t('found', { count }) : t('foundNone')) : ''}
        </span>
        <button type="button" className="btn" onClick={onClose}>
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
