import { useTranslation } from '../../i18n/useTranslation.ts';
import type { KeyboardBadgeProps } from './keyboardBadgeProps.ts';
import './keyboardBadgeMenu.css';

/** The keyboard badge's open list: connected keyboards, unusable devices, and what can be done. */
export function KeyboardBadgeMenu({
  id,
  devices,
  selectedPath,
  onSelect,
  onAuthorizeNew,
  onTryVirtual,
  onConnectZmk,
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
  const { t } = useTranslation(['devices', 'shell']);
  // The badge takes the focus back first: a dialog the action opens gives it back there when it closes.
  const pick = (action: () => void) => () => {
    document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(id)}"]`)?.focus();
    choose(action)();
  };
  const actions = [
    ['shell:tryVirtual', onTryVirtual],
    ['resetVirtual', onResetSelected],
    ['unplugVirtual', onUnplugSelected],
    ['authorizeNew', onAuthorizeNew],
    // The same words as the virtual ZMK keyboard's note (VirtualNotice), which opens the same dialog.
    ['shell:connectZmk', onConnectZmk],
    ['doctorOpen', onDoctor],
  ] as const;
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
            onClick={pick(() => onSelect(d.path))}
          >
            {d.name}
            {(d.detail || d.zmk) && (
              <span className="badge-sub">{d.zmk ? t(`zmkDetail.${d.zmk}`) : d.detail}</span>
            )}
            {d.note && <span className="badge-sub">{d.note}</span>}
          </button>
        </li>
      ))}
      {onDoctor &&
        problems.map((d) => (
          <li role="none" key={d.path}>
            <button type="button" role="menuitem" onClick={pick(onDoctor)}>
              {d.name}
              {d.note && <span className="badge-sub">{d.note}</span>}
            </button>
          </li>
        ))}
      {(onAuthorizeNew || onTryVirtual || onUnplugSelected || onDoctor) && <hr />}
      {actions.map(
        ([label, action]) =>
          action && (
            <li role="none" key={label}>
              <button type="button" role="menuitem" onClick={pick(action)}>
                {t(label)}
              </button>
            </li>
          ),
      )}
    </ul>
  );
}
