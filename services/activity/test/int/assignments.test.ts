// Assignments and staff favorites against the real servers (issue 5 item 3): an assignment with delay 0 is
// assigned at once; a delay above 0 is a delayed BullMQ job that makes it assigned when due; the favorite
// toggle of 001 §4; team assignments.
import { eventually } from '@loadline/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSIGNMENT_DUE_QUEUE, assignIfDue, rescheduleWaiting } from '../../src/app/assignments.ts';
import { activityService } from '../../src/service.ts';
import {
  admin,
  ops,
  otherBroker,
  type Service,
  shipmentUpdated,
  shipper,
  startService,
  subjects,
} from './fixtures.ts';

let s: Service;

const add = (payload: Record<string, unknown>, who: object = admin) =>
  s.app.inject({ method: 'POST', url: '/api/activitylog', headers: s.t.as(who), payload });
const toggle = (payload: Record<string, unknown>, who: object = ops) =>
  s.app.inject({ method: 'POST', url: '/api/staffFavorites', headers: s.t.as(who), payload });
const favorites = async (shipmentId: number, who: object = ops) =>
  s.app.inject({ method: 'GET', url: `/api/staffFavorites/${shipmentId}`, headers: s.t.as(who) });
const entryCount = async (shipmentId: number) =>
  (
    await s.t.runtime.db
      .selectFrom('shipment_activity')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('shipment_id', '=', shipmentId)
      .executeTakeFirstOrThrow()
  ).n;

const user = (userId: string, firstName: string, lastName: string, brokerId = 'org_demo_broker') => ({
  userId,
  version: 1,
  organizationId: brokerId,
  organizationType: 60 as const,
  brokerId,
  kind: 'staff' as const,
  email: `${userId}@demo.test`,
  firstName,
  lastName,
  permissions: 0,
  customerSettings: 0,
  active: true,
});

beforeAll(async () => {
  s = await startService({ background: true });
  await s.deliver(subjects.shipmentUpdated, shipmentUpdated({ shipmentId: 801 }));
  await s.deliver(subjects.shipmentUpdated, shipmentUpdated({ shipmentId: 802 }));
  await s.deliver(subjects.userChanged, user(ops.userId, 'Omar', 'Operations'));
  await s.deliver(subjects.userChanged, user('usr_other', 'Olga', 'Other', 'org_other_broker'));
});

afterAll(async () => {
  await s?.close();
});

