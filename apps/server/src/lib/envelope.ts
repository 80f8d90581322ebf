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
