// Module Federation needs an async boundary before any shared module is used (STACK-NOTES: #RUNTIME-006).
import('./bootstrap.tsx');
