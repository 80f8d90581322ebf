import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { accepted, fail, inTurn, mockApi, ok, testJob } from '../../test/app-harness.tsx';
import { type JobCallbacks, jobFileLink, startJob, useBackgroundJob } from './api.ts';
import { JobProgress } from './components/JobProgress.tsx';
import { jobPercent, jobStepText } from './texts.ts';

const JOB = testJob();
const JOB_URL = `/api-web/jobs/${JOB.id}`;

describe('job progress texts', () => {
  it('counts with id-ID grouping: the step, then done of total', () => {
    expect(jobStepText({ step: 'Menyimpan data', done: 1500, total: 10000 })).toBe(
      'Menyimpan data 1.500 dari 10.000',
    );
    expect(jobStepText({ step: 'Menyimpan data', done: 1500, total: null })).toBe('Menyimpan data 1.500');
    expect(jobStepText({ step: 'Membaca berkas', done: 0, total: null })).toBe('Membaca berkas');
  });

  it('has a percentage only once the total is known', () => {
    expect(jobPercent({ step: 'x', done: 1500, total: 10000 })).toBe(15);
    expect(jobPercent({ step: 'x', done: 5, total: 3 })).toBe(100);
    expect(jobPercent({ step: 'x', done: 0, total: null })).toBeNull();
    expect(jobPercent({ step: 'x', done: 0, total: 0 })).toBeNull();
  });
});

describe('JobProgress', () => {
  it('shows the share and the counted step when the total is known', () => {
    render(
      <JobProgress
        progress={{ step: 'Menyusun berkas', done: 250, total: 1000 }}
        pendingStep="Memulai proses"
      />,
    );
    const progress = screen.getByTestId('job-progress');
    expect(progress.className).not.toContain('job-progress--indeterminate');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByTestId('job-progress-step').textContent).toContain('Menyusun berkas 250 dari 1.000');
  });

  it('moves without a share while the total is unknown, and names the wait before the job exists', () => {
    const { rerender } = render(<JobProgress progress={null} pendingStep="Mengirim berkas" />);
    expect(screen.getByTestId('job-progress').className).toContain('job-progress--indeterminate');
    expect(screen.getByTestId('job-progress-step').textContent).toContain('Mengirim berkas');
    expect(screen.queryByText('30%')).toBeNull();
    rerender(
      <JobProgress
        progress={{ step: 'Memeriksa data', done: 0, total: null }}
        pendingStep="Mengirim berkas"
      />,
    );
    expect(screen.getByTestId('job-progress-step').textContent).toContain('Memeriksa data');
  });
});

describe('jobFileLink', () => {
  it('adds the token as media links do (the browser saves from a plain link); null without a file', () => {
    localStorage.setItem('token', 'a b');
    expect(jobFileLink({ fileUrl: `${JOB_URL}/file` })).toBe(`${JOB_URL}/file?token=a%20b`);
    expect(jobFileLink({ fileUrl: null })).toBeNull();
  });
});

describe('useBackgroundJob', () => {
  function renderJob(onDone = vi.fn()) {
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const hook = renderHook(
      () => useBackgroundJob({ start: (body: { a: number }) => startJob('/api-web/x/jobs', body), onDone }),
      { wrapper },
    );
    const callbacks: JobCallbacks<unknown> = { onDone: vi.fn(), onFailed: vi.fn(), onError: vi.fn() };
    act(() => hook.result.current.run({ a: 1 }, callbacks));
    return { hook, callbacks };
  }

  it('follows a job to its end and calls onDone once, after the feature-level onDone', async () => {
    const fetchMock = mockApi({
      'POST /api-web/x/jobs': () => accepted(JOB),
      [`GET ${JOB_URL}`]: inTurn(
        () => ok({ ...JOB, status: 'running', progress: { step: 'Menyimpan data', done: 1, total: 2 } }),
        () => ok({ ...JOB, status: 'done', result: { imported: 2 } }),
      ),
    });
    const featureDone = vi.fn();
    const { hook, callbacks } = renderJob(featureDone);
    await waitFor(() => expect(hook.result.current.progress?.done).toBe(1));
    expect(hook.result.current.isRunning).toBe(true);
    await waitFor(() => expect(callbacks.onDone).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(featureDone).toHaveBeenCalledTimes(1);
    const screenDone = callbacks.onDone as ReturnType<typeof vi.fn>;
    expect(featureDone.mock.invocationCallOrder[0]).toBeLessThan(screenDone.mock.invocationCallOrder[0]!);
    expect(callbacks.onFailed).not.toHaveBeenCalled();
    expect(hook.result.current.isRunning).toBe(false);
    expect(hook.result.current.progress).toBeNull();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ a: 1 });
  });

  it('hands a refused start to onError and polls nothing', async () => {
    const fetchMock = mockApi({ 'POST /api-web/x/jobs': () => fail(403, 'Tidak boleh') });
    const { hook, callbacks } = renderJob();
    await waitFor(() => expect(callbacks.onError).toHaveBeenCalledTimes(1));
    expect(hook.result.current.isRunning).toBe(false);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api-web/jobs/'))).toBe(false);
  });

  it('ends the following with onError when the job cannot be read (gone, signed out)', async () => {
    mockApi({
      'POST /api-web/x/jobs': () => accepted(JOB),
      [`GET ${JOB_URL}`]: () => fail(404, 'Proses tidak ditemukan.'),
    });
    const { hook, callbacks } = renderJob();
    await waitFor(() => expect(callbacks.onError).toHaveBeenCalledTimes(1));
    expect(hook.result.current.isRunning).toBe(false);
    expect(callbacks.onDone).not.toHaveBeenCalled();
    expect(callbacks.onFailed).not.toHaveBeenCalled();
  });
});
