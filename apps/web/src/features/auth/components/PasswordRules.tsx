import { PASSWORD_RULES } from '@eusulan/shared';

interface PasswordRulesProps {
  id: string;
  title: string;
  /** Rules of this form only, after the common ones (a change: not the current password). */
  extraRules?: readonly string[];
}

/**
 * The password rules, shown before anyone types. Only a text: the server alone judges (spec §5), so a
 * refused password still answers with the server's own message. `id` lets the password field point at it.
 */
export function PasswordRules({ id, title, extraRules = [] }: PasswordRulesProps) {
  return (
    <div id={id} className="password-rules" data-testid="password-rules">
      <div className="password-rules__title">{title}</div>
      <ul className="password-rules__list">
        {[...PASSWORD_RULES, ...extraRules].map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </div>
  );
}
