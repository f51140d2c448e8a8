import { Suspense, useEffect, useRef } from 'react';
import { AppStoresContext, useSettings, type AppStores } from './ui/AppContext.tsx';
import { AppShell } from './ui/shell/AppShell.tsx';
import { ErrorBoundary } from './ui/shell/ErrorBoundary.tsx';
import { ErrorDialog } from './ui/shell/ErrorDialog.tsx';
import type { AppEnvironment } from './ui/common/environment.ts';
import { keycapThemeVariables } from './ui/theme/keycapThemeLoader.ts';
import { DoctorProvider, VirtualDialogProvider } from './ui/devices/dialogProviders.tsx';
import { DefinitionNoticeProvider } from './ui/devices/DefinitionNotice.tsx';

/** Mirrors theme settings onto <html>: light/dark attribute and the keycap/accent CSS variables. */
function ThemeSync() {
  const themeMode = useSettings((s) => s.themeMode);
  const themeName = useSettings((s) => s.themeName);
  const language = useSettings((s) => s.language);
  const applied = useRef<string[]>([]);
  useEffect(() => {
    document.documentElement.dataset.themeMode = themeMode;
  }, [themeMode]);
  useEffect(() => {
    let live = true;
    void keycapThemeVariables(themeName).then((variables) => {
      if (!live) return;
      const root = document.documentElement;
      // The default theme is the stylesheet's: what another theme set is taken off again.
      applied.current.forEach((name) => root.style.removeProperty(name));
      applied.current = Object.keys(variables ?? {});
      for (const [name, value] of Object.entries(variables ?? {})) root.style.setProperty(name, value);
      // The installed app's title bar follows the theme too.
      const accent = getComputedStyle(root).getPropertyValue('--color-accent').trim();
      document.querySelector('meta[name="theme-color"]')?.setAttribute('content', accent);
    });
    return () => {
      live = false;
    };
  }, [themeName]);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return null;
}

export function App({ stores, env }: { stores: AppStores; env: AppEnvironment }) {
  return (
    <AppStoresContext value={stores}>
      <ThemeSync />
      <ErrorBoundary
        fallback={(error, reset) => <ErrorDialog error={error} onRetry={reset} />}
        onError={(error) => stores.errors.getState().logAppError({ message: error.stack ?? error.message })}
      >
        <Suspense fallback={null}>
          <VirtualDialogProvider>
            <DoctorProvider webHid={env.hidSupported}>
              <DefinitionNoticeProvider>
                <AppShell env={env} />
              </DefinitionNoticeProvider>
            </DoctorProvider>
          </VirtualDialogProvider>
        </Suspense>
      </ErrorBoundary>
    </AppStoresContext>
  );
}
