import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { ZmkLayerUser } from '../../../zmk/layerUsers.ts';
import { ConfirmDialog } from '../../common/ConfirmDialog.tsx';

/**
 * Asked before a layer that keys use is removed: which keys (by layer, position and behavior) will point to a
 * removed layer afterwards, so nobody finds a dead &mo later and wonders why.
 */
export function ZmkRemoveLayerDialog({
  name,
  users,
  onCancel,
  onConfirm,
}: {
  name: string;
  users: readonly ZmkLayerUser[];
  onCancel(): void;
  onConfirm(): void;
}) {
  const { t } = useTranslation('zmk');
  return (
    <ConfirmDialog
      title={t('layers.removeTitle', { name })}
      description={<p>{t('layers.removeUsed', { count: users.length })}</p>}
      cancelLabel={t('cancel')}
      confirmLabel={t('layers.remove')}
      confirmKind="danger"
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <ul className="zmk-layer-users" aria-label={t('layers.usersLabel', { name })}>
        {users.map((u) => (
          <li key={`${u.layerId}-${u.position}`}>
            {t('layers.userKey', {
              position: u.position,
              layer: u.layerName || t('layers.idN', { id: u.layerId }),
              behavior: u.behaviorName,
            })}
          </li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}
