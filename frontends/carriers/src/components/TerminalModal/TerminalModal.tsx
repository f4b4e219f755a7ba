import { Modal, modalSizes } from '@loadline/ui';
import { terminalPageUrl } from '../../api/carriers.ts';

export interface TerminalModalProps {
  opened: boolean;
  onClose: () => void;
  shipmentId: number;
}

/**
 * The terminal information modal (000 §2 item 7): the server-rendered page GET /Order/Terminals for the
 * shipment (its carrier, service level, origin and destination), shown in a frame.
 */
export function TerminalModal({ opened, onClose, shipmentId }: TerminalModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} size={modalSizes.large} title="Terminal information">
      {opened && (
        <iframe
          title="Terminal information"
          src={terminalPageUrl(shipmentId)}
          sandbox="allow-same-origin"
          style={{ width: '100%', height: 420, border: 0 }}
        />
      )}
    </Modal>
  );
}
