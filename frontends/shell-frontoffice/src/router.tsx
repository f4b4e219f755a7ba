import {
  createBrowserRouter,
  NotFoundPage,
  ShellGate,
  ShellLogin,
  ShellPaths,
  type ShellRuntime,
} from '@loadline/ui';
import { FrontOfficeLayout } from './layout/FrontOfficeLayout.tsx';
import { HomeRoute } from './routes/HomeRoute.tsx';
import { InvoicesRoute } from './routes/InvoicesRoute.tsx';
import { MyShipmentRoute } from './routes/MyShipmentRoute.tsx';
import { MyShipmentsRoute } from './routes/MyShipmentsRoute.tsx';
import { OrderRoute } from './routes/OrderRoute.tsx';

const backOffice = `${ShellPaths.backOffice}/`;

/** The front office's routes, under the basename /front-office. Staff users belong in the back office. */
export function frontOfficeRoutes(runtime: ShellRuntime) {
  return [
    {
      path: '/login',
      element: <ShellLogin runtime={runtime} kind="customer" otherShellUrl={backOffice} title="Loadline" />,
    },
    {
      path: '/',
      element: (
        <ShellGate session={runtime.session} kind="customer" otherShellUrl={backOffice}>
          {(user) => <FrontOfficeLayout runtime={runtime} user={user} />}
        </ShellGate>
      ),
      children: [
        { index: true, element: <HomeRoute /> },
        { path: 'order', element: <OrderRoute /> },
        { path: 'shipments', element: <MyShipmentsRoute /> },
        { path: 'shipments/:shipmentId', element: <MyShipmentRoute /> },
        // issue 16: the organization's open invoices with Pay (the accounting remote)
        { path: 'invoices', element: <InvoicesRoute /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export function createFrontOfficeRouter(runtime: ShellRuntime) {
  return createBrowserRouter(frontOfficeRoutes(runtime), { basename: ShellPaths.frontOffice });
}
