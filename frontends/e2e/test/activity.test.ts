// The activity remote in a real browser, against the whole system and its demo data: staff add a note to a
// shipment's activity log, pin it, cycle its access level Private → Admin → Public through the server, and
// add another that stays Private; the customer viewing the same shipment in the front office sees the Public
// entries only (the service answers nothing else), the new Public note among them and not the Private one.
// Then staff click their favorite toggle (001 §4) on the shipment: assigned, then completed, each the server's
// answer, still so after a reload.
// Screenshots: test-results/journeys/activity-*.png.
//
// Demo shipment used: 10005 is Acme's (shipper@acme.test), a truckload Dispatched with Old Line on it.
import { join } from 'node:path';
import { AccessLevel, messages } from '@loadline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JourneySystem, PAGE_LOAD_MS, screenshots, signIn, startJourneySystem } from './system.ts';

let j: JourneySystem;

beforeAll(async () => {
  j = await startJourneySystem();
}, 300_000);

afterAll(async () => {
  await j?.stop();
});

const publicNote = 'Journey: appointment confirmed with the receiver for 08:00.';
const privateNote = 'Journey: carrier asked for a rate increase, declined.';

describe('activity journey', () => {
  it('staff add a note, pin it and cycle it to Public; the customer sees only the Public entries', async () => {
    // An IT support admin: the cycle goes through Admin.
    const staff = await signIn(j, '/back-office/shipment/shipment-details/10005', 'admin@demo.test');
    await staff.getByRole('heading', { name: 'Shipment 10005' }).waitFor({ timeout: PAGE_LOAD_MS });
    const log = staff.getByRole('region', { name: 'Activity log' });
    await log.getByText(/^\d+ results found\.$/).waitFor({ timeout: PAGE_LOAD_MS });

    async function add(text: string) {
      await log.getByRole('button', { name: 'Add activity' }).click();
      const form = log.getByRole('form', { name: 'Add activity' });
      // 000 §4, §5: a new entry starts Private with an empty description.
      expect(await form.getByLabel('Access level').inputValue()).toBe(String(AccessLevel.values.Private));
      expect(await form.getByLabel('Description').inputValue()).toBe('');
      await form.getByLabel('Description').fill(text);
      await form.getByRole('button', { name: 'Save activity' }).click();
      await form.waitFor({ state: 'detached' });
    }
    await add(publicNote);
    await staff.getByText(messages.activities.added).first().waitFor();
    await add(privateNote);
    const note = log.getByRole('article').filter({ hasText: publicNote });

    // Pin it.
    await note.getByRole('button', { name: 'Pin', exact: true }).click();
    await note.getByRole('button', { name: 'Pinned' }).waitFor();

    // Private → Admin → Public, each through POST /api/activitylog/setaccesslevel/{id}/{level}.
    await note.getByRole('button', { name: 'Access level Private: change' }).click();
    await note.getByRole('button', { name: 'Access level Admin: change' }).click();
    await note.getByRole('button', { name: 'Access level Public: change' }).waitFor();
    await staff.getByText(messages.activities.accessLevelUpdated).first().waitFor();
    await staff.screenshot({ path: join(screenshots, 'activity-staff-note-public.png'), fullPage: true });

    // Read again from the server: pinned and Public.
    await staff.reload();
    const again = staff
      .getByRole('region', { name: 'Activity log' })
      .getByRole('article')
      .filter({ hasText: publicNote });
    await again.getByRole('button', { name: 'Pinned' }).waitFor({ timeout: 30_000 });
    await again.getByRole('button', { name: 'Access level Public: change' }).waitFor();

    // The customer's view of the same shipment.
    const customer = await signIn(j, '/front-office/shipments/10005', 'shipper@acme.test');
    const answer = customer.waitForResponse((r) => /\/api\/activitylog\?/i.test(r.url()) && r.ok(), {
      timeout: 30_000,
    });
    const seen = (await (await answer).json()) as { accessLevel: number; description: string }[];
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.every((e) => e.accessLevel === AccessLevel.values.Public)).toBe(true);
    expect(seen.map((e) => e.description)).toContain(publicNote);
    expect(seen.map((e) => e.description)).not.toContain(privateNote);

    const customerLog = customer.getByRole('region', { name: 'Activity log' });
    const shown = customerLog.getByRole('article').filter({ hasText: publicNote });
    await shown.waitFor({ timeout: 30_000 });
    await shown.getByText('Pinned').waitFor();
    expect(await customerLog.getByText(privateNote).count()).toBe(0);
    expect(await customerLog.getByRole('article').count()).toBe(seen.length);
    // Nothing to change in the front office.
    expect(await customerLog.getByRole('button', { name: 'Add activity' }).count()).toBe(0);
    expect(await customerLog.getByRole('button', { name: /^Access level/ }).count()).toBe(0);
    await customer.screenshot({
      path: join(screenshots, 'activity-customer-sees-public.png'),
      fullPage: true,
    });
  });

  it('staff click their favorite toggle on a shipment: it becomes assigned (active), then completed', async () => {
    const staff = await signIn(j, '/back-office/shipment/shipment-details/10005', 'admin@demo.test');
    await staff.getByRole('heading', { name: 'Shipment 10005' }).waitFor({ timeout: PAGE_LOAD_MS });
    const favorite = staff.getByRole('group', { name: 'Staff favorite' });
    const mine = favorite.getByRole('button', { name: /^My favorite: / });
    // The demo assigns the admin nothing on this shipment.
    await favorite
      .getByRole('button', { name: 'My favorite: Not assigned' })
      .waitFor({ timeout: PAGE_LOAD_MS });

    const clicked = async () => {
      const answer = staff.waitForResponse(
        (r) => /\/api\/staffFavorites$/i.test(r.url()) && r.request().method() === 'POST',
      );
      await mine.click();
      return (await (await answer).json()) as { staffAssignmentStatus: string; isAssigned: boolean };
    };
    expect(await clicked()).toMatchObject({ staffAssignmentStatus: 'Active', isAssigned: true });
    await favorite.getByRole('button', { name: 'My favorite: Assigned' }).waitFor();
    expect(await clicked()).toMatchObject({ staffAssignmentStatus: 'Complete', isAssigned: false });
    await favorite.getByRole('button', { name: 'My favorite: Completed' }).waitFor();
    await staff.screenshot({
      path: join(screenshots, 'activity-staff-favorite-completed.png'),
      fullPage: true,
    });

    // Read again from the server.
    await staff.reload();
    await staff
      .getByRole('group', { name: 'Staff favorite' })
      .getByRole('button', { name: 'My favorite: Completed' })
      .waitFor({ timeout: PAGE_LOAD_MS });
  });
});
