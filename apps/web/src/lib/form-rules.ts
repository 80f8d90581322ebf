import { zodIssueMessage } from '@eusulan/shared';
import type { FormRule } from 'antd';

interface SafeParser {
  safeParse(
    value: unknown,
    params: { error: typeof zodIssueMessage },
  ): { success: boolean; error?: { issues: readonly { message: string }[] } };
}

/**
 * Lets an antd field validate with a shared zod schema, so a rule and its message live in one place.
 * `pick` turns the field's value into what the schema checks (a chosen select option into its id).
 * A check the schema does not word itself reads as the server's 422 does (the shared Indonesian map).
 */
export function zodRule(schema: SafeParser, pick: (value: unknown) => unknown = (value) => value): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(pick(value) ?? '', { error: zodIssueMessage });
      if (!result.success) throw new Error(result.error?.issues[0]?.message);
    },
  };
}

/** The id of a chosen select option ({ id, name }), or undefined when none is chosen. */
export const optionId = (value: unknown): unknown =>
  value && typeof value === 'object' && 'id' in value ? (value as { id: unknown }).id : undefined;
