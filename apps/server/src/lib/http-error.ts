/** An error the client is meant to see: an HTTP status with an Indonesian message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Response headers the answer carries (Connection: close after a refused upload). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const NOT_FOUND_MESSAGE = 'Data tidak ditemukan.';
export const FORBIDDEN_MESSAGE = 'Anda tidak memiliki akses untuk melakukan aksi ini.';
export const UNAUTHENTICATED_MESSAGE = 'Sesi Anda telah berakhir. Silakan login kembali.';
export const VALIDATION_MESSAGE = 'Data yang dikirim tidak valid.';

export const notFound = (message = NOT_FOUND_MESSAGE) => new HttpError(404, message);
export const forbidden = (message = FORBIDDEN_MESSAGE) => new HttpError(403, message);
export const unauthenticated = (message = UNAUTHENTICATED_MESSAGE) => new HttpError(401, message);
export const badRequest = (message: string) => new HttpError(400, message);
/** The record is no longer in the state the request moves it from (a repeated or raced request). */
export const conflict = (message: string) => new HttpError(409, message);
/** 422 with one or more field messages. */
export const invalid = (errors: Record<string, string[]>, message = VALIDATION_MESSAGE) =>
  new HttpError(422, message, errors);
