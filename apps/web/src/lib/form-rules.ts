import type { FormRule } from 'antd';

interface SafeParser {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly { message: string }[] } };
}

/** Lets an antd field validate with a shared zod schema, so a rule and its message live in one place. */
export function zodRule(schema: SafeParser): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error?.issues[0]?.message);
    },
  };
}
