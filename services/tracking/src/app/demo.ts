// The demo locations (store/seed.ts), seeded when SEED_DEMO_DATA=true; seeding twice changes nothing.
import type { TrackingDeps } from '../service.ts';
import { seedDemoData } from '../store/seed.ts';

export function seedDemo(
  deps: TrackingDeps,
  today: string = new Date().toISOString().slice(0, 10),
  now: Date = new Date(),
): Promise<void> {
  return seedDemoData(deps.runtime.db, deps.runtime, deps.adapters.zips(), today, now);
}
