import {
  type TRole,
  USER_MESSAGES,
  userRoleErrors,
  type ZUserCreate,
  type ZUserUpdate,
} from '@eusulan/shared';
import type { z } from 'zod';
import { badRequest, HttpError, invalid, notFound } from '../../lib/http-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { AppContext } from '../../plugins/context.ts';
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

/** Checks role, name or consultant, and uniqueness; answers the columns to store. */
async function resolveAccount(ctx: AppContext, input: UserInput, userId?: number) {
  const role = await queries.findRole(ctx.db, input.roleId);
  if (!role) throw invalid({ roleId: [USER_MESSAGES.roleUnknown] });
  const errors: Record<string, string[]> = { ...userRoleErrors(role.slug, input) };
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

/** The last active admin must stay an active admin, and nobody demotes or deactivates themselves. */
async function guardAdminChange(
  ctx: AppContext,
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
  if (losesAdmin && (await queries.countOtherActiveAdmins(ctx.db, target.id)) === 0) {
    throw badRequest(USER_MESSAGES.lastAdmin);
  }
}

export async function createUser(ctx: AppContext, input: z.output<typeof ZUserCreate>) {
  const { values } = await resolveAccount(ctx, input);
  const id = await queries.insertUser(ctx.db, {
    ...values,
    passwordHash: await hashPassword(input.password),
  });
  if (!id) throw new HttpError(500, 'Gagal menyimpan pengguna.');
  return loadUser(ctx, id);
}

export async function updateUser(ctx: AppContext, actorId: number, id: number, input: UserInput) {
  const target = await queries.findUser(ctx.db, id);
  if (!target) throw notFound();
  const { role, values } = await resolveAccount(ctx, input, id);
  await guardAdminChange(ctx, actorId, target, { role: role.slug });
  await queries.updateUser(ctx.db, id, values);
  return loadUser(ctx, id);
}

/** Toggles a user; a deactivated user's sessions end at once. */
export async function toggleUser(ctx: AppContext, actorId: number, id: number) {
  const target = await queries.findUser(ctx.db, id);
  if (!target) throw notFound();
  const deactivate = target.isActive;
  await guardAdminChange(ctx, actorId, target, { deactivate });
  await ctx.db.transaction(async (tx) => {
    await queries.updateUser(tx, id, { isActive: !target.isActive });
    if (deactivate) await revokeUserSessions(tx, id);
  });
  return loadUser(ctx, id);
}

/** Sets DEFAULT_PASSWORD, which the user must change at next login; current sessions end. */
export async function resetPassword(ctx: AppContext, id: number) {
  if (!(await queries.findUser(ctx.db, id))) throw notFound();
  const passwordHash = await hashPassword(ctx.config.DEFAULT_PASSWORD);
  await ctx.db.transaction(async (tx) => {
    await queries.updateUser(tx, id, { passwordHash, mustChangePassword: true });
    await revokeUserSessions(tx, id);
  });
}
