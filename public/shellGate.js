// Shows index.html's static first frame only where the app's would match it (docs/performance.md, "Static first frame").
(function () {
  var root = document.documentElement;
  var same = /^#?\/?$/.test(location.hash);
  try {
    var s = JSON.parse(localStorage.getItem('via-app-store') || '{}') || {};
    if (s.themeMode === 'light') root.setAttribute('data-theme-mode', 'light');
    if ((s.language || 'en') !== 'en' || (s.themeName || 'OLIVIA_DARK') !== 'OLIVIA_DARK' || s.showDesignTab)
      same = false;
  } catch (e) {
    same = false;
  }
  if (!('hid' in navigator) || window.top !== window.self) same = false;
  if (!same) root.setAttribute('data-static-shell', 'off');
})();
