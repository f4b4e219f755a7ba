import { Badge, type MantineColor } from '@loadline/ui';
import type { ReactNode } from 'react';
import type { ShipmentAlert } from '../../api/types.ts';

// 000 §3 "Shipment alert: alertId, displayName, settings (color, icon)": each alert in the colour and with
// the icon its settings name (the shipments service decides them, domain/alerts.ts). The icons are drawn
// here, small and stroked like the rest of the design system; an unknown name gets the generic one.

/** The service's colour names (red, amber, blue, grey) in the Mantine palette, as the status colours are. */
const colourOf: Readonly<Record<string, MantineColor>> = {
  red: 'red',
  amber: 'yellow',
  blue: 'blue',
  grey: 'gray',
};

const slash = <path d="M3 3l18 18" />;
const icons: Readonly<Record<string, ReactNode>> = {
  'alert-circle': (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 8v4M12 16h.01" />
    </>
  ),
  'truck-off': (
    <>
      <path d="M3 6h10v9H3zM13 9h4l4 4v2h-8" />
      <circle cx="7" cy="17" r="2" />
      <circle cx="17" cy="17" r="2" />
      {slash}
    </>
  ),
  'credit-card-off': (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 10h18" />
      {slash}
    </>
  ),
  stack: <path d="M12 4l8 4-8 4-8-4zM4 12l8 4 8-4M4 16l8 4 8-4" />,
  'stack-front': <path d="M12 4l8 4-8 4-8-4zM4 12l8 4 8-4" />,
  'hand-stop': (
    <>
      <path d="M8 3h8l5 5v8l-5 5H8l-5-5V8z" />
      <path d="M9 12h6" />
    </>
  ),
  'shield-off': (
    <>
      <path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" />
      {slash}
    </>
  ),
  'shield-half': (
    <>
      <path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" />
      <path d="M12 3v18" />
    </>
  ),
  'file-alert': (
    <>
      <path d="M14 3H6v18h12V7z" />
      <path d="M12 10v4M12 17h.01" />
    </>
  ),
  'clock-exclamation': (
    <>
      <circle cx="11" cy="12" r="8" />
      <path d="M11 8v4l2 2M20 15v3M20 21h.01" />
    </>
  ),
  temperature: (
    <>
      <path d="M10 14V5a2 2 0 014 0v9a4 4 0 11-4 0z" />
      <path d="M12 9v6" />
    </>
  ),
  'receipt-off': (
    <>
      <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
      <path d="M9 8h6M9 12h4" />
      {slash}
    </>
  ),
};

/** The icon an alert's settings name, as an SVG the badge shows before its name. */
export function AlertIcon({ name }: { name: string }) {
  return (
    <svg
      width="12"
      height="12"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      data-icon={icons[name] ? name : 'alert-circle'}
      style={{ display: 'block' }}
    >
      {icons[name] ?? icons['alert-circle']}
    </svg>
  );
}

/** One alert of a shipment: its name (or its type number when the catalogue names none), colour and icon. */
export function AlertBadge({ alert }: { alert: ShipmentAlert }) {
  const name = alert.displayName ?? `Alert ${alert.type ?? ''}`.trim();
  return (
    <Badge
      color={colourOf[alert.settings.color] ?? 'gray'}
      variant="light"
      leftSection={<AlertIcon name={alert.settings.icon} />}
      data-alert-color={alert.settings.color}
      data-alert-icon={alert.settings.icon}
    >
      {name}
    </Badge>
  );
}
