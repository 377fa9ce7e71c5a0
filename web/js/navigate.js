// Going to a page of the app from a module that the router (main.js) did
// not hand its `navigate`: the same as a link followed inside the app (a
// history entry, then the router draws the page, as it does for Back).

/** Go to `path` inside the app without reloading. */
export function go(path) {
  history.pushState(null, '', path);
  dispatchEvent(new PopStateEvent('popstate'));
}
