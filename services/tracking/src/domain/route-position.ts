// Positions along a shipment's lane: the demo histories (issue 4 item 6) and the local carrier-
// tracking adapter's answers (item 4) both place a truck on the straight line from origin to
// destination by the share of the transit time gone. Pure.

export interface Position {
  latitude: number;
  longitude: number;
}

/** The point a `share` (0..1) of the way from `from` to `to` (a straight line is close enough for a map). */
export function along(from: Position, to: Position, share: number): Position {
  const s = Math.min(1, Math.max(0, share));
  return {
    latitude: Math.round((from.latitude + (to.latitude - from.latitude) * s) * 1e5) / 1e5,
    longitude: Math.round((from.longitude + (to.longitude - from.longitude) * s) * 1e5) / 1e5,
  };
}

/** The share of a trip gone at `now`, between departure and arrival (clamped to 0..1). */
export function shareGone(departure: Date, arrival: Date, now: Date): number {
  const total = arrival.getTime() - departure.getTime();
  if (total <= 0) return 1;
  return Math.min(1, Math.max(0, (now.getTime() - departure.getTime()) / total));
}
