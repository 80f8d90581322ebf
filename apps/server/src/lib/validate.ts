import type { z } from 'zod';
import { invalid } from './http-error.ts';

/** Parses input with a shared zod contract; failures become a 422 with the spec's field messages. */
export function parseInput<TSchema extends z.ZodType>(schema: TSchema, input: unknown): z.output<TSchema> {
  // PostgreSQL text cannot hold NUL; refusing it here keeps every query from failing with a 500.
  if (containsNul(input)) throw invalid({ body: [NUL_MESSAGE] });
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || 'body';
    // A body that is not an object at all gets no zod default text (English) but ours.
    const message = issue.path.length === 0 ? FORMAT_MESSAGE : issue.message;
    const messages = errors[field] ?? [];
    if (!messages.includes(message)) messages.push(message);
    errors[field] = messages;
  }
  throw invalid(errors);
}

const NUL_MESSAGE = 'Data tidak boleh berisi karakter NUL.';
const FORMAT_MESSAGE = 'Format data tidak valid.';

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}
