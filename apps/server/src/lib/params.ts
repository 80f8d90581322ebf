import { notFound } from './http-error.ts';

/** A positive integer id from the path; anything else cannot name a record, so it is a 404. */
export function idParam(params: unknown): number {
  const raw = (params as { id?: unknown } | undefined)?.id;
  const id = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(id) || id < 1) throw notFound();
  return id;
}
