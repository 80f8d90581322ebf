import { USER_MESSAGES, ZUserCreate, ZUserUpdate } from '@eusulan/shared';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema/index.ts';
import { envelope } from '../../lib/envelope.ts';
import { readListQuery } from '../../lib/pagination.ts';
import { idParam } from '../../lib/params.ts';
import { clientCopyOf, loadWithVersion } from '../../lib/row-version.ts';
import { parseInput } from '../../lib/validate.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';
import * as queries from './user.queries.ts';
import * as service from './user.service.ts';

const adminOnly = requireAuth({ roles: ['admin'] });

/** User master (spec §7): page/perPage/search list, create, update, change-status, reset-password. */
export async function userRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const base = '/api-web/master/user';

  app.get(base, { preHandler: adminOnly }, async (request) => {
    // The spec's user list sends perPage where the other lists send limit.
    const query = request.query as Record<string, unknown>;
    const list = readListQuery(
      { ...query, limit: query.perPage ?? query.limit },
      queries.USER_SORTABLE,
      queries.USER_SORTABLE.id,
    );
    const { rows, total } = await queries.listUsers(ctx.db, list);
    return envelope({
      data: rows.map(service.presentUser),
      total,
      page: list.page,
      limit: list.limit,
      // The {key} of the reset confirmation text (spec §8), for the admin screen only.
      defaultPassword: ctx.config.DEFAULT_PASSWORD,
    });
  });

  app.get(`${base}/:id`, { preHandler: adminOnly }, async (request) =>
    envelope(
      // With the version an edit of it sends back (If-Match); a save answers its own.
      await loadWithVersion(ctx.db, users, idParam(request.params), () =>
        service.loadUser(ctx, idParam(request.params)),
      ),
    ),
  );
  app.post(base, { preHandler: adminOnly }, async (request, reply) => {
    const user = await service.createUser(ctx, authOf(request).userId, parseInput(ZUserCreate, request.body));
    return reply.status(201).send(envelope(user, { code: 201, message: 'Menambahkan data user' }));
  });
  app.put(`${base}/:id`, { preHandler: adminOnly }, async (request) => {
    const id = idParam(request.params);
    const user = await service.updateUser(
      ctx,
      authOf(request).userId,
      id,
      parseInput(ZUserUpdate, request.body),
      clientCopyOf(request),
    );
    return envelope(user, { message: 'Memperbarui data user' });
  });
  app.put(`${base}/:id/change-status`, { preHandler: adminOnly }, async (request) =>
    envelope(
      await service.toggleUser(ctx, authOf(request).userId, idParam(request.params), clientCopyOf(request)),
      {
        message: 'Status berhasil diubah!',
      },
    ),
  );
  app.put(`${base}/:id/reset-password`, { preHandler: adminOnly }, async (request) => {
    await service.resetPassword(ctx, authOf(request).userId, idParam(request.params));
    return envelope(null, { message: USER_MESSAGES.resetDone });
  });
}
