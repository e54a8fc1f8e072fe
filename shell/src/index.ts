// The shell's stylesheet is part of its first load, so the page links it in its head (a server-
// rendered page is styled before any script runs).
import './styles.css';

// Async boundary: lets Module Federation negotiate shared singletons before React is evaluated.
void import('./bootstrap');
