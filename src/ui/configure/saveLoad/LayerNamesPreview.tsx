import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { StoreApi } from 'zustand/vanilla';
import type { KeyboardState } from '../../../services/keyboardLoader.ts';
import type { LayerNamesState } from '../../../state/layerNames.ts';

type LayerNameChange = { layer: number; from: string; to: string };

/** A file's layer names (Keyloom's `layerNames` field) that differ from the keyboard's, within its layers. */
export function layerNameChanges(
  store: StoreApi<LayerNamesState>,
  keyboard: KeyboardState,
  names: readonly string[] | undefined,
): LayerNameChange[] {
  const now = store.getState().names(keyboard.definition.vendorProductId);
  return (names ?? [])
    .slice(0, keyboard.layerCount)
    .flatMap((to, layer) => ((now[layer] ?? '') === to ? [] : [{ layer, from: now[layer] ?? '', to }]));
}

/** After a load wrote the keymap: the file's layer names become the keyboard's. */
export function applyLayerNames(
  store: StoreApi<LayerNamesState>,
  keyboard: KeyboardState,
  names: readonly string[] | undefined,
): void {
  const vpid = keyboard.definition.vendorProductId;
  names?.slice(0, keyboard.layerCount).forEach((name, layer) => store.getState().rename(vpid, layer, name));
}

/** The Load preview's list of layer names the file gives (Keyloom's own field of a .layout.json). */
export function LayerNamesPreview({ changes }: { changes: LayerNameChange[] }) {
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
