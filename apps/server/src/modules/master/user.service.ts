import {
  type TRole,
  USER_MESSAGES,
  userRoleErrors,
  type ZUserCreate,
  type ZUserUpdate,
} from '@eusulan/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { badRequest, invalid, notFound } from '../../lib/http-error.ts';
import { type PasswordProblem, passwordProblems } from '../../lib/password-policy.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { clientCopyOf } from '../../lib/row-version.ts';
import type { AppContext } from '../../plugins/context.ts';
import { auditedMasterWrite } from '../audit/audit.service.ts';
import { presentConsultantUserable } from '../auth/auth.presenter.ts';
import { revokeUserSessions } from '../auth/auth.queries.ts';
import * as queries from './user.queries.ts';

/** Spec §3 User: consultant users carry their consultant as userable. */
export function presentUser(row: queries.UserRow) {
  const consultant = row.consultant;
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    role: { id: row.role.id, name: row.role.name, slug: row.role.slug },
    userable: consultant ? presentConsultantUserable(consultant) : null,
    isActive: row.isActive,
  };
}

export async function loadUser(ctx: AppContext, id: number) {
  const row = await queries.findUser(ctx.db, id);
  if (!row) throw notFound();
  return presentUser(row);
}

type UserInput = z.output<typeof ZUserUpdate>;

/**
 * Checks role, name or consultant, and uniqueness; answers the columns to store. `otherErrors` (a new
 * password's) are answered together with these, so one 422 names every field to fix.
 */
async function resolveAccount(
  ctx: AppContext,
  input: UserInput,
  userId?: number,
  otherErrors: Record<string, string[]> = {},
) {
  const role = await queries.findRole(ctx.db, input.roleId);
  if (!role) throw invalid({ roleId: [USER_MESSAGES.roleUnknown], ...otherErrors });
  const errors: Record<string, string[]> = { ...otherErrors, ...userRoleErrors(role.slug, input) };
  if (await queries.usernameTaken(ctx.db, input.username, userId))
    errors.username = [USER_MESSAGES.usernameTaken];
  let consultantId: number | null = null;
  let name = input.name;
  if (role.slug === 'consultan' && !errors.consultantId) {
    const consultant = await queries.findConsultantWithUser(ctx.db, Number(input.consultantId));
    if (!consultant) errors.consultantId = [USER_MESSAGES.consultantUnknown];
    else if (consultant.userId && consultant.userId !== userId)
      errors.consultantId = [USER_MESSAGES.consultantHasUser];
    else {
      consultantId = consultant.id;
      name = consultant.name;
    }
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return { role, values: { roleId: role.id, username: input.username, name, consultantId } };
}

/**
 * The last active admin must stay an active admin, and nobody demotes or deactivates themselves. Runs in
 * the change's transaction on the row read under its lock; changes that take an admin away wait for one
 * another's lock, so two admins deactivating each other at once cannot both pass.
 */
async function guardAdminChange(
  tx: Db,
  actorId: number,
  target: queries.UserRow,
  change: { role?: TRole; deactivate?: boolean },
) {
  const isSelf = actorId === target.id;
  if (change.deactivate && isSelf) throw badRequest(USER_MESSAGES.selfDeactivate);
  if (change.role && change.role !== target.role.slug && isSelf) throw badRequest(USER_MESSAGES.selfDemote);
  const losesAdmin =
    target.role.slug === 'admin' &&
    target.isActive &&
    (change.deactivate || (change.role && change.role !== 'admin'));
  if (!losesAdmin) return;
  await queries.holdAdminChangeLock(tx);
  if ((await queries.countOtherActiveAdmins(tx, target.id)) === 0) throw badRequest(USER_MESSAGES.lastAdmin);
}

const findPresentedUser = async (db: Db, id: number) => {
  const row = await queries.findUser(db, id);
  return row && presentUser(row);
};

const PASSWORD_MESSAGES: Record<PasswordProblem, string> = {
  common: USER_MESSAGES.passwordCommon,
  containsUsername: USER_MESSAGES.passwordContainsUsername,
};

export async function createUser(ctx: AppContext, actorId: number, input: z.output<typeof ZUserCreate>) {
  const problems = passwordProblems(input.password, input.username);
  const passwordErrors: Record<string, string[]> = problems.length
    ? { password: problems.map((problem) => PASSWORD_MESSAGES[problem]) }
    : {};
  const { values } = await resolveAccount(ctx, input, undefined, passwordErrors);
  const passwordHash = await hashPassword(input.password);
  return auditedMasterWrite(
    ctx.db,
    { actorId, entity: 'user', action: 'create', load: findPresentedUser },
    (tx) => queries.insertUser(tx, { ...values, passwordHash }),
  );
}

/** What the client's copy says of the record (If-Match, fromActive); empty for the spec's clients. */
type ClientCopy = Partial<ReturnType<typeof clientCopyOf>>;

export async function updateUser(
  ctx: AppContext,
  actorId: number,
  id: number,
  input: UserInput,
  copy: ClientCopy = {},
) {
  if (!(await queries.findUser(ctx.db, id))) throw notFound();
  const { role, values } = await resolveAccount(ctx, input, id);
  return auditedMasterWrite(
    ctx.db,
    {
      actorId,
      entity: 'user',
      action: 'update',
      id,
      load: findPresentedUser,
      versioned: { table: users, ...copy },
    },
    async (tx) => {
      const current = await queries.findUser(tx, id);
      if (!current) return null;
      await guardAdminChange(tx, actorId, current, { role: role.slug });
      await queries.updateUser(tx, id, values);
      return id;
    },
  );
}

/** Toggles a user; a deactivated user's sessions end at once. */
export async function toggleUser(ctx: AppContext, actorId: number, id: number, copy: ClientCopy = {}) {
  if (!(await queries.findUser(ctx.db, id))) throw notFound();
  return auditedMasterWrite(
    ctx.db,
    {
      actorId,
      entity: 'user',
      action: 'status',
      id,
      load: findPresentedUser,
      versioned: { table: users, ...copy },
    },
    async (tx) => {
      // Read again under the row's lock: a toggle that waited for another flips the status that one left.
      const current = await queries.findUser(tx, id);
      if (!current) return null;
      await guardAdminChange(tx, actorId, current, { deactivate: current.isActive });
      await queries.updateUser(tx, id, { isActive: !current.isActive });
      if (current.isActive) await revokeUserSessions(tx, id);
      return id;
    },
  );
}

/** Sets DEFAULT_PASSWORD, which the user must change at next login; current sessions end. */
export async function resetPassword(ctx: AppContext, actorId: number, id: number) {
  if (!(await queries.findUser(ctx.db, id))) throw notFound();
  const passwordHash = await hashPassword(ctx.config.DEFAULT_PASSWORD);
  await auditedMasterWrite(
    ctx.db,
    {
      actorId,
      entity: 'user',
      action: 'reset-password',
      id,
      load: findPresentedUser,
      // The trail says that the password was reset, never what it is.
      extra: { before: { password: null }, after: { password: 'Direset ke password bawaan' } },
    },
    async (tx) => {
      await queries.updateUser(tx, id, { passwordHash, mustChangePassword: true });
      await revokeUserSessions(tx, id);
      return id;
    },
  );
}
