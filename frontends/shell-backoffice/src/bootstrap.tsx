import { bootShell } from '@loadline/ui/shell-boot';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { createBackOfficeRouter } from './router.tsx';

void bootShell({ registerRemotes, loadRemote }, createBackOfficeRouter);
