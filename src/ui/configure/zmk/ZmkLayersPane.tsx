import { useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { zmkSupports, type ZmkKeyboardState } from '../../../state/zmkKeyboardStore.ts';
import { layerUsers, type ZmkLayerUser } from '../../../zmk/layerUsers.ts';
import { layerTitle } from '../../keymapTools/layerTitle.ts';
import { ZmkRemoveLayerDialog } from './ZmkRemoveLayerDialog.tsx';

/**
 * The keyboard's layers (docs/zmk-studio-protocol.md "Layers"): the shown one moved or removed (asking first,
 * with the keys that use it, when any do); a layer added from the spare ones the firmware keeps; removed layers
 * restored where they were. Naming, Copy, Swap and Clear are the layer menu's, beside the layer buttons
 * (ZmkLayerMenu), as on a VIA board.
 */
export function ZmkLayersPane({ store }: { store: StoreApi<ZmkKeyboardState> }) {
  const { t } = useTranslation(['zmk', 'layers', 'shell']);
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
  const layer = keymap?.layers[index];
  if (!keymap || !layer) return null;
  const state = store.getState();
  const quiet = (run: Promise<unknown>) => void run.catch(() => undefined);
  const last = keymap.layers.length - 1;

  return (
    <div className="pane zmk-layers">
      <h2>{layerTitle(t, index, layer.name)}</h2>
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
