import { bootShell } from '@loadline/ui/shell-boot';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { createFrontOfficeRouter } from './router.tsx';

void bootShell({ registerRemotes, loadRemote }, createFrontOfficeRouter);
