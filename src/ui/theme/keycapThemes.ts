/** A keycap colour pair: the cap's face and its legend. */
export interface KeycapColor {
  background: string;
  text: string;
}

/** A named keycap palette: alphas (letters), mods (modifiers, edges) and accents (Esc, Enter …). */
export interface KeycapTheme {
  alpha: KeycapColor;
  mod: KeycapColor;
  accent: KeycapColor;
}

// Our own renditions of popular keycap sets; names follow the ones keyboard owners know from other tools.
export const KEYCAP_THEMES = {
  OLIVIA_DARK: {
    alpha: { background: '#363434', text: '#e8c4b8' },
    mod: { background: '#363434', text: '#e8c4b8' },
    accent: { background: '#e8c4b8', text: '#363434' },
  },
  OLIVIA: {
    alpha: { background: '#f0f0f0', text: '#363434' },
    mod: { background: '#363434', text: '#e8c4b8' },
    accent: { background: '#e8c4b8', text: '#363434' },
  },
  OLIVE: {
    alpha: { background: '#f1f1ec', text: '#66665a' },
    mod: { background: '#b3b39a', text: '#f1f1ec' },
    accent: { background: '#66665a', text: '#f1f1ec' },
  },
  OLIVE_DARK: {
    alpha: { background: '#66665a', text: '#f1f1ec' },
    mod: { background: '#b3b39a', text: '#f1f1ec' },
    accent: { background: '#f1f1ec', text: '#66665a' },
  },
  OLNY: {
    alpha: { background: '#c20018', text: '#000000' },
    mod: { background: '#c20018', text: '#000000' },
    accent: { background: '#000000', text: '#c20018' },
  },
  GREG: {
    alpha: { background: '#f8c200', text: '#393b3b' },
    mod: { background: '#f8c200', text: '#393b3b' },
    accent: { background: '#393b3b', text: '#f8c200' },
  },
  CARBON: {
    alpha: { background: '#d5d0c6', text: '#353b3f' },
    mod: { background: '#353b3f', text: '#d5d0c6' },
    accent: { background: '#f35f3b', text: '#d5d0c6' },
  },
  CHOCOLATE: {
    alpha: { background: '#f2e4d0', text: '#4a2a1f' },
    mod: { background: '#4a2a1f', text: '#f2e4d0' },
    accent: { background: '#c5753d', text: '#f2e4d0' },
  },
  MATCHA: {
    alpha: { background: '#e4e3d1', text: '#3f4a2c' },
    mod: { background: '#8b9d6b', text: '#f2f0df' },
    accent: { background: '#b4513f', text: '#f2f0df' },
  },
  MODERN_DOLCH: {
    alpha: { background: '#5c6166', text: '#d9dbdd' },
    mod: { background: '#393d42', text: '#d9dbdd' },
    accent: { background: '#b1232d', text: '#d9dbdd' },
  },
  NAUTILUS: {
    alpha: { background: '#1b2a3a', text: '#f0b03c' },
    mod: { background: '#2d4661', text: '#f0b03c' },
    accent: { background: '#f0b03c', text: '#1b2a3a' },
  },
  PREDATOR: {
    alpha: { background: '#a8a4a0', text: '#1d1d1d' },
    mod: { background: '#1d1d1d', text: '#a8a4a0' },
    accent: { background: '#e8c100', text: '#1d1d1d' },
  },
  WHITE: {
    alpha: { background: '#ffffff', text: '#2b2b2b' },
    mod: { background: '#ffffff', text: '#2b2b2b' },
    accent: { background: '#ffffff', text: '#2b2b2b' },
  },
  BLACK: {
    alpha: { background: '#1a1a1a', text: '#eaeaea' },
    mod: { background: '#1a1a1a', text: '#eaeaea' },
    accent: { background: '#1a1a1a', text: '#eaeaea' },
  },
} satisfies Record<string, KeycapTheme>;

export type KeycapThemeName = keyof typeof KEYCAP_THEMES;
// Also named in keycapThemeLoader.ts: this module imports nothing from the first screen's chunk, which waits for it
// before the first render (an import back into it would never resolve). A unit test keeps the two the same.
export const DEFAULT_KEYCAP_THEME: KeycapThemeName = 'OLIVIA_DARK';
export const DEFAULT_ACCENT_COLOR = '#ad7070';

export function keycapTheme(name: string): KeycapTheme {
  return (KEYCAP_THEMES as Record<string, KeycapTheme>)[name] ?? KEYCAP_THEMES[DEFAULT_KEYCAP_THEME];
}

/**
 * The page-level CSS variables for a keycap theme and accent. Everything coloured by theme reads these;
 * light/dark page colours are switched by the `data-theme-mode` attribute in the global stylesheet.
 */
export function themeVariables(
  themeName: string,
  accentColor: string = DEFAULT_ACCENT_COLOR,
): Record<string, string> {
  const t = keycapTheme(themeName);
  return {
    '--key-alpha-bg': t.alpha.background,
    '--key-alpha-text': t.alpha.text,
    '--key-mod-bg': t.mod.background,
    '--key-mod-text': t.mod.text,
    '--key-accent-bg': t.accent.background,
    '--key-accent-text': t.accent.text,
    '--color-accent': accentColor,
  };
}
