/**
 * The build's credits (`licences.json`, written at build time; src/formats/creditsFile.ts), fetched the first
 * time Settings → About shows and kept for the session. It sits beside index.html, so it is read relative to the
 * page wherever the app is hosted; the service worker precaches it, so About reads it offline too. A failed
 * fetch is tried again on the next `load()` (LoadOnce's retry rule).
 */
import { CREDITS_FILE, readCredits, type Credits } from '../../formats/creditsFile.ts';
import { LoadOnce } from '../../lib/LoadOnce.ts';

export const creditsFile = new LoadOnce<Credits>(async () => {
  const response = await fetch(new URL(CREDITS_FILE, document.baseURI));
  if (!response.ok) throw new Error(`${CREDITS_FILE}: HTTP ${response.status}`);
  return readCredits(await response.json());
});
