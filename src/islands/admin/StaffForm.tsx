import type { FormHTMLAttributes } from 'react';
import { useHydrated } from '#/islands/members/ui.tsx';

/**
 * A back-office form. Its controls stay disabled until the island has hydrated: a click before
 * that would submit natively and reload the page with the fields in the URL, losing the entry.
 */
export function StaffForm({ children, ...props }: FormHTMLAttributes<HTMLFormElement>) {
  const hydrated = useHydrated();
  return (
    <form {...props}>
      <fieldset disabled={!hydrated} className="contents">
        {children}
      </fieldset>
    </form>
  );
}
