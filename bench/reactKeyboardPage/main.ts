// The reference keyboard drawn by React 19 and nothing else (bench/reactKeyboardPage.ts).
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { KEY_UNIT, PAGE_HEIGHT, PAGE_WIDTH, pageKeys } from '../keyboardPageKeys.ts';

const keys = pageKeys().map((k) =>
  h(
    'g',
    {
      key: k.index,
      role: 'button',
      'aria-label': `Key ${k.index}: ${k.label}`,
      transform: `translate(${k.x} ${k.y})`,
    },
    h('rect', { width: k.width, height: KEY_UNIT - 4, rx: 6, fill: '#2a2a30', stroke: '#555' }),
    h('text', { x: 8, y: 20, fill: '#eee', fontSize: 13 }, k.label),
  ),
);
createRoot(document.getElementById('root')!).render(
  h(
    'div',
    { 'data-testid': 'keyboard-area' },
    h(
      'svg',
      {
        'data-testid': 'keyboard-canvas',
        role: 'group',
        'aria-label': 'Keyboard',
        viewBox: `0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}`,
        width: PAGE_WIDTH,
        height: PAGE_HEIGHT,
      },
      keys,
    ),
  ),
);
