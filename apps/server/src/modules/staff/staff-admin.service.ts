import type { ADMIN_CALLS, StaffMember, StaffSession } from '@bo/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { ApiError, badRequest, forbidden } from '../../plugins/errors';
import { type Actor, recordChange } from '../audit/audit.service';
import type { AccessChanges } from './access-changes.bus';
import { roleName, updateStaff } from './staff.repository';
import {
  findOpenSessionOwner,
  findStaffMember,
  listLiveSessions,
  listRoleOptions,
  listStaffMembers,
  lockStaff,
  roleExists,
  roleHolds,
  type StaffMemberRow,
} from './staff-admin.repository';

const toMember = (row: StaffMemberRow): StaffMember => ({
  ID: row.id,
  Username: row.username,
  DisplayName: row.displayName,
  Email: row.email,
  RoleID: row.roleId,
  Role: row.role,
  Disabled: row.disabled,
  TotpEnrolled: row.totpEnrolled,
  CreatedOn: row.createdOn.toISOString(),
  LastLoginOn: row.lastLoginOn?.toISOString() ?? null,
  LiveSessions: row.liveSessions,
});

const MANAGE_SLUG = 'admin-commander';

/**
 * What staff administration needs of the sign-in sessions. The auth area's Sessions provides it; staff does
 * not import auth (auth builds on staff accounts, never the other way round).
 */
export interface SessionControl {
  end(sessionId: string, reason: string): Promise<unknown>;
  endAllOf(staffId: number, reason: string): Promise<unknown>;
}

export interface StaffAdminDeps {
  db: Db;
  sessions: SessionControl;
  accessChanges: AccessChanges;
  now: () => Date;
  idleMs: number;
}

/**
 * Staff access management (issue #5): an administrator changes a staff member's role, disables or
 * re-enables the account, and lists and ends sessions. Every change is audited with before and after, and
 * takes effect on the staff member's next call; their live feeds are re-checked at once.
 */
export function createStaffAdminService(deps: StaffAdminDeps) {
  const { db } = deps;

  return {
    async list(): Promise<{ data: StaffMember[]; roles: Array<{ ID: number; Name: string }> }> {
      const [members, roles] = await Promise.all([
        listStaffMembers(db, deps.now(), deps.idleMs),
        listRoleOptions(db),
      ]);
      return { data: members.map(toMember), roles };
    },

    async update(
      params: z.output<typeof ADMIN_CALLS.UpdateStaff.params>,
      actor: Actor,
    ): Promise<StaffMember> {
      const outcome = await db.transaction(async (tx) => {
        // Both rows locked: two administrators disabling each other at the same moment cannot both win
        // and leave nobody able to manage staff; the second sees the first's change and is refused.
        const locked = await lockStaff(tx, [actor.staffId, params.ID]);
        const me = locked.find((r) => r.id === actor.staffId);
        if (!me || me.disabled || !(await roleHolds(tx, me.roleId, MANAGE_SLUG))) throw forbidden();
        const target = locked.find((r) => r.id === params.ID);
        if (!target) throw new ApiError(404, 'No staff member with that id');
        // Nobody locks themselves out: another administrator must make that change.
        if (target.id === me.id)
          throw new ApiError(409, 'You cannot change your own role or disable your own account');
        if (params.RoleID !== undefined && !(await roleExists(tx, params.RoleID)))
          throw badRequest('Unknown role');
        const next = { roleId: params.RoleID ?? target.roleId, disabled: params.Disabled ?? target.disabled };
        if (next.roleId === target.roleId && next.disabled === target.disabled) {
          return { staffId: target.id, changed: false, disabledNow: false };
        }
        await updateStaff(tx, target.id, next);
        await recordChange(tx, actor, {
          action: 'staff.update',
          entity: 'staff',
          id: target.id,
          before: {
            Username: target.username,
            RoleID: target.roleId,
            Role: await roleName(tx, target.roleId),
            Disabled: target.disabled,
          },
          after: {
            Username: target.username,
            RoleID: next.roleId,
            Role: await roleName(tx, next.roleId),
            Disabled: next.disabled,
          },
        });
        return { staffId: target.id, changed: true, disabledNow: next.disabled && !target.disabled };
      });
      if (outcome.disabledNow) {
        // Already refused without this (a session of a disabled account is ended when next used); ending
        // them now records why and closes their live feeds on every instance at once.
        await deps.sessions.endAllOf(outcome.staffId, 'disabled');
      }
      if (outcome.changed) await deps.accessChanges.changed();
      const member = await findStaffMember(db, outcome.staffId, deps.now(), deps.idleMs);
      if (!member) throw new ApiError(404, 'No staff member with that id');
      return toMember(member);
    },

    async liveSessions(staffId: number | undefined, actor: Actor): Promise<StaffSession[]> {
      const rows = await listLiveSessions(db, deps.now(), deps.idleMs, staffId);
      return rows.map((row) => ({
        SessionID: row.id,
        StaffID: row.staffId,
        Username: row.username,
        DisplayName: row.displayName,
        Role: row.role,
        CreatedAt: row.createdAt.toISOString(),
        LastSeenAt: row.lastSeenAt.toISOString(),
        ExpiresAt: row.expiresAt.toISOString(),
        IP: row.ip,
        UserAgent: row.userAgent,
        Current: row.id === actor.sessionId,
      }));
    },

    async endSession(sessionId: string, actor: Actor): Promise<{ SessionID: string; EndedAt: string }> {
      if (sessionId === actor.sessionId) throw badRequest('Sign out to end your own session');
      const found = await findOpenSessionOwner(db, sessionId);
      if (!found) throw new ApiError(404, 'No live session with that id');
      // Ending it also tells the live feeds of this instance (Sessions.onEnded) to re-check at once.
      await deps.sessions.end(sessionId, 'ended-by-admin');
      const at = deps.now();
      await recordChange(db, actor, {
        action: 'session.end',
        entity: 'session',
        id: sessionId,
        before: { Username: found.username, EndedAt: null },
        after: { Username: found.username, EndedAt: at.toISOString(), EndReason: 'ended-by-admin' },
      });
      return { SessionID: sessionId, EndedAt: at.toISOString() };
    },
  };
}

export type StaffAdminService = ReturnType<typeof createStaffAdminService>;
