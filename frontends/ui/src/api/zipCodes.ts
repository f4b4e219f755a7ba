import type { GatewayClient } from './ApiContext.tsx';

/**
 * GET /api/location/validateZipCodes (000 §5, §7: quick quote): true when both ZIP codes are known. Rejects
 * when the check itself fails, so the caller can say 'An error occurred validating the ZIP code.'.
 */
export async function validateZipCodes(
  client: GatewayClient,
  originZip: string,
  destinationZip: string,
): Promise<boolean> {
  const { data, response } = await client.GET('/api/location/validateZipCodes', {
    params: { query: { originZip, destinationZip } },
  });
  if (!response.ok) throw new Error(`validateZipCodes answered ${response.status}`);
  return data === true;
}
