import { useTranslation } from 'react-i18next';

/** The Load preview's list of layer names the file gives (Keyloom's own field of a .layout.json). */
export function LayerNamesPreview({ changes }: { changes: { layer: number; from: string; to: string }[] }) {
  const { t } = useTranslation('sheets');
  if (changes.length === 0) return null;
  const shown = (name: string) => (name === '' ? t('layerUnnamed') : `“${name}”`);
  return (
    <section aria-labelledby="preview-layer-names">
      <h3 id="preview-layer-names">{t('previewLayerNames')}</h3>
      <ul data-testid="preview-layer-names">
        {changes.map((c) => (
          <li key={c.layer}>{t('previewLayerName', { n: c.layer, from: shown(c.from), to: shown(c.to) })}</li>
        ))}
      </ul>
    </section>
  );
}
