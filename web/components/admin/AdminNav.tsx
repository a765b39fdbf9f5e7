// The admin area's sections as links (each has its own address); the audit log is for admins only.
import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';

const SECTIONS = [
  { to: '/admin', label: 'Overview', end: true, adminOnly: false },
  { to: '/admin/reports', label: 'Reports', end: false, adminOnly: false },
  { to: '/admin/members', label: 'Members', end: false, adminOnly: false },
  { to: '/admin/audit', label: 'Audit log', end: false, adminOnly: true },
] as const;

export function AdminNav({ isAdmin }: { isAdmin: boolean }) {
  return (
    <nav aria-label="Admin sections" className="mt-6 flex gap-1 overflow-x-auto border-b border-zinc-200">
      {SECTIONS.filter((section) => isAdmin || !section.adminOnly).map(({ to, label, end }) => (
        <NavLink
          key={to}
          to={to}
          end={end}
          className={({ isActive }) =>
            cn(
              '-mb-px inline-flex shrink-0 items-center border-b-2 px-4 py-2.5 text-sm font-medium transition-colors duration-150 ease-out hover:text-ink',
              isActive ? 'border-accent text-ink' : 'border-transparent text-zinc-600',
            )
          }
        >
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
