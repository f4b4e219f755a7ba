import {
  type CurrentUser,
  type OrderPageProps,
  RemoteModuleIds,
  RemotePage,
  useOutletContext,
  useSearchParams,
} from '@loadline/ui';

/**
 * The back office's new-shipment page (issue 17, decision 0093: /back-office/shipment/new), where Quick quote
 * sends staff with originzip and destinationzip: the shipments remote's order page, for any customer of the
 * broker.
 */
export function NewShipmentRoute() {
  const user = useOutletContext<CurrentUser>();
  const [params] = useSearchParams();
  return (
    <RemotePage<OrderPageProps>
      name="New shipment"
      id={RemoteModuleIds.orderPage}
      props={{
        office: 'backOffice',
        brokerId: user.brokerId,
        originZip: params.get('originzip'),
        destinationZip: params.get('destinationzip'),
      }}
    />
  );
}
