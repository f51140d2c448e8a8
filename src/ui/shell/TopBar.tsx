import { useTranslation } from '../../i18n/useTranslation.ts';
import type { Route } from '../common/routes.ts';
import { KeyboardBadge } from './KeyboardBadge.tsx';
import type { KeyboardBadgeProps } from './keyboardBadgeProps.ts';
import { OfflineIndicator } from '../offline/OfflineIndicator.tsx';
import { VirtualNotice } from './VirtualNotice.tsx';

const LABEL_KEYS: Record<Route, string> = {
  '/': 'menu.configure',
  '/test': 'menu.test',
  '/design': 'menu.design',
  '/debug': 'menu.debug',
  '/boot': 'menu.boot',
  '/boot2': 'menu.boot2',
  '/errors': 'menu.errors',
  '/settings': 'menu.settings',
  // Never in the menu (a link opens it): its screen name.
  '/keymap': 'screen./keymap',
};

export interface TopBarProps {
  route: Route;
  menuRoutes: readonly Route[];
  errorCount: number;
  /** Hidden entirely when the browser has no device access. */
  showMenu: boolean;
  badge: KeyboardBadgeProps;
  /** Set while the keyboard shown is a virtual one: the bar says so, beside its badge. */
  virtual?: { onAuthorize: (() => void) | undefined; onConnectZmk: (() => void) | undefined } | undefined;
}

export function TopBar({ route, menuRoutes, errorCount, showMenu, badge, virtual }: TopBarProps) {
  const { t } = useTranslation('shell');
  return (
    <header className="topbar">
      <a className="brand" href="#/">
        <span className="brand-mark" aria-hidden />
        Keyloom
      </a>
      {showMenu && (
        <nav aria-label={t('mainMenu')}>
          <ul className="menu">
            {menuRoutes.map((r) => (
              <li key={r}>
                <a
                  href={`#${r}`}
                  aria-current={r === route ? 'page' : undefined}
                  className={r === '/errors' ? 'menu-errors' : undefined}
                >
                  {r === '/errors' ? t('errorCount', { count: errorCount }) : t(LABEL_KEYS[r])}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <OfflineIndicator />
      {showMenu && <KeyboardBadge {...badge} />}
      {virtual && <VirtualNotice onAuthorize={virtual.onAuthorize} onConnectZmk={virtual.onConnectZmk} />}
    </header>
  );
}
