import { useTranslation } from 'react-i18next';
import type { KeyboardBadgeProps } from './KeyboardBadge.tsx';

/** The keyboard badge's open list: connected keyboards, unusable devices, and what can be done. */
export function KeyboardBadgeMenu({
  id,
  devices,
  selectedPath,
  onSelect,
  onAuthorizeNew,
  onTryVirtual,
  onUnplugSelected,
  onResetSelected,
  problems = [],
  onDoctor,
  choose,
}: KeyboardBadgeProps & {
  id: string;
  /** Closes the list, then runs the action. */
  choose: (action: () => void) => () => void;
}) {
  const { t } = useTranslation('shell');
  return (
    <ul className="badge-list" id={id} role="menu" aria-label={t('connectedKeyboards')}>
      {devices.length === 0 && (
        <li role="none" className="badge-sub" style={{ padding: 'var(--space-2) var(--space-3)' }}>
          {t('noKeyboardsConnected')}
        </li>
      )}
      {devices.map((d) => (
        <li role="none" key={d.path}>
          <button
            type="button"
            role="menuitemradio"
            aria-checked={d.path === selectedPath}
            onClick={choose(() => onSelect(d.path))}
          >
            {d.name}
            {d.detail && <span className="badge-sub">{d.detail}</span>}
            {d.note && <span className="badge-sub">{d.note}</span>}
          </button>
        </li>
      ))}
      {onDoctor &&
        problems.map((d) => (
          <li role="none" key={d.path}>
            <button type="button" role="menuitem" onClick={choose(onDoctor)}>
              {d.name}
              {d.note && <span className="badge-sub">{d.note}</span>}
            </button>
          </li>
        ))}
      {(onAuthorizeNew || onTryVirtual || onUnplugSelected || onDoctor) && <hr />}
      {onTryVirtual && (
        <li role="none">
          <button type="button" role="menuitem" onClick={choose(onTryVirtual)}>
            {t('tryVirtual')}
          </button>
        </li>
      )}
      {onResetSelected && (
        <li role="none">
          <button type="button" role="menuitem" onClick={choose(onResetSelected)}>
            {t('resetVirtual')}
          </button>
        </li>
      )}
      {onUnplugSelected && (
        <li role="none">
          <button type="button" role="menuitem" onClick={choose(onUnplugSelected)}>
            {t('unplugVirtual')}
          </button>
        </li>
      )}
      {onAuthorizeNew && (
        <li role="none">
          <button type="button" role="menuitem" onClick={choose(onAuthorizeNew)}>
            {t('authorizeNew')}
          </button>
        </li>
      )}
      {onDoctor && (
        <li role="none">
          <button type="button" role="menuitem" onClick={choose(onDoctor)}>
            {t('doctorOpen')}
          </button>
        </li>
      )}
    </ul>
  );
}
