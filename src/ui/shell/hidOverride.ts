import { browserSessionStorage, keptByBrowser } from '../../state/storage.ts';
import { OVERRIDE_KEY } from '../common/environment.ts';

/**
 * Bypasses the 'USB Detection Error' page for this session and reloads (the No-WebHID screen's button; its own
 * module, loaded with that screen, not with environment.ts, which every start reads).
 */
export function overrideHidCheck(): void {
  const session = browserSessionStorage();
  session.setItem(OVERRIDE_KEY, '1');
  if (keptByBrowser(session)) return window.location.reload();
  // A session kept in memory would not survive the reload: the URL carries the switch instead.
  const url = new URL(window.location.href);
  url.searchParams.set('hid-override', '1');
  window.location.assign(url);
}
