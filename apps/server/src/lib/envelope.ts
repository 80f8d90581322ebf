import type { ApiEnvelope } from '@eusulan/shared';

export const SUCCESS_MESSAGE = 'Berhasil';

/** The success body of every JSON answer (DESIGN §3). */
export function envelope<TData, TMeta = undefined>(
  data: TData,
  options: { message?: string; code?: number; meta?: TMeta } = {},
): ApiEnvelope<TData, TMeta> {
  const body: ApiEnvelope<TData, TMeta> = {
    status: { code: options.code ?? 200, message: options.message ?? SUCCESS_MESSAGE },
    data,
  };
  if (options.meta !== undefined) body.meta = options.meta;
  return body;
}

/** Lists the spec reads as data.data plus data.total (subdistrict, village, consultant, user, colour). */
export function pagedEnvelope<TRow>(rows: TRow[], total: number, list: { page: number; limit: number }) {
  return envelope({ data: rows, total, page: list.page, limit: list.limit });
}

/** The success envelope around data that is already JSON text (large answers assembled from stored JSON). */
export const envelopeJson = (dataJson: string) =>
  `${JSON.stringify({ status: { code: 200, message: SUCCESS_MESSAGE } }).slice(0, -1)},"data":${dataJson}}`;
