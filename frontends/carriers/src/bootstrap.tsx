// Stand-alone harness: `npm run dev` in this folder serves the carrier widgets alone on :3106, against the
// gateway's API on the same origin (proxied by rspack's dev server, see ../ui/build/federation.ts). Sign in
// through a shell first: the session cookie is the gateway's. /?carrier=car_demo_oldline&shipment=10005
import '@loadline/ui/styles.css';
import { Paper, Stack, Title } from '@loadline/ui';
import { mountRemoteHarness } from '@loadline/ui/harness';
import CarrierCardPlugin from './CarrierCardPlugin.tsx';
import CarrierScore from './CarrierScore.tsx';

const params = new URLSearchParams(window.location.search);
const carrierMasterId = params.get('carrier') ?? 'car_demo_oldline';
const shipmentId = Number(params.get('shipment') ?? 10005);
mountRemoteHarness(
  <Stack p="md" maw={520}>
    <Title order={4}>Carriers remote</Title>
    <CarrierScore carrierMasterId={carrierMasterId} />
    <Paper withBorder p="sm">
      <CarrierCardPlugin shipmentId={shipmentId} carrierMasterId={carrierMasterId} />
    </Paper>
  </Stack>,
);
