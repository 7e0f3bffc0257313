// Applies the stored theme (localStorage "theme": "light" | "dark"), else the system preference,
// before the first paint so that no wrong theme flashes.
(function () {
  var theme = null;
  try {
    theme = localStorage.getItem('theme');
  } catch (_error) {
    // Storage unavailable: fall back to the system preference.
  }
  if (theme !== 'light' && theme !== 'dark') {
    theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
})();
