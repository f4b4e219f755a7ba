import { useEffect } from 'react';
import { useParams } from 'react-router';
import { pageTitleWithShipmentId } from '../rules/pageTitle.ts';

/** Sets document.title, with the shipment id appended when a route parameter name contains shipmentid (001 §2). */
export function usePageTitle(title: string): string {
  const params = useParams();
  const full = pageTitleWithShipmentId(title, params);
  useEffect(() => {
    document.title = full;
  }, [full]);
  return full;
}
