import {
  createBrowserRouter,
  NotFoundPage,
  ShellGate,
  ShellLogin,
  ShellPaths,
  type ShellRuntime,
} from '@loadline/ui';
import { BackOfficeLayout } from './layout/BackOfficeLayout.tsx';
import { AccountingInvoicesRoute, AccountingSyncRoute } from './routes/AccountingRoutes.tsx';
import { BulkEmailRoute } from './routes/BulkEmailRoute.tsx';
import { ContentTemplatesRoute } from './routes/ContentTemplatesRoute.tsx';
import { HomeRoute } from './routes/HomeRoute.tsx';
import { OnboardingGuideRoute, ShipmentImporterRoute } from './routes/ImportRoutes.tsx';
import { InboundEmailRoute } from './routes/InboundEmailRoute.tsx';
import { MailboxSignInRoute } from './routes/MailboxSignInRoute.tsx';
import { NewShipmentRoute } from './routes/NewShipmentRoute.tsx';
import { OrganizationRoute } from './routes/OrganizationRoute.tsx';
import { ShipmentDetailsRoute } from './routes/ShipmentDetailsRoute.tsx';
import { ShipmentSearchRoute } from './routes/ShipmentSearchRoute.tsx';
import {
  CarrierDetailsRoute,
  CarriersRoute,
  StaffDetailsRoute,
  StaffEditRoute,
} from './routes/StaffRoutes.tsx';
import { TextMessagesRoute, ZipCodeSearchRoute } from './routes/TrackingRoutes.tsx';

const frontOffice = `${ShellPaths.frontOffice}/`;

/** The back office's routes, under the basename /back-office. */
export function backOfficeRoutes(runtime: ShellRuntime) {
  return [
    // A customer never sees the back office: after login it goes to the front office.
    {
      path: '/login',
      element: (
        <ShellLogin runtime={runtime} kind="staff" otherShellUrl={frontOffice} title="Loadline back office" />
      ),
    },
    // Where a mailbox sign-in popup comes back from the provider (decision 0036).
    { path: '/mailbox-sign-in', element: <MailboxSignInRoute /> },
    {
      path: '/',
      element: (
        <ShellGate session={runtime.session} kind="staff" otherShellUrl={frontOffice}>
          {(user) => <BackOfficeLayout runtime={runtime} user={user} />}
        </ShellGate>
      ),
      children: [
        { index: true, element: <HomeRoute /> },
        { path: 'shipment/search', element: <ShipmentSearchRoute /> },
        { path: 'shipment/new', element: <NewShipmentRoute /> },
        // 000 §2: a domestic shipment, "with an optional trailing source segment" (an unknown type's
        // /BackOffice/ShipmentSearch#/{id} lands here too).
        { path: 'shipment/shipment-details/:shipmentId/:source?', element: <ShipmentDetailsRoute /> },
        // 000 §2's edit pages (/Backoffice/ShipmentDomestic#/Edit/{id}/companyLoadboard): the same page with
        // the edit-status modal open.
        { path: 'shipment/edit/:shipmentId/:source?', element: <ShipmentDetailsRoute edit /> },
        // 000 §2: /Backoffice/ShipmentInternational#/Details/{id} and #/Edit/{id}, routed here by the shell.
        { path: 'shipment/international/details/:shipmentId', element: <ShipmentDetailsRoute /> },
        { path: 'shipment/international/edit/:shipmentId', element: <ShipmentDetailsRoute edit /> },
        // 000 §2: the international ocean page (offered only with its feature flag) shows the same page here.
        { path: 'shipment/international-ocean/details/:shipmentId', element: <ShipmentDetailsRoute /> },
        { path: 'shipment/international-ocean/edit/:shipmentId', element: <ShipmentDetailsRoute edit /> },
        // 001 §2: where the universal search sends an organization; its activity log (issue 5)
        { path: 'customer/companies/details/:organizationId', element: <OrganizationRoute customer /> },
        { path: 'lsp/organizations/details/:organizationId', element: <OrganizationRoute /> },
        // 001 §2: where the universal search sends staff, and "Edit my email address" (issue 14 item 7);
        // a customer user's edit page and a carrier's page are ours (decision 0017)
        { path: 'customer/staff/details/:staffId', element: <StaffDetailsRoute /> },
        { path: 'customer/staff/edit/:staffId', element: <StaffEditRoute /> },
        { path: 'lsp/broker-staff/details/:staffId', element: <StaffDetailsRoute /> },
        { path: 'lsp/broker-staff/edit/:staffId', element: <StaffEditRoute /> },
        // decision 0118: the broker's carriers, each opening the page above
        { path: 'lsp/carriers', element: <CarriersRoute /> },
        { path: 'lsp/carriers/details/:carrierMasterId', element: <CarrierDetailsRoute /> },
        // issue 4: the tracking remote's pages
        { path: 'zip-code-search', element: <ZipCodeSearchRoute /> },
        { path: 'dev/text-messages', element: <TextMessagesRoute /> },
        // issue 6: the attachments remote's bulk email sender (001 §2)
        { path: 'bulk-email', element: <BulkEmailRoute /> },
        // issue 18: unmatched inbound email, assigned to a shipment or dismissed
        { path: 'inbound-email', element: <InboundEmailRoute /> },
        { path: 'content-templates', element: <ContentTemplatesRoute /> },
        // issue 16: the accounting remote's sync page
        { path: 'accounting/sync', element: <AccountingSyncRoute /> },
        { path: 'accounting/invoices/:organizationId?', element: <AccountingInvoicesRoute /> },
        // issue 17: the onboarding guide and the shipment importer (decision 0095)
        { path: 'onboarding', element: <OnboardingGuideRoute /> },
        { path: 'onboarding/import', element: <ShipmentImporterRoute /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export function createBackOfficeRouter(runtime: ShellRuntime) {
  return createBrowserRouter(backOfficeRoutes(runtime), { basename: ShellPaths.backOffice });
}
