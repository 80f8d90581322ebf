import { DASHBOARD_POLYLINE_PRECISION } from '@eusulan/shared';
import polyline from '@mapbox/polyline';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { mockApi, ok } from '../../test/app-harness.tsx';
import { INITIAL_FILTERS, useDashboardCompletedWorks, useDashboardProposals } from './api.ts';
import { lineStoreOf } from './line-store.ts';

const encode = (points: [number, number][]) => polyline.encode(points, DASHBOARD_POLYLINE_PRECISION);
const TUNJUNGAN: [number, number][] = [
  [-7.2575, 112.7381],
  [-7.2628, 112.7395],
];
const DARMO: [number, number][] = [
  [-7.2875, 112.7391],
  [-7.2935, 112.7378],
  [-7.2965, 112.737],
];

describe('the map layers', { timeout: 20_000 }, () => {
  it('ask the server for the compact form (format=encoded) and decode its lines', async () => {
    const fetchMock = mockApi({
      'GET /api-web/dashboard': () => ok([{ proposalId: 7, lines: [encode(TUNJUNGAN)] }]),
      'GET /api-web/dashboard/completed-work': () =>
        ok([{ idHash: '11', id: 11, color: '#1e88e5', lines: [encode(DARMO), encode(TUNJUNGAN)] }]),
    });
    const proposals = renderHook(() => useDashboardProposals(INITIAL_FILTERS), { wrapper: AppProviders });
    const works = renderHook(() => useDashboardCompletedWorks({ ...INITIAL_FILTERS, workYears: [2025] }), {
      wrapper: AppProviders,
    });
    await waitFor(() => expect(proposals.result.current.data).toBeDefined());
    await waitFor(() => expect(works.result.current.data).toBeDefined());

    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
    const proposalCall = asked.find((url) => url.pathname === '/api-web/dashboard');
    const workCall = asked.find((url) => url.pathname === '/api-web/dashboard/completed-work');
    expect(proposalCall?.searchParams.get('format')).toBe('encoded');
    expect(workCall?.searchParams.get('format')).toBe('encoded');
    expect(workCall?.searchParams.getAll('year')).toEqual(['2025']);

    const proposalStore = lineStoreOf(proposals.result.current.data!);
    expect([proposalStore.itemCount, proposalStore.pathCount, proposalStore.pointCount]).toEqual([1, 1, 2]);
    expect(proposalStore.idsOf('proposal')).toEqual([7]);
    const workStore = lineStoreOf(works.result.current.data!);
    expect([workStore.itemCount, workStore.pathCount, workStore.pointCount]).toEqual([1, 2, 5]);
    expect(workStore.idsOf('work')).toEqual([11]);
  });
});
