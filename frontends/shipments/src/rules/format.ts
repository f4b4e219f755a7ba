// Display formats of the shipment screens; dates and times are the shared ones (`@loadline/ui`).
import { HazardClass } from '@loadline/contracts';

/** A hazard class as the hazmat modal offers it and the shipment shows it: "3 Liquids" (002 §3.1). */
export function hazardClassLabel(name: string): string {
  const known = HazardClass.entries.find((c) => c.name === name);
  return known?.description ? `${known.name} ${known.description}` : name;
}