describe('assignments from the activity log (000 §4, §9)', () => {
  it('assigns at once with delay 0: the entry is assigned and the staff member’s favorite is active', async () => {
    const res = await add({
      shipmentId: 801,
      description: 'Chase the POD.',
      isAssignment: true,
      assignToStaffId: ops.userId,
      assignmentDelayMinutes: 0,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      isAssignment: true,
      isAssigned: true,
      isScheduled: false,
      assignToStaffId: ops.userId,
      assignToStaffName: 'Omar Operations',
      assignmentDelayMinutes: 0,
    });
    const favorite = (await favorites(801)).json().find((f: { staffId: string }) => f.staffId === ops.userId);
    expect(favorite).toMatchObject({
      staffAssignmentStatus: 'Active',
      isAssigned: true,
      isScheduled: false,
      activityRef: res.json().id,
      organizationId: 'org_demo_acme',
    });
  });

  it('schedules a delay above 0 through a delayed job, and assigns it when due', async () => {
    const res = await add({
      shipmentId: 802,
      description: 'Call the consignee tomorrow.',
      isAssignment: true,
      assignToStaffId: ops.userId,
      assignmentDelayMinutes: 1440,
    });
    const created = res.json();
    expect(created).toMatchObject({ isAssigned: false, isScheduled: true });
    const due = Date.parse(created.assignmentDueDate) - Date.parse(created.createdDate);
    expect(due).toBe(1440 * 60_000);
    const assignment = await s.t.runtime.db
      .selectFrom('staff_assignment')
      .selectAll()
      .where('shipment_id', '=', 802)
      .executeTakeFirstOrThrow();
    const queue = s.t.runtime.queue(ASSIGNMENT_DUE_QUEUE).queue;
    const jobId = `assignment-${assignment.assignment_id}-${assignment.due_at.getTime()}`;
    const job = await queue.getJob(jobId);
    expect(await job?.getState()).toBe('delayed');
    expect(job?.opts.delay).toBeGreaterThan(1439 * 60_000);
    // Scheduling again (a restart) queues nothing twice.
    await rescheduleWaiting(s.t.deps);
    expect(
      (await queue.getDelayed()).filter((j) => j.data.assignmentId === assignment.assignment_id),
    ).toHaveLength(1);
    // Not due yet: nothing changes.
    expect(await assignIfDue(s.t.deps, assignment.assignment_id, new Date())).toBe('notDue');

    // The day passes: the job runs and the assignment (and its entry) become assigned.
    await s.t.runtime.db
      .updateTable('staff_assignment')
      .set({ due_at: new Date(Date.now() - 1000) })
      .where('assignment_id', '=', assignment.assignment_id)
      .execute();
    await job?.promote();
    const assigned = await eventually(async () => {
      const row = await s.t.runtime.db
        .selectFrom('staff_assignment')
        .selectAll()
        .where('assignment_id', '=', assignment.assignment_id)
        .executeTakeFirstOrThrow();
      return row.assigned_at ? row : undefined;
    });
    expect(assigned.status).toBe('Active');
    const entryNow = (
      await s.app.inject({ method: 'GET', url: '/api/activitylog?shipmentId=802', headers: s.t.as(ops) })
    ).json()[0];
    expect(entryNow).toMatchObject({ id: created.id, isAssigned: true, isScheduled: false });
    const changes = await s.t.runtime.db
      .selectFrom('outbox')
      .select('envelope')
      .where('subject', '=', subjects.staffAssignmentChanged)
      .execute();
    const states = changes
      .map((c) => (c.envelope as { data: { assignmentId: number; isAssigned: boolean } }).data)
      .filter((d) => d.assignmentId === assignment.assignment_id)
      .map((d) => d.isAssigned);
    expect(states).toEqual([false, true]);
    // A second run of the same job changes nothing.
    expect(await assignIfDue(s.t.deps, assignment.assignment_id, new Date())).toBe('unchanged');
  });

  it('queues again, at a start of the background, the job of a waiting assignment that was lost', async () => {
    const res = await add({
      shipmentId: 801,
      description: 'Check the appointment in two days.',
      isAssignment: true,
      assignToStaffId: ops.userId,
      assignmentDelayMinutes: 2880,
    });
    expect(res.json()).toMatchObject({ isScheduled: true });
    const assignment = await s.t.runtime.db
      .selectFrom('staff_assignment')
      .selectAll()
      .where('activity_id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    const queue = s.t.runtime.queue(ASSIGNMENT_DUE_QUEUE).queue;
    const jobId = `assignment-${assignment.assignment_id}-${assignment.due_at.getTime()}`;
    // The job is lost (a crash between the commit and the enqueue).
    await (await queue.getJob(jobId))?.remove();
    expect(await queue.getJob(jobId)).toBeUndefined();
    await activityService.atStart?.(s.t.deps);
    expect(await (await queue.getJob(jobId))?.getState()).toBe('delayed');
  });

  it('assigns to the team, and refuses a delay or an assignee it does not know', async () => {
    const entriesBefore = await entryCount(801);
    const team = await add({
      shipmentId: 801,
      description: 'Anyone: rebook.',
      isAssignment: true,
      isTeam: true,
    });
    expect(team.json()).toMatchObject({
      isTeam: true,
      isAssigned: true,
      assignToStaffName: 'Team',
      assignToStaffId: null,
    });
    const badDelay = await add({
      shipmentId: 801,
      description: 'x',
      isAssignment: true,
      assignToStaffId: ops.userId,
      assignmentDelayMinutes: 45,
    });
    expect(badDelay.statusCode).toBe(400);
    expect(badDelay.json().errors['model.assignmentDelayMinutes'][0]).toBe(
      'assignmentDelayMinutes must be 0 or one of 30, 60, 120, 240, 1440, 2880, 10080.',
    );
    const noOne = await add({ shipmentId: 801, description: 'x', isAssignment: true });
    expect(noOne.json().errors['model.assignToStaffId']).toEqual(['Choose the staff member to assign.']);
    const stranger = await add({
      shipmentId: 801,
      description: 'x',
      isAssignment: true,
      assignToStaffId: 'usr_other',
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().errors['model.assignToStaffId']).toEqual([
      'Choose a staff member of your broker to assign.',
    ]);
    // The team's entry only: nothing of the refused ones was written.
    expect(await entryCount(801)).toBe(entriesBefore + 1);
  });
});

describe('staff favorites (001 §3, §4)', () => {
  it('cycles not assigned → active → completed → not assigned', async () => {
    const first = await toggle({ shipmentId: 802 }, admin);
    expect(first.json()).toMatchObject({
      staffId: admin.userId,
      staffAssignmentStatus: 'Active',
      isAssigned: true,
      isCompleted: false,
      isScheduled: false,
      isTeam: false,
    });
    const second = await toggle({ shipmentId: 802 }, admin);
    expect(second.json()).toMatchObject({
      staffAssignmentStatus: 'Complete',
      isCompleted: true,
      isAssigned: false,
    });
    const third = await toggle({ shipmentId: 802 }, admin);
    expect(third.json()).toMatchObject({
      staffAssignmentStatus: 'Inactive',
      isAssigned: false,
      isCompleted: false,
    });
    const fourth = await toggle({ shipmentId: 802, delay: 60 }, admin);
    expect(fourth.json()).toMatchObject({ staffAssignmentStatus: 'Active', isScheduled: true, delay: 60 });
  });

  it('keeps the team’s favorite apart from each staff member’s; lists every one on the shipment', async () => {
    await toggle({ shipmentId: 801, isTeam: true }); // the team's was active (assigned above): now completed
    const list = (await favorites(801)).json() as {
      isTeam: boolean;
      staffAssignmentStatus: string;
      staffName: string;
    }[];
    const team = list.find((f) => f.isTeam);
    expect(team).toMatchObject({ staffAssignmentStatus: 'Complete', staffName: 'Team' });
    expect(list.some((f) => !f.isTeam && f.staffName === 'Omar Operations')).toBe(true);
  });

  it('refuses a delay that is not an option, customers, and shipments out of reach', async () => {
    const res = await toggle({ shipmentId: 801, delay: 15 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['model.delay']);
    expect((await toggle({ shipmentId: 801 }, shipper)).statusCode).toBe(403);
    expect((await toggle({ shipmentId: 801 }, otherBroker)).statusCode).toBe(404);
    expect((await favorites(801, shipper)).statusCode).toBe(403);
  });

  it("refuses an entry or organization that is not the shipment's, another broker's above all; nothing changes", async () => {
    // The rival broker's shipment and entry, and another shipment's entry of the same broker.
    await s.deliver(
      subjects.shipmentUpdated,
      shipmentUpdated({
        shipmentId: 803,
        brokerId: otherBroker.brokerId,
        customerOrganizationId: 'org_rival_customer',
      }),
    );
    await s.deliver(subjects.shipmentUpdated, shipmentUpdated({ shipmentId: 804 }));
    const theirs = await add(
      { shipmentId: 803, description: 'Their own note.', isAssignment: true, assignToStaffId: 'usr_other' },
      otherBroker,
    );
    expect(theirs.statusCode).toBe(201);
    const elsewhere = await add({ shipmentId: 802, description: 'Another load.' });
    const assignments = () =>
      s.t.runtime.db.selectFrom('staff_assignment').selectAll().where('shipment_id', '=', 804).execute();
    const refusals: [Record<string, unknown>, string, string][] = [
      [
        { activityRef: theirs.json().id },
        'model.activityRef',
        `activityRef ${theirs.json().id} was not found on shipment 804.`,
      ],
      [
        { activityRef: elsewhere.json().id },
        'model.activityRef',
        `activityRef ${elsewhere.json().id} was not found on shipment 804.`,
      ],
      [
        { activityRef: 987654321 },
        'model.activityRef',
        'activityRef 987654321 was not found on shipment 804.',
      ],
      [
        { organizationId: 'org_rival_customer' },
        'model.organizationId',
        'organizationId org_rival_customer is not the customer of shipment 804.',
      ],
      [
        { organizationId: 'org_demo_globex' },
        'model.organizationId',
        'organizationId org_demo_globex is not the customer of shipment 804.',
      ],
    ];
    for (const [fields, key, message] of refusals) {
      const res = await toggle({ shipmentId: 804, delay: 60, ...fields });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ [key]: [message] });
    }
    expect(await assignments()).toEqual([]);
    // The shipment's own customer and entry are taken.
    const own = await add({ shipmentId: 804, description: 'Ours.' });
    const ok = await toggle({ shipmentId: 804, activityRef: own.json().id, organizationId: 'org_demo_acme' });
    expect(ok.statusCode).toBe(200);
    expect((await assignments()).map((a) => a.activity_id)).toEqual([own.json().id]);
  });
});
