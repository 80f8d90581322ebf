import type { TCompletedWorkImportResult } from '@eusulan/shared';
import { expect } from 'vitest';
import { buildWorkType } from './factories.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { sendForm } from './multipart.ts';

/** A test app with a signed-in admin and one work type (Pengaspalan), as the completed-work imports need. */
export interface CompletedWorkOffice {
  t: TestApp;
  admin: Record<string, string>;
  typeId: number;
}

export async function openCompletedWorkOffice(
  env: Record<string, string> = {},
): Promise<CompletedWorkOffice> {
  const t = await createTestApp(env);
  const admin = (await t.signIn('admin')).headers;
  const type = await buildWorkType(t.db, { typeWork: 'Pengaspalan' });
  return { t, admin, typeId: type.id };
}

/**
 * POSTs the import form as the web does: year 2025 and the office's work type unless `fields` says
 * otherwise, one zip named `fileName`, to POST completed-work or its `/jobs`.
 */
export async function sendImport(
  office: CompletedWorkOffice,
  content: Buffer,
  options: { url?: string; fileName?: string; fields?: Record<string, string | number> } = {},
) {
  return sendForm(
    office.t.app,
    options.url ?? '/api-web/completed-work',
    office.admin,
    { year: 2025, type_work_id: office.typeId, ...options.fields },
    { file: [{ name: options.fileName ?? 'jalan.zip', content, type: 'application/zip' }] },
  );
}

/** A stored import's answer (201 asserted). */
export async function importedResult(
  office: CompletedWorkOffice,
  content: Buffer,
  options: Parameters<typeof sendImport>[2] = {},
) {
  const response = await sendImport(office, content, options);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as TCompletedWorkImportResult;
}
