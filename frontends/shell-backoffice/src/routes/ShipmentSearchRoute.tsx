import { Alert, Title, usePageTitle, useSearchParams } from '@loadline/ui';

/**
 * Where a shipment result of the universal search goes (001 §2: "runs a shipment search by shipmentId").
 * The shipments remote will own this page; until it exists the shell says so.
 */
export function ShipmentSearchRoute() {
  usePageTitle('Shipment search');
  const [params] = useSearchParams();
  const shipmentId = params.get('shipmentId');
  return (
    <>
      <Title order={2} mb="md">
        Shipment search{shipmentId ? `: ${shipmentId}` : ''}
      </Title>
      <Alert color="blue">The shipment search page is not available yet.</Alert>
    </>
  );
}
