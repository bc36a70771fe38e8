import { TEAM_DESCRIPTION_MAX, TEAM_NAME_MAX } from '@app/domain/teams';
import { type ReactNode, useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

/** The values of a team's form and how they change. */
export interface TeamFieldsProps {
  name: string;
  description: string;
  /** The name's error (shown under it, announced), or null. Typing in the name clears it. */
  error: string | null;
  onNameChange: (name: string) => void;
  onDescriptionChange: (description: string) => void;
  onErrorClear: () => void;
  /** The description's label (CREATE_TEAM marks it optional). */
  descriptionLabel: ReactNode;
  namePlaceholder?: string;
  descriptionPlaceholder: string;
}

/**
 * TEAM_NAME (required, at most TEAM_NAME_MAX characters) and DESCRIPTION (at most
 * TEAM_DESCRIPTION_MAX): the fields CREATE_TEAM and MANAGE → SETTINGS share.
 */
export function TeamFields(p: TeamFieldsProps) {
  const nameId = useId();
  const descriptionId = useId();
  const errorId = useId();
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor={nameId}>TEAM_NAME</Label>
        <Input
          id={nameId}
          value={p.name}
          maxLength={TEAM_NAME_MAX}
          placeholder={p.namePlaceholder}
          autoComplete="off"
          aria-required="true"
          aria-invalid={p.error ? true : undefined}
          aria-describedby={p.error ? errorId : undefined}
          onChange={(e) => {
            p.onNameChange(e.target.value);
            if (p.error) p.onErrorClear();
          }}
        />
        {p.error && (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {p.error}
          </p>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={descriptionId}>{p.descriptionLabel}</Label>
        <Textarea
          id={descriptionId}
          value={p.description}
          maxLength={TEAM_DESCRIPTION_MAX}
          placeholder={p.descriptionPlaceholder}
          onChange={(e) => p.onDescriptionChange(e.target.value)}
        />
      </div>
    </>
  );
}
