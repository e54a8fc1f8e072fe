// Async boundary for the standalone page; the shell loads ./routes through remoteEntry instead.
void import('./bootstrap');
