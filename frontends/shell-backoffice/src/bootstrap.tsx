import '@loadline/ui/styles.css';
import {
  ApiProvider,
  LoadlineProvider,
  RouterProvider,
  ShellRuntimeProvider,
  startShell,
} from '@loadline/ui';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { createRoot } from 'react-dom/client';
import { createBackOfficeRouter } from './router.tsx';

async function main(): Promise<void> {
  const runtime = await startShell({ registerRemotes, loadRemote });
  const router = createBackOfficeRouter(runtime);
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <LoadlineProvider>
      <ShellRuntimeProvider runtime={runtime}>
        <ApiProvider client={runtime.client}>
          <RouterProvider router={router} />
        </ApiProvider>
      </ShellRuntimeProvider>
    </LoadlineProvider>,
  );
}

void main();
