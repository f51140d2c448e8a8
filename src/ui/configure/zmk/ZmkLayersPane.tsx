import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { zmkSupports, type ZmkKeyboardState } from '../../../state/zmkKeyboardStore.ts';
import { layerUsers, type ZmkLayerUser } from '../../../zmk/layerUsers.ts';
import { ZmkRemoveLayerDialog } from './ZmkRemoveLayerDialog.tsx';
import '../../common/textInput.css';

/** UTF-8 bytes of a name (the keyboard's limit counts bytes, not characters). */
const bytes = (text: string) => new TextEncoder().encode(text).length;

/**
 * The keyboard's layers (docs/zmk-studio-protocol.md "Layers"): the shown one renamed on the keyboard (its name
 * length from the keymap), moved, removed; a layer added from the spare ones the firmware keeps; removed layers
 * restored where they were. Copy, Swap and Clear are the layer menu's, beside the layer buttons (ZmkLayerMenu).
 */
export function ZmkLayersPane({ store }: { store: StoreApi<ZmkKeyboardState> }) {
  const { t } = useTranslation('zmk');
  const keymap = useStore(store, (s) => s.keymap);
  const index = useStore(store, (s) => s.selectedLayer);
  const removed = useStore(store, (s) => s.removed);
  const behaviors = useStore(store, (s) => s.behaviors);
  const keyCount = useStore(store, (s) => s.layouts?.layouts[s.layouts.activeIndex]?.keys.length ?? 0);
  // The keys that would point to the layer once it is removed: asked first when there are any.
  const [asking, setAsking] = useState<ZmkLayerUser[] | null>(null);
  const busy = useStore(store, (s) => s.busy);
  const unsupported = useStore(store, (s) => s.unsupported);
  // A request the firmware does not know hides what it does (the failure note said so once).
  const can = (request: string) => zmkSupports({ unsupported }, `keymap.${request}`);
  const nameId = useId();
  const layer = keymap?.layers[index];
  const [name, setName] = useState(layer?.name ?? '');
  useEffect(() => setName(layer?.name ?? ''), [layer?.id, layer?.name]);
  if (!keymap || !layer) return null;
  const state = store.getState();
  const limit = keymap.maxLayerNameLength - 1;
  const tooLong = bytes(name) > limit;
  const quiet = (run: Promise<unknown>) => void run.catch(() => undefined);
  const last = keymap.layers.length - 1;

  return (
    <div className="pane zmk-layers">
      <h2>
        {layer.name ? t('layers.title', { n: index, name: layer.name }) : t('layerUnnamed', { n: index })}
      </h2>
      {can('setLayerProps') && (
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            if (!tooLong && name.trim() !== '') quiet(state.renameLayer(layer.id, name.trim()));
          }}
        >
          <label className="row-label" htmlFor={nameId}>
            {t('layers.name')}
          </label>
          <span className="row-actions">
            <input
              id={nameId}
              className="input"
              value={name}
              aria-invalid={tooLong}
              aria-describedby={`${nameId}-hint`}
              onChange={(e) => setName(e.target.value)}
            />
            <button type="submit" className="btn" disabled={busy || tooLong || name.trim() === ''}>
              {t('layers.rename')}
            </button>
          </span>
          <span id={`${nameId}-hint`} className="row-hint">
            {t(tooLong ? 'layers.nameTooLong' : 'layers.nameLimit', { limit })}
          </span>
        </form>
      )}
      {(can('moveLayer') || can('removeLayer')) && (
        <div className="row">
          <span className="row-label">{t('layers.order')}</span>
          <span className="row-actions">
            {can('moveLayer') && (
              <>
                <button
                  type="button"
                  className="btn"
                  disabled={busy || index === 0}
                  onClick={() => quiet(state.moveLayer(index, index - 1))}
                >
                  {t('layers.moveUp')}
                </button>
                <button
                  type="button"
                  className="btn"
                  disabled={busy || index === last}
                  onClick={() => quiet(state.moveLayer(index, index + 1))}
                >
                  {t('layers.moveDown')}
                </button>
              </>
            )}
            {can('removeLayer') && (
              <button
                type="button"
                className="btn btn-danger"
                disabled={busy || keymap.layers.length <= 1}
                onClick={() => {
                  const users = layerUsers(keymap.layers, behaviors, layer.id, keyCount);
                  if (users.length > 0) setAsking(users);
                  else quiet(state.removeLayer(index));
                }}
              >
                {t('layers.remove')}
              </button>
            )}
          </span>
        </div>
      )}
      {can('addLayer') && (
        <div className="row">
          <span className="row-label">{t('layers.spare', { count: keymap.availableLayers })}</span>
          <span className="row-actions">
            <button
              type="button"
              className="btn"
              disabled={busy || keymap.availableLayers === 0}
              onClick={() => quiet(state.addLayer())}
            >
              {t('layers.add')}
            </button>
          </span>
        </div>
      )}
      {removed.length > 0 && can('restoreLayer') && (
        <ul className="zmk-removed" aria-label={t('layers.removed')}>
          {removed.map((l) => (
            <li key={l.id} className="row">
              <span className="row-label">{l.name || t('layers.idN', { id: l.id })}</span>
              <button
                type="button"
                className="btn"
                disabled={busy || keymap.availableLayers === 0}
                onClick={() => quiet(state.restoreLayer(l.id))}
              >
                {t('layers.restore', { name: l.name || l.id })}
              </button>
            </li>
          ))}
        </ul>
      )}
      {asking && (
        <ZmkRemoveLayerDialog
          name={layer.name || t('layers.idN', { id: layer.id })}
          users={asking}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            setAsking(null);
            quiet(state.removeLayer(index));
          }}
        />
      )}
    </div>
  );
}
