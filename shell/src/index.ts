// Async boundary: lets Module Federation negotiate shared singletons before React is evaluated.
void import('./bootstrap');
