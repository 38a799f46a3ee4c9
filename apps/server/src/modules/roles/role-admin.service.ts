import type { ADMIN_CALLS, PermissionSlug, Role } from '@bo/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database';
import { ApiError, forbidden } from '../../plugins/errors';
import { type Actor, changedFields, recordChange } from '../audit/audit.service';
import type { AccessChanges } from '../staff/access-changes.bus';
import { permissionSlugsOfRole } from '../staff/staff.repository';
import { lockStaff, roleHolds } from '../staff/staff-admin.repository';
import {
  countRoleHolders,
  deleteRole,
  findRole,
  insertRole,
  lockRole,
  lockRoleChanges,
  roleNamed,
  setRoleSlugs,
  updateRole,
} from './roles.repository';

type Params<K extends keyof typeof ADMIN_CALLS> = z.output<(typeof ADMIN_CALLS)[K]['params']>;

const MANAGE_SLUG: PermissionSlug = 'admin-commander';
const AUDIT_ENTITY = 'role';

/** Each slug once, sorted as ListRoles lists them, so a role's slugs compare and audit the same however sent. */
const normalised = (slugs: readonly string[]): string[] => [...new Set(slugs)].sort();

const heldBy = (name: string, n: number) =>
  `Role ${name} is held by ${n} staff ${n === 1 ? 'member' : 'members'}`;

/**
 * Role editing (beyond SPEC §6): create, rename, describe, change slugs, delete. Every change is audited
 * with before and after; a change of slugs takes effect on the next call of every holder (permissions are
 * read per call) and narrows their live feeds on every instance at once, as a staff role change does.
 */
export function createRoleAdminService(deps: { db: Db; accessChanges: AccessChanges }) {
  const { db } = deps;

  /**
   * Role changes run one at a time (lockRoleChanges), and each re-checks that its maker still manages
   * staff: two administrators taking admin-commander from each other's roles cannot both succeed.
   */
  const asManager = async (tx: DbOrTx, actor: Actor): Promise<{ roleId: number }> => {
    await lockRoleChanges(tx);
    const [me] = await lockStaff(tx, [actor.staffId]);
    if (!me || me.disabled || !(await roleHolds(tx, me.roleId, MANAGE_SLUG))) throw forbidden();
    return { roleId: me.roleId };
  };

  const refuseTakenName = async (tx: DbOrTx, name: string, exceptId?: number) => {
    const taken = await roleNamed(tx, name, exceptId);
    if (taken) throw new ApiError(409, `A role named ${taken.name} exists`);
  };

  const answer = async (id: number): Promise<Role> => {
    const role = await findRole(db, id);
    if (!role) throw new ApiError(404, 'No role with that id');
    return role;
  };

  return {
    async create(params: Params<'CreateRole'>, actor: Actor): Promise<Role> {
      const slugs = normalised(params.Slugs);
      const id = await db.transaction(async (tx) => {
        await asManager(tx, actor);
        await refuseTakenName(tx, params.Name);
        const roleId = await insertRole(tx, { name: params.Name, description: params.Description });
        await setRoleSlugs(tx, roleId, slugs);
        await recordChange(tx, actor, {
          action: 'role.create',
          entity: AUDIT_ENTITY,
          id: roleId,
          before: null,
          after: { Name: params.Name, Description: params.Description, Slugs: slugs },
        });
        return roleId;
      });
      return answer(id);
    },

    async update(params: Params<'UpdateRole'>, actor: Actor): Promise<Role> {
      const slugsChanged = await db.transaction(async (tx) => {
        const me = await asManager(tx, actor);
        const role = await lockRole(tx, params.ID);
        if (!role) throw new ApiError(404, 'No role with that id');
        const before = {
          Name: role.name,
          Description: role.description,
          Slugs: normalised(await permissionSlugsOfRole(tx, role.id)),
        };
        const after = {
          Name: params.Name ?? before.Name,
          Description: params.Description ?? before.Description,
          Slugs: params.Slugs ? normalised(params.Slugs) : before.Slugs,
        };
        if (params.Name !== undefined) await refuseTakenName(tx, params.Name, role.id);
        // Nobody locks themselves out: another administrator must take admin-commander from their role.
        if (role.id === me.roleId && !after.Slugs.includes(MANAGE_SLUG))
          throw new ApiError(409, 'You cannot remove admin-commander from your own role');
        const change = changedFields(before, after);
        if (Object.keys(change.after).length === 0) return false;
        if (change.after.Name !== undefined || change.after.Description !== undefined)
          await updateRole(tx, role.id, { name: after.Name, description: after.Description });
        if (change.after.Slugs !== undefined) await setRoleSlugs(tx, role.id, after.Slugs);
        await recordChange(tx, actor, {
          action: 'role.update',
          entity: AUDIT_ENTITY,
          id: role.id,
          // The name on both sides, so a trail of slug changes still says which role.
          before: { Name: before.Name, ...change.before },
          after: { Name: after.Name, ...change.after },
        });
        return change.after.Slugs !== undefined;
      });
      // Committed: the holders' open feeds are re-checked on every instance now, not at the next periodic check.
      if (slugsChanged) await deps.accessChanges.changed();
      return answer(params.ID);
    },

    async remove(params: Params<'DeleteRole'>, actor: Actor): Promise<{ ID: number; Name: string }> {
      return db.transaction(async (tx) => {
        await asManager(tx, actor);
        const role = await lockRole(tx, params.ID);
        if (!role) throw new ApiError(404, 'No role with that id');
        const holders = await countRoleHolders(tx, role.id);
        if (holders > 0) throw new ApiError(409, heldBy(role.name, holders));
        const slugs = await permissionSlugsOfRole(tx, role.id);
        await deleteRole(tx, role.id);
        await recordChange(tx, actor, {
          action: 'role.delete',
          entity: AUDIT_ENTITY,
          id: role.id,
          before: { Name: role.name, Description: role.description, Slugs: slugs },
          after: null,
        });
        return { ID: role.id, Name: role.name };
      });
    },
  };
}

export type RoleAdminService = ReturnType<typeof createRoleAdminService>;
