import { useMemo } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { useStore, type StoreApi } from 'zustand';
import type { KeyboardState } from '../../../services/keyboardLoader.ts';
import type { KeychronState } from '../../../state/keychronStore.ts';
import { keychronStoreOfDevice } from '../../../state/keychronLayoutFile.ts';
import { useAppStores, useDevices } from '../../AppContext.tsx';
import { KeychronLighting } from './KeychronLighting.tsx';
import { keychronProblemText } from './keychronProblemText.ts';
import { KeychronSettingsPane } from './KeychronSettingsPane.tsx';
import { SnapClickPane } from './SnapClickPane.tsx';
import '../../common/onDemandParts.css';
import '../paneControls.css';
import './keychron.css';

export type KeychronPaneId = 'keychronLighting' | 'snapClick' | 'keychronSettings';

/**
 * The Keychron panes (lighting, Snap Click, keyboard settings) of a board that answered Keychron's protocol.
 * They share one store per connection, read when the first of them opens; the save bar says what the
 * keyboard still holds only in RAM and stores it with the firmware's own save commands.
 */
export function KeychronPane({ pane, keyboard }: { pane: KeychronPaneId; keyboard: KeyboardState }) {
  const { t } = useTranslation('keychron');
  const { runtime, commands } = useAppStores();
  const features = useDevices((s) => s.capabilities?.keychron);
  // One store per connection, shared with Save + Load; `features` changes only with another keyboard.
  const store = useMemo(
    () => (features ? keychronStoreOfDevice(runtime.store, commands) : null),
    [features, runtime, commands],
  );
  if (!store) return null;
  return <Loaded store={store} pane={pane} keyboard={keyboard} t={t} />;
}

function Loaded({
  store,
  pane,
  keyboard,
  t,
}: {
  store: StoreApi<KeychronState>;
  pane: KeychronPaneId;
  keyboard: KeyboardState;
  t: (key: string, options?: Record<string, unknown>) => string;
}) {
  const { status, settings, loadError, failure } = useStore(store);
  if (status === 'loading') return <p className="card row-hint">{t('loading')}</p>;
  if (status === 'failed' || !settings)
    return (
      <div className="card keychron-failure" role="alert">
        <span className="form-error">
          {t('loadFailed', { message: loadError ? keychronProblemText(t, loadError) : '' })}
        </span>
        <button type="button" className="btn btn-sm" onClick={() => void store.getState().load()}>
          {t('retry')}
        </button>
      </div>
    );
  const saveBar = <SaveBar store={store} t={t} onlyWhenUnsaved={pane === 'keychronSettings'} />;
  return (
    <div className="pane keychron-pane">
      {failure && (
        <div className="card keychron-failure" role="alert">
          <span>{t('writeFailed', { message: keychronProblemText(t, failure) })}</span>
          <button type="button" className="btn btn-sm" onClick={() => store.getState().dismissFailure()}>
            {t('dismiss')}
          </button>
        </div>
      )}
      {pane === 'keychronLighting' ? (
        <KeychronLighting store={store} settings={settings} saveBar={saveBar} />
      ) : (
        saveBar
      )}
      {pane === 'snapClick' && <SnapClickPane store={store} settings={settings} keyboard={keyboard} />}
      {pane === 'keychronSettings' && (
        <KeychronSettingsPane store={store} settings={settings} info={keyboard.keychron} />
      )}
    </div>
  );
}

/** What waits for the firmware's save, and the button that stores it (RGB: 0xA8 0x02; Snap Click: 0xA7 0x0A). */
function SaveBar({
  store,
  t,
  onlyWhenUnsaved,
}: {
  store: StoreApi<KeychronState>;
  t: (key: string, options?: Record<string, unknown>) => string;
  /** The settings pane's own values are stored at once: the bar shows there only for the other panes' work. */
  onlyWhenUnsaved: boolean;
}) {
  const { unsaved, save } = useStore(store);
  const groups = [unsaved.rgb && t('group.rgb'), unsaved.snapClick && t('group.snapClick')].filter(Boolean);
  if (onlyWhenUnsaved && groups.length === 0 && save.state !== 'failed') return null;
  return (
    <div className="card keychron-save" data-unsaved={groups.length > 0 || undefined}>
      <span className="keychron-save-text">
        <strong>
          {groups.length > 0 ? t('save.unsaved', { groups: groups.join(', ') }) : t('save.allSaved')}
        </strong>
        <span className="row-hint">{t('save.hint')}</span>
      </span>
      <span className="clock-actions">
        {save.state === 'saved' && (
          <span className="message-success" role="status">
            {t('save.saved')}
          </span>
        )}
        {save.state === 'failed' && (
          <span className="message-error" role="alert">
            {t('save.failed', { message: save.error ? keychronProblemText(t, save.error) : '' })}
          </span>
        )}
        <button
          type="button"
          className="btn btn-primary"
          disabled={groups.length === 0 || save.state === 'saving'}
          onClick={() => void store.getState().saveToKeyboard()}
        >
          {t('save.button')}
        </button>
      </span>
    </div>
  );
}
