// Loader for a server build: a stylesheet import contributes nothing to the HTML a server renders
// (the page links the browser build's stylesheets), so it becomes an empty module.
module.exports = function emptyModule() {
  return 'export {};';
};
