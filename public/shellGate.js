// index.html's static first frame shows only where the app's first frame is the same (docs/performance.md).
(function (html, same, first, hid) {
  hid = 'hid' in navigator && top == self;
  try {
    var s = JSON.parse(localStorage.getItem('via-app-store')) || {};
    if (s.themeMode == 'light') html.setAttribute('data-theme-mode', 'light');
    same =
      (s.language || 'en') == 'en' && (s.themeName || 'OLIVIA_DARK') == 'OLIVIA_DARK' && !s.showDesignTab;
    first = !localStorage.getItem('keyloom-definitions-hash');
  } catch (e) {}
  if (!same || !/^#?\/?$/.test(location.hash) || !hid) html.setAttribute('data-static-shell', 'off');
  if (first && hid)
    document.head.insertAdjacentHTML(
      'beforeend',
      (
        'definitions/supported_kbs.json' +
        (/virtual=/.test(location.search) ? '' : ' tabkb/configs.json definitions/v3/1263271938.json')
      ).replace(/\S+/g, '<link rel=preload as=fetch crossorigin href=$&>'),
    );
})(document.documentElement);
