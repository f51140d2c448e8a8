// index.html's static first frame shows only where the app's first frame is the same (docs/performance.md).
(function (html, same) {
  try {
    var s = JSON.parse(localStorage.getItem('via-app-store')) || {};
    if (s.themeMode == 'light') html.setAttribute('data-theme-mode', 'light');
    same =
      (s.language || 'en') == 'en' && (s.themeName || 'OLIVIA_DARK') == 'OLIVIA_DARK' && !s.showDesignTab;
  } catch (e) {}
  if (!same || !/^#?\/?$/.test(location.hash) || !('hid' in navigator) || top != self)
    html.setAttribute('data-static-shell', 'off');
})(document.documentElement);
