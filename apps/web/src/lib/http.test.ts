import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, buildUrl, http, mediaUrl } from './http.ts';
import { TOKEN_KEY } from './session.ts';

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('http client', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => fetchMock.mockReset());

  const sentHeaders = () => new Headers(fetchMock.mock.calls[0]?.[1]?.headers);

  it('marks every call as XMLHttpRequest and sends no Authorization without a token', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { status: { code: 200, message: 'OK' }, data: 1 }));
    await http.get('/api/app-info');
    expect(sentHeaders().get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(sentHeaders().has('Authorization')).toBe(false);
  });

  it('sends the stored token as a bearer header and JSON bodies as JSON', async () => {
    localStorage.setItem(TOKEN_KEY, 'abc.def');
    fetchMock.mockResolvedValue(jsonResponse(200, { status: { code: 200, message: 'OK' }, data: null }));
    await http.post('/api/auth/logout', { reason: 'x' });
    expect(sentHeaders().get('Authorization')).toBe('Bearer abc.def');
    expect(sentHeaders().get('Content-Type')).toBe('application/json');
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"reason":"x"}');
  });

  it('resolves with the whole envelope', async () => {
    const body = { status: { code: 200, message: 'OK' }, data: [1, 2], meta: { total: 2 } };
    fetchMock.mockResolvedValue(jsonResponse(200, body));
    await expect(http.get('/api-web/master/road')).resolves.toEqual(body);
  });

  it('rejects a non-2xx answer with its status and body', async () => {
    const body = { status: { code: 422, message: 'invalid' }, data: null, errors: { name: ['Wajib'] } };
    fetchMock.mockResolvedValue(jsonResponse(422, body));
    const error = await http.put('/api/auth/change-password', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, body });
  });

  it('rejects a network fault with status null', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await http.get('/api/app-info').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: null, body: null });
  });
});

describe('buildUrl', () => {
  it('drops empty values and repeats list keys', () => {
    expect(buildUrl('/api-web/dashboard', { year: [2024, 2025], search: '', page: 1, sort: undefined })).toBe(
      '/api-web/dashboard?year=2024&year=2025&page=1',
    );
  });
});

describe('mediaUrl', () => {
  it('appends the stored token to media links', () => {
    localStorage.setItem(TOKEN_KEY, 'a b');
    expect(mediaUrl('/media/files/1')).toBe('/media/files/1?token=a%20b');
    expect(mediaUrl('/media/files/1?download=1')).toBe('/media/files/1?download=1&token=a%20b');
    localStorage.clear();
    expect(mediaUrl('/media/files/1')).toBe('/media/files/1');
  });
});
