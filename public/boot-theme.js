// Applies the saved theme and text size before the first paint, so a dark theme never flashes
// white. A file of its own, not an inline script: the site's CSP allows scripts from itself only.
try {
  var saved = JSON.parse(localStorage.getItem('tribunal:preferences') || '{}');
  if (saved.theme) document.documentElement.dataset.theme = saved.theme;
  if (saved.textSize) document.documentElement.dataset.textSize = saved.textSize;
} catch (e) {}
