import { type AccountingSyncPageProps, RemoteModuleIds, RemotePage } from '@loadline/ui';

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
