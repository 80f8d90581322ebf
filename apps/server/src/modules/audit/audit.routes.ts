import type { FastifyInstance } from 'fastify';
import { envelope } from '../../lib/envelope.ts';
import { notFound } from '../../lib/http-error.ts';
import { idParam } from '../../lib/params.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { proposalExists } from '../proposal/proposal-rows.queries.ts';
import { presentAuditEvent } from './audit.presenter.ts';
import { listAuditEvents } from './audit.queries.ts';

/** Riwayat Perubahan of a proposal: every recorded change, newest first; admins only. */
export async function auditRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  app.get(
    '/api-web/proposal/:id/audit',
    { preHandler: requireAuth({ roles: ['admin'] }) },
    async (request) => {
      const id = idParam(request.params);
      if (!(await proposalExists(db, id))) throw notFound();
      const rows = await listAuditEvents(db, 'proposal', id);
      return envelope({ data: rows.map(presentAuditEvent) });
    },
  );
}
