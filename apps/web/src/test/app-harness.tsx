import type { TAuthUser, TJob } from '@eusulan/shared';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { buildRouteTree } from '../app/router.tsx';

type Handler = (init: RequestInit | undefined) => { status?: number; body: unknown };

/** Answers fetch by "METHOD /path" (query string ignored); anything unlisted is a 404. */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = handlers[`${init?.method ?? 'GET'} ${url.pathname}`];
    const { status = 200, body } = handler
      ? handler(init)
      : { status: 404, body: { status: { code: 404, message: 'not found' }, data: null } };
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const ok = <T,>(data: T) => ({ body: { status: { code: 200, message: 'Berhasil' }, data } });
export const fail = (status: number, message = 'Gagal', errors?: Record<string, string[]>) => ({
  status,
  body: { status: { code: status, message }, data: null, errors },
});

/** A background job as GET jobs/:id answers it (queued by default). */
export function testJob<Result = unknown>(overrides: Partial<TJob<Result>> = {}): TJob<Result> {
  return {
    id: '6f1c9a52-3d4e-4b7a-9c1d-2e3f4a5b6c7d',
    kind: 'proposal-import',
    status: 'queued',
    progress: { step: 'Menunggu giliran', done: 0, total: null },
    message: null,
    result: null,
    fileUrl: null,
    createdAt: '2026-03-02T03:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

/** The 202 of a job's start (POST …/jobs). */
export const accepted = <T,>(data: T) => ({
  status: 202,
  body: { status: { code: 202, message: 'Import diproses' }, data },
});

/** Answers one handler after another, the last one from then on: a job polled while it moves on. */
export function inTurn(...handlers: Handler[]): Handler {
  let call = 0;
  return (init) => {
    const handler = handlers[Math.min(call, handlers.length - 1)] as Handler;
    call++;
    return handler(init);
  };
}

export const APP_INFO = {
  appName: 'e-Usulan Jalan',
  agencyName: 'Dinas Sumber Daya Air dan Bina Marga',
  departmentName: 'Bidang Jalan dan Jembatan',
  cityName: 'Kota Surabaya',
  contactEmail: 'dsdabm@surabaya.go.id',
  contactPhone: '031-5312144',
  letterhead: [],
  mapTileUrl: 'https://tiles.test/{z}/{y}/{x}',
  mapTileAttribution: 'Tiles test',
  version: 'test',
  report: {
    logoUrl: null,
    addressee: 'Kepala Bidang Jalan dan Jembatan',
    place: 'Surabaya',
    signerTitle: 'Sub Koordinator Perencanaan dan Pengawasan',
    signerName: '',
    signerNip: '',
    reporterTitle: 'Surveyor',
  },
};

export function authUser(slug: TAuthUser['role']['slug'], overrides: Partial<TAuthUser> = {}): TAuthUser {
  const isConsultant = slug === 'consultan';
  return {
    id: 1,
    name: 'Budi Santoso',
    username: 'budi',
    mustChangePassword: false,
    role: {
      id: 1,
      slug,
      name: { admin: 'Administrator', consultan: 'Rayon', structural: 'Struktural', umum: 'Umum' }[slug],
    },
    userable: isConsultant
      ? {
          id: 9,
          code: 'RY-09',
          name: 'Rayon Timur',
          consultantType: 'internal',
          consultantTypeName: 'Internal',
          district: { id: 3, name: 'Surabaya Timur' },
        }
      : null,
    ...overrides,
  };
}

export function renderApp(path: string) {
  const router = createMemoryRouter(buildRouteTree(), { initialEntries: [path] });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}
