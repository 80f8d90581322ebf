import {
  DASHBOARD_ENCODED_FORMAT,
  DASHBOARD_EXPORT_FILE_NAMES,
  DASHBOARD_POLYLINE_PRECISION,
  mergeBracketedKeys,
  type TDashboardPlace,
  ZDashboardCompletedWorkQuery,
  ZDashboardExportQuery,
  ZDashboardQuery,
  ZDashboardSearchQuery,
} from '@eusulan/shared';
import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { envelope, envelopeJson } from '../../lib/envelope.ts';
import {
  compressesResponses,
  LayerBodyCache,
  notModified,
  sendCachedBody,
  weakEtag,
} from '../../lib/layer-body-cache.ts';
import { parseInput } from '../../lib/validate.ts';
import { authOf, requireAuth } from '../../plugins/auth.ts';
import { seesPersonalData } from '../proposal/proposal.policy.ts';
import type { DashboardExport } from './dashboard.export-columns.ts';
import { dashboardPdf } from './dashboard.pdf.ts';
import {
  completedWorkLayerJson,
  presentFilters,
  presentMapLayers,
  presentPlaces,
  proposalLayerJson,
} from './dashboard.presenter.ts';
import * as queries from './dashboard.queries.ts';
import { dashboardWorkbook } from './dashboard.workbook.ts';

/** Spec §2 route table: /maps is for admin, structural and umum. */
const dashboardReaders = requireAuth({ roles: ['admin', 'structural', 'umum'] });

const LAYER_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * A weak ETag of what a layer depends on, the form and filter asked for and the lines' precision: a
 * browser's copy encoded at another precision must not be answered 304 after an upgrade. The ETag is also
 * the key of the body cache, so the two forms never answer for each other.
 */
const etagOf = (form: queries.LayerForm, ...parts: unknown[]) =>
  weakEtag(DASHBOARD_POLYLINE_PRECISION, form, ...parts);

/** `format=encoded` asks for the compact form; without it the spec's shapes (spec §3). */
const formOf = (format: string | undefined): queries.LayerForm =>
  format === DASHBOARD_ENCODED_FORMAT ? 'encoded' : 'spec';

/** The maps dashboard (spec §7): the two layers of the map, the place search and the export. */
export async function dashboardRoutes(app: FastifyInstance) {
  const { db, config, dbKind } = app.ctx;
  // The embedded database's one session would be held for the whole layer: read it in windows there, so
  // other requests' statements take the session between them (pglite-lock.ts).
  const layerReading = { window: dbKind === 'pglite' ? queries.PGLITE_LAYER_WINDOW : undefined };
  const compress = compressesResponses(config);
  // A few versions of both layers, compressed: the full completed-work layer is about 8 MB in brotli.
  const layerCache = new LayerBodyCache(LAYER_CACHE_BYTES);

  app.get('/api-web/dashboard', { preHandler: dashboardReaders }, async (request, reply) => {
    const { year, format } = parseInput(ZDashboardQuery, mergeBracketedKeys(request.query));
    const form = formOf(format);
    const etag = etagOf(form, 'proposals', await queries.proposalLayerVersion(db), year ?? null);
    if (notModified(request, reply, etag)) return reply.code(304).send();
    return sendCachedBody(request, reply, {
      cache: layerCache,
      key: etag,
      compress,
      make: async () =>
        envelopeJson(
          proposalLayerJson(
            await queries.proposalLayerRows(db, { years: year }, { ...layerReading, form }),
            form,
          ),
        ),
    });
  });

  app.get('/api-web/dashboard/completed-work', { preHandler: dashboardReaders }, async (request, reply) => {
    const input = parseInput(ZDashboardCompletedWorkQuery, mergeBracketedKeys(request.query));
    const filter = { years: input.year, locations: input.location, typeWorkIds: input.type_work };
    const form = formOf(input.format);
    const etag = etagOf(form, 'completed-works', await queries.completedWorkLayerVersion(db), filter);
    if (notModified(request, reply, etag)) return reply.code(304).send();
    return sendCachedBody(request, reply, {
      cache: layerCache,
      key: etag,
      compress,
      make: async () =>
        envelopeJson(completedWorkLayerJson(await queries.completedWorkLayerRows(db, filter, form), form)),
    });
  });

  app.get('/api-web/dashboard/search', { preHandler: dashboardReaders }, async (request) => {
    const { search, limit } = parseInput(ZDashboardSearchQuery, request.query);
    const [roads, works, proposals] = await Promise.all([
      queries.searchRoads(db, search, limit),
      queries.searchCompletedWorkLocations(db, search, limit),
      queries.searchProposals(db, search, limit, seesPersonalData(authOf(request))),
    ]);
    const data: TDashboardPlace[] = presentPlaces({ roads, works, proposals }).slice(0, limit);
    return envelope(data);
  });

  app.get('/api-web/dashboard/export', { preHandler: dashboardReaders }, async (request, reply) => {
    const input = parseInput(ZDashboardExportQuery, mergeBracketedKeys(request.query));
    const proposalFilter = { years: input.proposal_year };
    const workFilter = {
      years: input.completed_work_year,
      locations: input.completed_work_location,
      typeWorkIds: input.completed_work_type_work,
    };
    const isPdf = input.type === 'pdf';
    const [proposals, completedWorks, typeWorks, workLines, proposalLines] = await Promise.all([
      queries.proposalExportRows(db, proposalFilter),
      queries.completedWorkExportRows(db, workFilter),
      queries.typeWorkNames(db, workFilter.typeWorkIds ?? []),
      isPdf ? queries.completedWorkPictureRows(db, workFilter) : [],
      isPdf ? queries.proposalLayerRows(db, proposalFilter, { ...layerReading, form: 'encoded' }) : [],
    ]);
    const data: DashboardExport = {
      proposals,
      completedWorks,
      showNominal: authOf(request).role !== 'umum',
      filters: presentFilters(proposalFilter, workFilter, typeWorks),
      generatedAt: new Date(),
      timeZone: config.TIME_ZONE,
      letterhead: config.LETTERHEAD,
      map: presentMapLayers(workLines, proposalLines),
    };
    const fileName = DASHBOARD_EXPORT_FILE_NAMES[input.type];
    const body = isPdf ? dashboardPdf(data) : dashboardWorkbook(data);
    return reply
      .header(
        'Content-Type',
        isPdf ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      )
      .header('Content-Disposition', contentDisposition(fileName))
      .header('Cache-Control', 'private, no-store')
      .send(body);
  });
}
