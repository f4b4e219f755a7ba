// Commissions on the accounting summary against the real PostgreSQL, NATS and Redis (decision 0057): adding
// (Commissions Admin), approving, declining and reopening (Commissions Approve, never one's own), the locks
// each caller is sent and the same words refusing, an approved amount that moves with the sell (Has
// Variance), and another broker reaching none of it.
import { percentOfCents, StaffPermission } from '@loadline/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissionReasons } from '../../src/domain/commissions.ts';
import {
  type Accounting,
  accountant,
  deliverUser,
  operations,
  otherBroker,
  startAccounting,
} from './fixtures.ts';

let t: Accounting;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: object, payload?: object) =>
  t.app.inject({ method, url, headers: t.as(who), ...(payload ? { payload } : {}) });

/** Commissions Approve only: approves, declines and reopens; adds and changes nothing. */
const approver = {
  ...operations,
  userId: 'usr_demo_approver',
  displayName: 'Abe Approver',
  permissions: StaffPermission.combine('CommissionsApprove'),
};
/** Both permissions (a sales manager): may not approve a commission paid to themselves. */
const manager = {
  ...operations,
  userId: 'usr_demo_manager',
  displayName: 'Mia Manager',
  permissions: StaffPermission.combine('CommissionsAdmin', 'CommissionsApprove'),
};

const shipmentId = 10012;

beforeAll(async () => {
  t = await startAccounting();
  // a payee is a staff member of the broker (decision 0041): the directory has told accounting of the manager
  await deliverUser(t, manager.userId, 'org_demo_broker', 'staff');
});
afterAll(async () => t?.cleanup());

/** POST a commission on the shipment. */
const add = (who: object, terms: object) =>
  call('POST', '/api/accountingSummary/commission', who, { shipmentId, ...terms });
/** PUT the commission as read with a change (a new status, new terms). */
const save = (who: object, commission: object, change: object) =>
  call('PUT', '/api/accountingSummary/commission', who, { ...commission, ...change });

const summary = async (who: object) =>
  (await call('GET', `/api/accountingSummary/${shipmentId}`, who)).json();

