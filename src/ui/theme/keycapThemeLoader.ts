/**
 * The keycap palettes load only for a theme other than the default: the default's colours are the stylesheet's
 * (global.css), so a first visit draws its keycaps without the palette table.
 */
import { LoadOnce } from '../../lib/LoadOnce.ts';

/** keycapThemes.ts's default (a unit test keeps the two the same). */
export const DEFAULT_KEYCAP_THEME = 'OLIVIA_DARK';

/** The palettes, loaded once (lib/LoadOnce.ts); main.tsx waits for them before the first render when the stored theme needs them. */
export const keycapThemes = new LoadOnce(() => import('./keycapThemes.ts'));

/** The CSS variables a keycap theme sets on <html>, or null for the default (the stylesheet's own values). */
export async function keycapThemeVariables(name: string): Promise<Record<string, string> | null> {
  if (name === DEFAULT_KEYCAP_THEME) return null;
  return (await keycapThemes.load()).themeVariables(name);
}
