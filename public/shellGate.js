// index.html's static first frame shows only where the app's first frame is the same (docs/performance.md).
// A first visit (nothing stored yet) asks for the files its start fetches now, as preloads the app's fetch()
// calls take over (same URL, cors mode, same-origin credentials), so they arrive while the app's code is compiled
// and evaluated: the definition index, which every start reads, and, unless a link asks for another keyboard,
// the vendor configs and the default demo's definition (issue 43, ninth stop). The build minifies this file.
(function (html, same, first, hid) {
  hid = 'hid' in navigator && top == self;
  try {
    var s = JSON.parse(localStorage.getItem('via-app-store')) || {};
    if (s.themeMode == 'light') html.setAttribute('data-theme-mode', 'light');
    same =
      (s.language || 'en') == 'en' && (s.themeName || 'OLIVIA_DARK') == 'OLIVIA_DARK' && !s.showDesignTab;
    first = !localStorage.length;
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
