// The servers `npm test` runs against: containers from docker-compose.yml's images where an engine is
// reachable, else the local servers, and the choice said with the versions (decision 0086).
import { describe, expect, it } from 'vitest';
import { chooseServers, composeImages } from '../containers.ts';

describe('the servers of the test run', () => {
  it("takes the containers' images from docker-compose.yml: the deployed major versions", () => {
    const images = composeImages();
    expect(images.postgres).toMatch(/^postgres:17/);
    expect(images.nats).toMatch(/^nats:2\.12/);
    expect(images.redis).toMatch(/^redis:7/);
  });

  it('uses the local servers when asked, and says which with their versions and the deployed ones', async () => {
    const choice = await chooseServers({ LOADLINE_SERVERS: 'local' });
    expect(choice.kind).toBe('local');
    expect(choice.describe()).toMatch(
      /^servers: local, as LOADLINE_SERVERS asks: PostgreSQL \d+\.\d+, NATS \d+\.\d+\.\d+, Redis \d+\.\d+\.\d+ \(deployments run postgres:17/,
    );
  });
});
