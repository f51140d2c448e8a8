import { useTranslation } from '../../i18n/useTranslation.ts';
import type { BindingPlace, LayerEntry, LayerReach } from '../../keymap/layerReach.ts';

/** How many ways in are named before 'and N more'. */
const SHOWN_ENTRIES = 4;

export interface ReachSummaryProps<B> {
  reach: LayerReach<B>;
  /** A binding's key face (any firmware's: a QMK keycode, a ZMK binding). */
  describe(binding: B): { label: string };
  /** Shows a binding's place (selects its key on its layer). */
  onShow(place: BindingPlace): void;
  /** What to say of a layer nothing reaches, when the keymap's firmware needs more words than 'nothing reaches'. */
  unreachableText?: string | undefined;
}

/**
 * How the shown layer is reached: 'Reached by: hold MO 1 on layer 0', each way in a button that shows the key;
 * 'Nothing reaches layer 4' and one-way layers (TG/TO/DF with no key back) as warnings.
 */
export function ReachSummary<B>({ reach, describe, onShow, unreachableText }: ReachSummaryProps<B>) {
  const { t } = useTranslation('layerTools');
  const what = (entry: LayerEntry<B>) => {
    const { place, effect } = entry;
    const face = describe(entry.binding).label;
    const key =
      place.kind === 'key'
        ? face
        : t('encoderPlace', {
            n: place.encoder,
            direction: t(place.clockwise ? 'clockwise' : 'counterClockwise'),
            key: face,
          });
    const args = { key, layer: place.layer };
    if (effect.kind === 'triLayer' && effect.both === reach.layer)
      return t('viaTriLayer', { ...args, partner: effect.partner });
    const verbs = {
      hold: 'viaHold',
      triLayer: 'viaHold',
      oneShot: 'viaOneShot',
      toggle: 'viaToggle',
      to: 'viaTo',
      default: 'viaDefault',
    } as const;
    return t(verbs[effect.kind], args);
  };
  const live = reach.reachedBy.filter((e) => e.live);
  const dead = reach.reachedBy.filter((e) => !e.live);
  const shown = [...live, ...dead].slice(0, SHOWN_ENTRIES);
  const rest = reach.reachedBy.length - shown.length;

  return (
    <div className="keymap-tools-reach" data-testid="layer-reach">
      {!reach.base && reach.reachedBy.length > 0 && (
        <span className="keymap-tools-ways">
          <span>{t('reachedBy')}</span>
          {/* Spaces between the parts: the flex gap shows them, screen readers and copied text need them. */}
          {shown.map((entry, i) => [
            ' ',
            <button
              key={i}
              type="button"
              className="keymap-tools-link"
              data-live={entry.live || undefined}
              onClick={() => onShow(entry.place)}
            >
              {what(entry)}
              {!entry.live && ` ${t('notLive', { layer: entry.place.layer })}`}
            </button>,
          ])}
          {rest > 0 && <span> {t('more', { count: rest })}</span>}
        </span>
      )}
      {!reach.reachable && (
        <strong className="keymap-tools-warning" role="status">
          {unreachableText ?? t('unreachable', { n: reach.layer })}
        </strong>
      )}
      {reach.oneWay.slice(0, 1).map((entry, i) => (
        <strong key={i} className="keymap-tools-warning" role="status">
          {t(entry.effect.kind === 'default' ? 'oneWayDefault' : 'oneWay', {
            n: reach.layer,
            key: describe(entry.binding).label,
            layer: entry.place.layer,
          })}
        </strong>
      ))}
    </div>
  );
}
