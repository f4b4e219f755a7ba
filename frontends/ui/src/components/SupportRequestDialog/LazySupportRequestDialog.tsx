import { lazy, Suspense, useState } from 'react';
import type { SupportRequestDialogProps } from './SupportRequestDialog.tsx';

// Its own chunk (select, textarea, the request types): loaded when the dialog is first opened.
const Dialog = lazy(() =>
  import(/* webpackChunkName: "ui-support-request" */ './SupportRequestDialog.tsx').then((m) => ({
    default: m.SupportRequestDialog,
  })),
);

/** The support request dialog, loaded the first time it opens and kept mounted (with its state) after. */
export function LazySupportRequestDialog(props: SupportRequestDialogProps) {
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
