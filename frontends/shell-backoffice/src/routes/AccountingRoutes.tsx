import {
  type AccountingSyncPageProps,
  type InvoicesPageProps,
  OrganizationSelect,
  RemoteModuleIds,
  RemotePage,
  Stack,
  Title,
  useNavigate,
  usePageTitle,
  useParams,
} from '@loadline/ui';

/** The accounting sync page of the accounting remote (001 §3, §7; issue 16). The service checks Accounting Sync. */
export function AccountingSyncRoute() {
  return (
    <RemotePage<AccountingSyncPageProps>
      name="Accounting sync"
      id={RemoteModuleIds.accountingSyncPage}
      props={{}}
    />
  );
}

/**
 * A customer's open invoices, for staff (issue 16): the customer is picked with the organization select of the
 * payers with open invoices (001 §7); staff who may take payments (AR Payments) get Pay.
 */
export function AccountingInvoicesRoute() {
  const { organizationId = null } = useParams();
  const navigate = useNavigate();
  usePageTitle('Invoices');
  return (
    <Stack>
      <Title order={1} size="h3">
        Invoices
      </Title>
      <OrganizationSelect
        label="Customer with open invoices"
        type="payersWithOpenInvoices"
        value={organizationId}
        onChange={(id) =>
          navigate(id ? `/accounting/invoices/${encodeURIComponent(id)}` : '/accounting/invoices')
        }
      />
      {organizationId && (
        <RemotePage<InvoicesPageProps>
          name="Invoices"
          id={RemoteModuleIds.invoicesPage}
          props={{ organizationId, office: 'backOffice' }}
        />
      )}
    </Stack>
  );
}
