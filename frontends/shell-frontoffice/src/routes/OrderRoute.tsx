import {
  type CurrentUser,
  type OrderPageProps,
  RemoteModuleIds,
  RemotePage,
  useOutletContext,
  useSearchParams,
} from '@loadline/ui';

/**
 * The front office's order page (000 §2 item 13: /front-office/order with originzip and destinationzip, as
 * Quick quote opens it): the shipments remote's order page, for the customer's own organization.
 */
export function OrderRoute() {
  const user = useOutletContext<CurrentUser>();
  const [params] = useSearchParams();
  return (
    <RemotePage<OrderPageProps>
      name="New order"
      id={RemoteModuleIds.orderPage}
      props={{
        office: 'frontOffice',
        brokerId: user.brokerId,
        originZip: params.get('originzip'),
        destinationZip: params.get('destinationzip'),
      }}
    />
  );
}
