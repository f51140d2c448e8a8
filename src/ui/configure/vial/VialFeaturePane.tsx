import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { KeyboardState } from '../../../services/keyboardLoader.ts';
import { useAppStores } from '../../AppContext.tsx';
import { CombosPane } from './CombosPane.tsx';
import { KeyOverridesPane } from './KeyOverridesPane.tsx';
import { QmkSettingsPane } from './QmkSettingsPane.tsx';
import { TapDancePane } from './TapDancePane.tsx';
import { VialFailureNote } from './VialFailureNote.tsx';
import './vial.css';

export type VialPaneId = 'tapDance' | 'combos' | 'keyOverrides' | 'qmkSettings';

/** The Vial panes a keyboard has: a feature with entries (count > 0), settings when it reports any known id. */
export function useVialPanes(keyboard: KeyboardState | null): VialPaneId[] {
  const data = useStore(useAppStores().runtime.vialFeatures, (s) => s.data);
  if (!keyboard || !data) return [];
  const panes: VialPaneId[] = [];
  if (data.counts.tapDance > 0) panes.push('tapDance');
  if (data.counts.combos > 0) panes.push('combos');
  if (data.counts.keyOverrides > 0) panes.push('keyOverrides');
  if (Object.keys(data.settings).length > 0) panes.push('qmkSettings');
  return panes;
}

/** One Vial pane, over the runtime's Vial features store; edits are written at once (failures roll back). */
export function VialFeaturePane({ pane, keyboard }: { pane: VialPaneId; keyboard: KeyboardState }) {
  const { t } = useTranslation('vial');
  const store = useAppStores().runtime.vialFeatures;
  const { status, data, loadError } = useStore(store, (s) => s);
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
