// Module Federation needs an async boundary before any shared module is used (STACK-NOTES: #RUNTIME-006).
// This entry is the remote's stand-alone dev harness; the shells load the exposed modules through
// remoteEntry.js and never run it.
import('./bootstrap.tsx');
