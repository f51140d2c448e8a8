import { use } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { useStore } from 'zustand';
import { onDemand } from '../../common/onDemand.tsx';
import type { KeyboardState } from '../../../services/keyboardLoader.ts';
import { useAppStores } from '../../AppContext.tsx';
import { CombosPane } from './CombosPane.tsx';
import { KeyOverridesPane } from './KeyOverridesPane.tsx';
import { QmkSettingsPane } from './QmkSettingsPane.tsx';
import { TapDancePane } from './TapDancePane.tsx';
import { VialFailureNote } from './VialFailureNote.tsx';
import type { VialPaneId } from './useVialPanes.ts';
import '../../common/onDemandParts.css';
import './vial.css';

// VialRGB's pane (and the colour control it shares with the menus) loads when Lighting is first opened.
const VialRgbPane = onDemand(
  () => import('./VialRgbPane.tsx').then((m) => m.VialRgbPane),
  ['vial', 'feedback', 'refusals'],
);

/** One Vial pane, over the runtime's Vial features store; edits are written at once (failures roll back). */
export function VialFeaturePane({ pane, keyboard }: { pane: VialPaneId; keyboard: KeyboardState }) {
  const { t } = useTranslation('vial');
  const { runtime } = useAppStores();
  const store = use(runtime.vialFeatures.load());
  const { status, data, loadError } = useStore(store, (s) => s);
  const client = runtime.store.getState().commands()?.client;
  if (pane === 'lighting') return client ? <VialRgbPane client={client} /> : null;
  if (status === 'loading') return <p className="card row-hint">{t('loading')}</p>;
  if (status === 'failed')
    return <p className="card form-error">{t('loadFailed', { message: loadError })}</p>;
  if (!data) return null;
  const actions = store.getState();
  return (
    <>
      <VialFailureNote />
      {pane === 'tapDance' && (
        <TapDancePane
          keyboard={keyboard}
          entries={data.tapDance}
          onChange={(i, e) => void actions.setEntry('tapDance', i, e)}
        />
      )}
      {pane === 'combos' && (
        <CombosPane
          keyboard={keyboard}
          entries={data.combos}
          onChange={(i, e) => void actions.setEntry('combo', i, e)}
        />
      )}
      {pane === 'keyOverrides' && (
        <KeyOverridesPane
          keyboard={keyboard}
          entries={data.keyOverrides}
          onChange={(i, e) => void actions.setEntry('keyOverride', i, e)}
        />
      )}
      {pane === 'qmkSettings' && (
        <QmkSettingsPane
          reported={data.reportedSettings}
          values={data.settings}
          onChange={(q, v) => void actions.setSetting(q, v)}
          onReset={() => actions.resetSettings()}
        />
      )}
    </>
  );
}
