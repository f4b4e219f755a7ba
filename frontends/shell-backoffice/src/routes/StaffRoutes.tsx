import {
  type CarrierDetailsPageProps,
  type CarriersPageProps,
  RemoteModuleIds,
  RemotePage,
  type StaffPageProps,
  useParams,
} from '@loadline/ui';

/**
 * A user of the broker or of a customer, where the universal search sends staff results (001 §2:
 * /back-office/lsp/broker-staff/details/{staffId}, /back-office/customer/staff/details/{staffId}).
 */
export function StaffDetailsRoute() {
  const { staffId = '' } = useParams();
  return (
    <RemotePage<StaffPageProps> name="Staff" id={RemoteModuleIds.staffDetailsPage} props={{ staffId }} />
  );
}

/** Changing a user (001 §2: /back-office/lsp/broker-staff/edit/{staffId}, "Edit my email address"). */
export function StaffEditRoute() {
  const { staffId = '' } = useParams();
  return (
    <RemotePage<StaffPageProps> name="Edit staff" id={RemoteModuleIds.staffEditPage} props={{ staffId }} />
  );
}

/** A broker carrier, where the universal search sends a carrier result (decision 0017). */
export function CarrierDetailsRoute() {
  const { carrierMasterId = '' } = useParams();
  return (
    <RemotePage<CarrierDetailsPageProps>
      name="Carrier details"
      id={RemoteModuleIds.carrierDetailsPage}
      props={{ carrierMasterId }}
    />
  );
}

/** The broker's carriers (decision 0118), from the navigation; a carrier opens its details page above. */
export function CarriersRoute() {
  return <RemotePage<CarriersPageProps> name="Carriers" id={RemoteModuleIds.carriersPage} props={{}} />;
}
