import { useTranslation } from '../../i18n/useTranslation.ts';

/**
 * "Falls through to": one toggle a layer below the shown one, pressed when what shows through a transparent key
 * on the shown layer comes from it. The same picker for VIA/Vial and ZMK keymaps (their layer maths differ, not
 * this).
 */
export function LayersUnderPicker({
  below,
  chosen,
  onToggle,
}: {
  below: readonly number[];
  chosen: readonly number[];
  onToggle: (layer: number) => void;
}) {
  const { t } = useTranslation('layerTools');
  if (below.length === 0) return null;
  return (
    <span className="keymap-tools-under" role="group" aria-label={t('fallsThrough')}>
      <span aria-hidden>{t('fallsThrough')}</span>
      {below.map((l) => (
        <button
          key={l}
          type="button"
          aria-pressed={chosen.includes(l)}
          aria-label={t('layerUnder', { n: l })}
          title={t('layerUnder', { n: l })}
          onClick={() => onToggle(l)}
        >
          {l}
        </button>
      ))}
      <span className="keymap-tools-through-hint">
        <span className="keymap-tools-through-swatch" aria-hidden />
        {t('throughHint')}
      </span>
    </span>
  );
}
