import {
  type CurrentUser,
  type InvoicesPageProps,
  RemoteModuleIds,
  RemotePage,
  useOutletContext,
} from '@loadline/ui';

/**
 * The customer's open invoices with Pay (the accounting remote, issue 16): whether this user may pay is the
 * service's answer (002 §6.3 Pay Invoices, Granted Invoice Payment).
 */
export function InvoicesRoute() {
  const user = useOutletContext<CurrentUser>();
  return (
    <RemotePage<InvoicesPageProps>
      name="Invoices"
      id={RemoteModuleIds.invoicesPage}
      props={{ organizationId: user.organizationId, office: 'frontOffice' }}
    />
  );
}
