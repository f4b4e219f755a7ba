// The over-credit notice (000 §5, 001 §6): shown when the service says the customer's position calls for it
// for this caller (`showOverCreditNotice`: the position and who the caller is), in the office's wording. The
// back office advises the staff member and sends the customer a statement (its open invoices, mailed by the
// attachments service's invoice notification); the front office asks for a payment or a word with accounting,
// with "Pay invoices" when the service says the caller may pay (`canPay`).
import { BULK_SEND_CHUNK_SIZE } from '@loadline/contracts';
import {
  Alert,
  Button,
  Group,
  type OverCreditNoticeProps,
  serverMessages,
  Text,
  toast,
  useAppNavigate,
  useLoad,
} from '@loadline/ui';
import { useState } from 'react';
import { useAccountingCalls } from '../../api/client.ts';
import type { CreditInfo } from '../../api/types.ts';
import { accountingRoutes } from '../../rules/routes.ts';
import { overCreditFacts, texts } from '../../texts.ts';

export function OverCreditNotice({ organizationId, office }: OverCreditNoticeProps) {
  const calls = useAccountingCalls();
  const navigate = useAppNavigate();
  const [sending, setSending] = useState(false);
  // The server decides whether this caller sees the notice and is offered to pay (001 §6). Nothing to say when
  // the position cannot be read: the notice is a warning, not a page.
  const load = useLoad(['credit-info', organizationId], () => calls.creditInfo(organizationId));
  const credit: CreditInfo | null =
    load.state === 'loaded' && load.data.showOverCreditNotice ? load.data : null;

  if (!credit) return null;

  const sendStatement = async () => {
    setSending(true);
    try {
      const open = await calls.openInvoices(organizationId);
      if (!open.ok) {
        toast.error(texts.overCredit.statementFailed);
        return;
      }
      const ids = open.data.items.map((i) => i.invoiceId).slice(0, BULK_SEND_CHUNK_SIZE);
      if (ids.length === 0) {
        toast.warning(texts.overCredit.nothingOpen);
        return;
      }
      const sent = await calls.sendStatement(organizationId, ids);
      if (sent.ok) toast.success(texts.overCredit.statementSent(credit.name));
      else toast.error([texts.overCredit.statementFailed, ...serverMessages(sent.error)].join(' '));
    } finally {
      setSending(false);
    }
  };

  const offersPayment = office === 'frontOffice' && credit.canPay;
  return (
    <Alert color="red" role="alert" title={texts.overCredit.title}>
      <Text size="sm">
        {overCreditFacts(credit, office === 'frontOffice' ? 'Your account' : credit.name)}
      </Text>
      <Text size="sm" fw={600}>
        {office === 'frontOffice' ? texts.overCredit.frontOfficeAdvice : texts.overCredit.backOfficeAdvice}
      </Text>
      {office === 'backOffice' && (
        <Group mt="xs">
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={sending}
            onClick={() => void sendStatement()}
          >
            {texts.overCredit.sendStatement}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => navigate(accountingRoutes.backOfficeInvoices(organizationId))}
          >
            {texts.overCredit.openInvoices}
          </Button>
        </Group>
      )}
      {offersPayment && (
        <Group mt="xs">
          <Button size="xs" color="red" onClick={() => navigate(accountingRoutes.frontOfficeInvoices)}>
            {texts.overCredit.payInvoices}
          </Button>
        </Group>
      )}
    </Alert>
  );
}
