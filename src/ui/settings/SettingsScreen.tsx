import { useId } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useAppStores, useSettings } from '../AppContext.tsx';
import { KEYCAP_THEMES, type KeycapThemeName } from '../theme/keycapThemes.ts';
import { LANGUAGE_NAMES } from '../../i18n/languageNames.ts';
import { LANGUAGES, type Language, type Settings } from '../../state/settingsStore.ts';
import { SettingRow, SwitchSetting } from '../common/SettingRow.tsx';
import { StoredDefinitions } from './StoredDefinitions.tsx';
import { HostLayoutSetting } from './HostLayoutSetting.tsx';
import { AboutKeyloom } from './AboutKeyloom.tsx';
import '../common/onDemandParts.css';

export interface SettingsScreenProps {
  webglAvailable: boolean;
  diagnostics: { protocol: number; firmware: string } | null;
}

export default function SettingsScreen({ webglAvailable, diagnostics }: SettingsScreenProps) {
  const { t, i18n } = useTranslation('settings');
  const { settings } = useAppStores();
  const s = useSettings((state) => state);
  const update = (patch: Partial<Settings>) => settings.getState().update(patch);
  const ids = { theme: useId(), render: useId(), language: useId() };

  return (
    <div className="screen">
      <h1>{t('title')}</h1>
      <section className="card" aria-labelledby="settings-general">
        <h2 id="settings-general" style={{ marginTop: 0 }}>
          {t('general')}
        </h2>
        <SwitchSetting
          label={t('showDesignTab')}
          hint={t('showDesignTabHint')}
          checked={s.showDesignTab}
          onChange={(on) => update({ showDesignTab: on })}
        />
        <SwitchSetting
          label={t('fastKeyMapping')}
          hint={t('fastKeyMappingHint')}
          checked={!s.disableFastRemap}
          onChange={(on) => update({ disableFastRemap: !on })}
        />
        <SwitchSetting
          label={t('lightMode')}
          checked={s.themeMode === 'light'}
          onChange={(on) => update({ themeMode: on ? 'light' : 'dark' })}
        />
        <SettingRow label={t('keycapTheme')} id={ids.theme}>
          {(id) => (
            <select
              id={id}
              className="select"
              value={s.themeName}
              onChange={(e) => update({ themeName: e.target.value })}
            >
              {(Object.keys(KEYCAP_THEMES) as KeycapThemeName[]).map((name) => (
                <option key={name} value={name}>
                  {t(`keycapThemes.${name}`)}
                </option>
              ))}
            </select>
          )}
        </SettingRow>
        <SettingRow
          label={t('renderMode')}
          hint={webglAvailable ? undefined : t('renderMode3dUnavailable')}
          id={ids.render}
        >
          {(id) => (
            <select
              id={id}
              className="select"
              value={s.renderMode}
              onChange={(e) => update({ renderMode: e.target.value === '3D' ? '3D' : '2D' })}
            >
              <option value="2D">2D</option>
              {webglAvailable && <option value="3D">3D</option>}
            </select>
          )}
        </SettingRow>
        <SettingRow label={t('language')} id={ids.language}>
          {(id) => (
            <select
              id={id}
              className="select"
              value={s.language}
              onChange={(e) => {
                const language = e.target.value as Language;
                update({ language });
                void i18n.changeLanguage(language);
              }}
            >
              {LANGUAGES.map((lng) => (
                <option key={lng} value={lng} lang={lng}>
                  {LANGUAGE_NAMES[lng]}
                </option>
              ))}
            </select>
          )}
        </SettingRow>
        <HostLayoutSetting />
        <SwitchSetting
          label={t('showDiagnostics')}
          hint={diagnostics ? undefined : t('requiresDevice')}
          disabled={!diagnostics}
          checked={!!diagnostics && s.showDiagnostics}
          onChange={(on) => update({ showDiagnostics: on })}
        />
        {diagnostics && s.showDiagnostics && (
          <dl className="diagnostics" data-testid="diagnostics">
            <dt>{t('protocolVersion')}</dt>
            <dd>{diagnostics.protocol}</dd>
            <dt>{t('firmwareVersion')}</dt>
            <dd>{diagnostics.firmware}</dd>
          </dl>
        )}
      </section>
      <StoredDefinitions />
      <AboutKeyloom />
    </div>
  );
}
