// The demo activity (store/demo.ts, store/seed.ts), seeded when SEED_DEMO_DATA=true; seeding twice changes
// nothing. The demo's scheduled assignments get their delayed jobs (queued once per assignment and time).
import type { ActivityDeps } from '../service.ts';
import { seedDemoData } from '../store/seed.ts';
import { rescheduleWaiting } from './assignments.ts';

export async function seedDemo(
  deps: ActivityDeps,
  today: string = new Date().toISOString().slice(0, 10),
  now: Date = new Date(),
): Promise<void> {
  await seedDemoData(deps.runtime.db, today, now);
  await rescheduleWaiting(deps);
}
