// Stand-alone harness: `npm run dev` in this folder serves one shipment's attachments and document sender
// against the gateway's API on the same origin (proxied by rspack's dev server, see ../ui/build/federation.ts).
// Sign in through a shell first: the session cookie is the gateway's. /?shipment=10009&office=frontOffice
import '@loadline/ui/styles.css';
import { Stack } from '@loadline/ui';
import { mountRemoteHarness } from '@loadline/ui/harness';
import DocumentSender from './DocumentSender.tsx';
import ShipmentAttachments from './ShipmentAttachments.tsx';

const query = new URLSearchParams(window.location.search);
const shipmentId = Number(query.get('shipment') ?? 10009);
const office = query.get('office') === 'frontOffice' ? 'frontOffice' : 'backOffice';
mountRemoteHarness(
  <Stack p="md">
    <ShipmentAttachments shipmentId={shipmentId} office={office} />
    <DocumentSender shipmentId={shipmentId} office={office} />
  </Stack>,
);
