import type { TAppInfo } from '@eusulan/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { envelope } from '../../lib/envelope.ts';

export async function healthRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/api/health', async (_request, reply) => {
    try {
      await ctx.db.execute(sql`select 1`);
      return envelope({ status: 'ok', database: ctx.dbKind });
    } catch {
      return reply
        .status(503)
        .send(
          envelope(
            { status: 'down', database: ctx.dbKind },
            { code: 503, message: 'Database tidak tersedia.' },
          ),
        );
    }
  });

  const appInfo: TAppInfo = {
    appName: ctx.config.APP_NAME,
    agencyName: ctx.config.AGENCY_NAME,
    departmentName: ctx.config.DEPARTMENT_NAME,
    cityName: ctx.config.CITY_NAME,
    contactEmail: ctx.config.CONTACT_EMAIL,
    contactPhone: ctx.config.CONTACT_PHONE,
    letterhead: ctx.config.LETTERHEAD,
    mapTileUrl: ctx.config.MAP_TILE_URL,
    mapTileAttribution: ctx.config.MAP_TILE_ATTRIBUTION,
    version: process.env.npm_package_version ?? '0.1.0',
    report: {
      logoUrl: ctx.config.REPORT_LOGO_URL ?? null,
      addressee: ctx.config.REPORT_ADDRESSEE,
      place: ctx.config.REPORT_PLACE,
      signerTitle: ctx.config.REPORT_SIGNER_TITLE,
      signerName: ctx.config.REPORT_SIGNER_NAME,
      signerNip: ctx.config.REPORT_SIGNER_NIP,
      reporterTitle: ctx.config.REPORT_REPORTER_TITLE,
    },
  };
  app.get('/api/app-info', async () => envelope(appInfo));
}
