import { useTranslation } from 'react-i18next';
import { useDevices } from '../AppContext.tsx';
import { useVirtualDialog } from '../devices/VirtualKeyboardDialog.tsx';
import { definitionName } from '../../definitions/definitionName.ts';

export function ConfigureScreen() {
  const { t } = useTranslation('shell');
  const openVirtual = useVirtualDialog();
  const keyboard = useDevices((s) => s.keyboard);
  if (!keyboard) {
    return (
      <div className="screen">
        <div className="card empty-state">
          <h1>{t('welcomeTitle')}</h1>
          <p>{t('welcomeBody')}</p>
          <button type="button" className="btn btn-primary" onClick={openVirtual}>
            {t('tryVirtual')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="screen">
      <h1>{definitionName(keyboard.definition)}</h1>
    </div>
  );
}
