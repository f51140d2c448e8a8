import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import type { LayerOrder, LayerUser, OrderOperation } from '../../keymap/layerMenuModel.ts';
import { ConfirmDialog } from '../common/ConfirmDialog.tsx';
import { layerTitle } from './layerTitle.ts';
import '../common/onDemandParts.css';

/**
 * The layer menu's rows for a keyboard that holds its own layer count (a family's `LayerOrder`; VIA boards have a
 * fixed count and show none): the selected layer moved or removed, a layer added from the spare ones, removed
 * layers restored where they were. Removing a layer that keys name asks first and lists those keys, so nobody
 * finds a dead layer key later and wonders why.
 */
export function LayerOrderRows({
  order,
  layer,
  names,
  busy,
  run,
}: {
  order: LayerOrder;
  layer: number;
  names: readonly string[];
  busy: boolean;
  run(operation: OrderOperation): void;
}) {
  const { t } = useTranslation(['layerTools', 'layers', 'shell']);
  const [asking, setAsking] = useState<readonly LayerUser[] | null>(null);
  const { can } = order;
  const last = names.length - 1;
  const byId = (id: number, name: string) => name || t('order.idN', { id });
  const shown = names[layer] || layerTitle(t, layer, '');

  return (
    <>
      {(can.move || can.remove) && (
        <div className="layer-menu-row" role="group" aria-label={t('order.order')}>
          <span>{t('order.order')}</span>
          {can.move && (
            <>
              <button
                type="button"
                className="btn"
                disabled={busy || layer === 0}
                onClick={() => run({ kind: 'move', from: layer, to: layer - 1 })}
              >
                {t('order.moveUp')}
              </button>
              <button
                type="button"
                className="btn"
                disabled={busy || layer === last}
                onClick={() => run({ kind: 'move', from: layer, to: layer + 1 })}
              >
                {t('order.moveDown')}
              </button>
            </>
          )}
          {can.remove && (
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy || names.length <= 1}
              onClick={() => {
                const users = order.users(layer);
                if (users.length > 0) setAsking(users);
                else run({ kind: 'remove', layer });
              }}
            >
              {t('order.remove')}
            </button>
          )}
        </div>
      )}
      {can.add && (
        <div className="layer-menu-row">
          <span>{t('order.spare', { count: order.spare })}</span>
          <button
            type="button"
            className="btn"
            disabled={busy || order.spare === 0}
            onClick={() => run({ kind: 'add' })}
          >
            {t('order.add')}
          </button>
        </div>
      )}
      {can.restore && order.removed.length > 0 && (
        <ul className="layer-menu-removed" aria-label={t('order.removed')}>
          {order.removed.map((l) => (
            <li key={l.id} className="layer-menu-row">
              <span>{byId(l.id, l.name)}</span>
              <button
                type="button"
                className="btn"
                disabled={busy || order.spare === 0}
                onClick={() => run({ kind: 'restore', id: l.id })}
              >
                {t('order.restore', { name: l.name || l.id })}
              </button>
            </li>
          ))}
        </ul>
      )}
      {asking && (
        <ConfirmDialog
          title={t('order.removeTitle', { name: shown })}
          description={<p>{t('order.removeUsed', { count: asking.length })}</p>}
          cancelLabel={t('cancel')}
          confirmLabel={t('order.remove')}
          confirmKind="danger"
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            setAsking(null);
            run({ kind: 'remove', layer });
          }}
        >
          <ul className="layer-users" aria-label={t('order.usersLabel', { name: shown })}>
            {asking.map((u) => (
              <li key={`${u.layerId}-${u.position}`}>
                {t('order.userKey', {
                  position: u.position,
                  layer: byId(u.layerId, u.layerName),
                  behavior: u.behaviorName,
                })}
              </li>
            ))}
          </ul>
        </ConfirmDialog>
      )}
    </>
  );
}
