// Small inline SVG icons (no icon font or emoji needed).

import { s } from './dom.js';

const PATHS = {
  first: 'M6 5h2v14H6zM20 5v14L9 12z',
  prev: 'M17 5v14L6 12z',
  next: 'M7 5v14l11-7z',
  last: 'M16 5h2v14h-2zM4 5v14l11-7z',
  flip: 'M7 3l-4 4h3v10h2V7h3zM17 21l4-4h-3V7h-2v10h-3z',
  play: 'M8 5v14l11-7z',
  soundOn: 'M4 9v6h4l5 4V5L8 9zM16 8.5a5 5 0 0 1 0 7l-1.4-1.4a3 3 0 0 0 0-4.2zM18.5 6a8.5 8.5 0 0 1 0 12l-1.4-1.4a6.5 6.5 0 0 0 0-9.2z',
  soundOff: 'M4 9v6h4l5 4V5L8 9zM16 9.4l1.4-1.4 2.1 2.1 2.1-2.1L23 9.4l-2.1 2.1 2.1 2.1-1.4 1.4-2.1-2.1-2.1 2.1-1.4-1.4 2.1-2.1z',
  // A disc half dark, half light: the display menu (theme, board colours).
  theme: 'M12 2a10 10 0 1 0 0 20a10 10 0 1 0 0-20zm0 2v16a8 8 0 0 1 0-16z',
  // Three bars: the header's menu, and a cross to close it.
  menu: 'M3 6h18v2H3zM3 11h18v2H3zM3 16h18v2H3z',
  close: 'M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6z',
  // A bell: the notifications.
  bell: 'M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6v-5a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1z',
};

/** An icon by name, sized by the surrounding font. */
export function icon(name) {
  return s('svg', { class: 'icon', viewBox: '0 0 24 24', 'aria-hidden': 'true' }, s('path', { d: PATHS[name], fill: 'currentColor' }));
}
