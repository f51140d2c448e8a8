/**
 * The keycap palettes load only for a theme other than the default: the default's colours are the stylesheet's
 * (global.css), so a first visit draws its keycaps without the palette table.
 */
import type * as KeycapThemes from './keycapThemes.ts';

/** keycapThemes.ts's default (a unit test keeps the two the same). */
export const DEFAULT_KEYCAP_THEME = 'OLIVIA_DARK';

let themes: Promise<typeof KeycapThemes> | null = null;

/** The palettes (once); main.tsx waits for them before the first render when the stored theme needs them. */
export function loadKeycapThemes(): Promise<typeof KeycapThemes> {
  themes ??= import('./keycapThemes.ts');
  return themes;
}

/** The CSS variables a keycap theme sets on <html>, or null for the default (the stylesheet's own values). */
export async function keycapThemeVariables(name: string): Promise<Record<string, string> | null> {
  if (name === DEFAULT_KEYCAP_THEME) return null;
  return (await loadKeycapThemes()).themeVariables(name);
}
