import { TEAM_ROLES, type TeamRole, teamRoleLabel } from '@app/domain/teams';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';

/** A listbox of the fixed team roles (packages/domain TEAM_ROLES). */
export function RoleSelect({
  value,
  onChange,
  id,
  label,
  describedBy,
  disabled,
  className,
}: {
  value: TeamRole | null;
  onChange: (role: TeamRole) => void;
  /** Pairs the trigger with a `<Label htmlFor>`; otherwise `label` names it. */
  id?: string;
  label?: string;
  /** Id of a help text that describes the choice. */
  describedBy?: string;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <Select value={value ?? undefined} onValueChange={(v) => onChange(v as TeamRole)} disabled={disabled}>
      <SelectTrigger id={id} aria-label={label} aria-describedby={describedBy} className={cn('uppercase', className)}>
        <SelectValue placeholder="CHOOSE_ROLE" />
      </SelectTrigger>
      <SelectContent>
        {TEAM_ROLES.map((role) => (
          <SelectItem key={role} value={role}>
            {teamRoleLabel(role)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
