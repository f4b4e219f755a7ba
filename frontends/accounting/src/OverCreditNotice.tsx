// Exposed as `accounting/OverCreditNotice` (props: OverCreditNoticeProps in @loadline/ui's remotes.ts): the
// over-credit notice of one customer (000 §5, 001 §6) in the office's wording.
import { OverCreditNotice } from './components/OverCreditNotice/index.ts';

export type { OverCreditNoticeProps } from '@loadline/ui';
export { OverCreditNotice };
export default OverCreditNotice;