describe('commissions: who adds, who approves (decision 0057)', () => {
  it('tells each caller what it may do, and refuses the rest in the same words', async () => {
    expect((await summary(operations)).addCommissionLock).toBe(commissionReasons.admin);
    expect((await summary(accountant)).addCommissionLock).toBeNull();
    const refused = await add(approver, {
      payeeName: 'Sal Sales',
      calculationType: 0,
      rate: 2500,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(commissionReasons.admin);

    const added = await add(accountant, {
      payeeName: 'Sal Sales',
      calculationType: 1,
      rate: 1000,
      maxCents: 1_000_000,
    });
    expect(added.statusCode).toBe(201);
    const commission = added.json();
    expect(commission).toMatchObject({ status: 0, approvedCents: null, statusChangedBy: null });
    expect(commission.locks).toEqual({ terms: null, delete: null, actions: [] });

    const seenByApprover = (await summary(approver)).commissions.find(
      (c: { commissionId: string }) => c.commissionId === commission.commissionId,
    );
    expect(seenByApprover.locks).toEqual({
      terms: commissionReasons.admin,
      delete: commissionReasons.admin,
      actions: [
        { action: 'Approve', status: 5 },
        { action: 'Decline', status: 3 },
      ],
    });

    // The admin alone cannot approve; the approver cannot change the terms.
    const adminApproves = await save(accountant, commission, { status: 5 });
    expect(adminApproves.statusCode).toBe(403);
    expect(adminApproves.json().message).toBe(commissionReasons.approve);
    const approverRaises = await save(approver, commission, { rate: 5000 });
    expect(approverRaises.statusCode).toBe(403);

    const approved = await save(approver, commission, { status: 5 });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 5,
      approvedCents: commission.amountCents,
      statusChangedBy: 'Abe Approver',
      locks: { actions: [{ action: 'Reopen', status: 0 }] },
    });
    expect(approved.json().statusChangedDate).toMatch(/^\d{4}-\d\d-\d\dT/);

    // Approved: its terms and its deletion are refused to the admin, in the words of its locks.
    const afterApproval = approved.json();
    const termsRefused = await save(accountant, afterApproval, { rate: 2000 });
    expect(termsRefused.statusCode).toBe(409);
    expect(termsRefused.json().message).toBe(commissionReasons.termsApproved);
    const deleteRefused = await call(
      'DELETE',
      `/api/accountingSummary/commission/${commission.commissionId}`,
      accountant,
    );
    expect(deleteRefused.statusCode).toBe(409);
    expect(deleteRefused.json().message).toBe(commissionReasons.deleteApproved);
    // A move the statuses do not allow.
    const declineApproved = await save(approver, afterApproval, { status: 3 });
    expect(declineApproved.statusCode).toBe(409);
    expect(declineApproved.json().message).toBe('A commission Approved cannot become Declined.');
    const chooseVariance = await save(approver, afterApproval, { status: 2 });
    expect(chooseVariance.statusCode).toBe(409);

    // The sell moves: the approved commission has a variance; the approver approves the new amount.
    const { groups } = await summary(operations);
    const line = groups[0].chargeLines.find((l: { locks: { sell: string | null } }) => l.locks.sell === null);
    const raised = await call('PUT', '/api/accountingSummary/transitChargeline', operations, {
      ...line,
      sellCents: line.sellCents + 10_000,
    });
    expect(raised.statusCode).toBe(200);
    const varied = (await summary(approver)).commissions.find(
      (c: { commissionId: string }) => c.commissionId === commission.commissionId,
    );
    expect(varied).toMatchObject({ status: 2, approvedCents: commission.amountCents });
    expect(varied.amountCents).toBe(commission.amountCents + 1_000);
    expect(varied.locks.actions.map((a: { action: string }) => a.action)).toEqual([
      'Approve',
      'Decline',
      'Reopen',
    ]);
    const reapproved = await save(approver, varied, { status: 5 });
    expect(reapproved.json()).toMatchObject({ status: 5, approvedCents: commission.amountCents + 1_000 });

    // Reopened, it is the admin's to change again.
    const reopened = await save(approver, reapproved.json(), { status: 0 });
    expect(reopened.json()).toMatchObject({ status: 0, approvedCents: null });
    const changed = await save(accountant, reopened.json(), { rate: 500 });
    expect(changed.statusCode).toBe(200);
    const { marginCents } = (await summary(operations)).totals;
    expect(changed.json().amountCents).toBe(percentOfCents(marginCents, 500));
  });

  it('lets nobody approve, decline or reopen a commission paid to themselves', async () => {
    const own = await add(manager, {
      payeeName: 'Mia Manager',
      payeeUserId: manager.userId,
      calculationType: 0,
      rate: 2500,
    });
    expect(own.statusCode).toBe(201);
    expect(own.json().locks.actions).toEqual([]);
    const selfApproved = await save(manager, own.json(), { status: 5 });
    expect(selfApproved.statusCode).toBe(403);
    expect(selfApproved.json().message).toBe(commissionReasons.ownCommission);
    // Adding it approved is the same approval.
    const addedApproved = await add(manager, {
      payeeName: 'Mia Manager',
      payeeUserId: manager.userId,
      calculationType: 0,
      rate: 2500,
      status: 5,
    });
    expect(addedApproved.statusCode).toBe(403);
    // Another approver may.
    const approved = await save(approver, own.json(), { status: 5 });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().approvedCents).toBe(2500);
  });

  it('declines and reopens; a declined commission may be deleted by the admin', async () => {
    const added = (
      await add(accountant, {
        payeeName: 'Carl Carrier Rep',
        calculationType: 10,
        rate: 1500,
      })
    ).json();
    const declined = await save(approver, added, { status: 3 });
    expect(declined.json()).toMatchObject({ status: 3, locks: { actions: [{ action: 'Reopen' }] } });
    const approveDeclined = await save(approver, declined.json(), { status: 5 });
    expect(approveDeclined.statusCode).toBe(409);
    expect(
      (await call('DELETE', `/api/accountingSummary/commission/${added.commissionId}`, accountant))
        .statusCode,
    ).toBe(204);
  });
});

describe('commissions of another broker', () => {
  it('are not found, whatever the caller’s permissions', async () => {
    const added = (
      await add(accountant, {
        payeeName: 'Sal Sales',
        calculationType: 0,
        rate: 100,
      })
    ).json();
    const stranger = {
      ...otherBroker,
      permissions: StaffPermission.combine('CommissionsAdmin', 'CommissionsApprove'),
    };
    expect((await call('GET', `/api/accountingSummary/${shipmentId}`, stranger)).statusCode).toBe(404);
    const strangerAdds = await add(stranger, {
      payeeName: 'Olga',
      calculationType: 0,
      rate: 100,
    });
    expect(strangerAdds.statusCode).toBe(404);
    const approve = await save(stranger, added, { status: 5 });
    expect(approve.statusCode).toBe(404);
    expect(
      (await call('DELETE', `/api/accountingSummary/commission/${added.commissionId}`, stranger)).statusCode,
    ).toBe(404);
    const still = (await summary(accountant)).commissions.find(
      (c: { commissionId: string }) => c.commissionId === added.commissionId,
    );
    expect(still).toMatchObject({ status: 0, version: added.version });
  });
});
