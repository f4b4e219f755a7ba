// The link back to a list above a details page ("‹ Shipments", "‹ Carriers"): a real link (a middle click or
// Ctrl+click opens it in a new tab) that, clicked plainly, navigates inside the app (`useAppNavigate`).
import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { useAppNavigate } from '../../hooks/useAppNavigate.ts';

export interface BackLinkProps {
  /** the full path of the list, with its query when it keeps one */
  to: string;
  children: ReactNode;
}

export function BackLink({ to, children }: BackLinkProps) {
  const navigate = useAppNavigate();
  return (
    <Anchor
      href={to}
      size="sm"
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </Anchor>
  );
}
