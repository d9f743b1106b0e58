/** A person in a referral list: initials, name, and email under it. */

export interface Person {
  firstname: string;
  lastname: string;
  email: string;
}

const initials = (person: Person) => `${person.firstname.charAt(0)}${person.lastname.charAt(0)}`.toUpperCase() || '?';

export function PersonCell({ person }: { person: Person }) {
  return (
    <span className="flex items-center gap-3">
      <span
        aria-hidden
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-100"
      >
        {initials(person)}
      </span>
      <span className="min-w-0">
        <span className="block font-medium text-slate-900 dark:text-white">
          {person.firstname} {person.lastname}
        </span>
        <span className="block truncate text-slate-600 dark:text-slate-400">{person.email}</span>
      </span>
    </span>
  );
}
