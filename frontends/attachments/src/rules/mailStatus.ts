// A sent message's mail send status (002 §3.8) as the senders show it: still on its way, or final.
import { MailSendStatus } from '@loadline/contracts';

/** The statuses of a message still on its way: the screens follow it until it leaves them. */
export const IN_FLIGHT_STATUSES: readonly number[] = [
  MailSendStatus.values.GeneratePDFs,
  MailSendStatus.values.ReadyToSend,
  MailSendStatus.values.Retry1,
  MailSendStatus.values.Retry2,
  MailSendStatus.values.AttachmentLocked,
  MailSendStatus.values.FaxSendRequested,
];

export const inFlight = (status: number) => IN_FLIGHT_STATUSES.includes(status);

/** Green once sent, blue on its way, red when it failed. */
export const statusColor = (status: number) =>
  status === MailSendStatus.values.Success ? 'green' : inFlight(status) ? 'blue' : 'red';
