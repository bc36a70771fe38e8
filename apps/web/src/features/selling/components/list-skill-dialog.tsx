import type { Avatar } from '@app/domain/avatar';
import { CreateSkillListingSchema, LISTING_DESCRIPTION_MAX } from '@app/domain/purchases';
import { TagIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useCreateSkillListing } from '../api/create-skill-listing';

type Field = 'skillId' | 'priceEth' | 'proficiencyLevel' | 'description' | 'expiresAt';

/**
 * LIST_SKILL: lists one of the avatar's skills for sale — price in ETH, the
 * proficiency a buyer gets (at most the avatar's own), a description and an optional expiry date.
 */
export function ListSkillDialog({ avatar }: { avatar: Avatar }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [skillId, setSkillId] = useState('');
  const [priceEth, setPriceEth] = useState('0.05');
  const [proficiency, setProficiency] = useState('');
  const [description, setDescription] = useState('');
  const [expiry, setExpiry] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const create = useCreateSkillListing();
  const skill = avatar.skills.find((s) => String(s.id) === skillId);
  const today = new Date().toISOString().slice(0, 10);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = {
      avatarId: avatar.id,
      skillId: Number(skillId),
      priceEth,
      proficiencyLevel: proficiency === '' ? skill?.proficiency : Number(proficiency),
      description: description || null,
      // The listing ends at the end of the chosen day (UTC).
      expiresAt: expiry ? new Date(`${expiry}T23:59:59Z`).toISOString() : null,
    };
    const parsed = CreateSkillListingSchema.safeParse(input);
    const next: Partial<Record<Field, string>> = {};
    if (!skill) next.skillId = 'Choose a skill';
    if (skill && input.proficiencyLevel !== undefined && input.proficiencyLevel > skill.proficiency) {
      next.proficiencyLevel = `At most ${avatar.name}'s own ${skill.proficiency}`;
    }
    if (!parsed.success) {
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
    }
    setErrors(next);
    if (Object.keys(next).length || !parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: () => {
        setOpen(false);
        setSkillId('');
        setProficiency('');
        setDescription('');
        setExpiry('');
      },
    });
  };

  const err = (f: Field) =>
    errors[f] ? (
      <p id={`${id}-${f}-error`} className="text-xs text-destructive">
        {errors[f]}
      </p>
    ) : null;
  const aria = (f: Field) => ({
    'aria-invalid': errors[f] ? true : undefined,
    'aria-describedby': errors[f] ? `${id}-${f}-error` : undefined,
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          type="button"
          size="sm"
          variant="lime"
          disabled={!avatar.skills.length}
          aria-label={`LIST_SKILL of ${avatar.name}`}
        >
          <TagIcon aria-hidden="true" />
          LIST_SKILL
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>LIST_SKILL</DialogTitle>
          <DialogDescription>Sell one of {avatar.name}'s skills to other avatars.</DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label="List a skill">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-skill`}>SKILL</Label>
            <Select
              value={skillId}
              onValueChange={(v) => {
                setSkillId(v);
                setProficiency('');
              }}
            >
              <SelectTrigger id={`${id}-skill`} aria-label="SKILL" {...aria('skillId')}>
                <SelectValue placeholder="Choose a skill" />
              </SelectTrigger>
              <SelectContent>
                {avatar.skills.map((s) => (
                  <SelectItem key={s.id} value={String(s.id)}>
                    {s.name} · {s.proficiency}%
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            {err('skillId')}
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-price`}>PRICE (ETH)</Label>
              <Input
                id={`${id}-price`}
                inputMode="decimal"
                value={priceEth}
                onChange={(e) => setPriceEth(e.target.value)}
                {...aria('priceEth')}
              />
              {err('priceEth')}
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-proficiency`}>PROFICIENCY</Label>
              <Input
                id={`${id}-proficiency`}
                type="number"
                inputMode="numeric"
                min={1}
                max={skill?.proficiency ?? 100}
                placeholder={skill ? String(skill.proficiency) : '1-100'}
                value={proficiency}
                onChange={(e) => setProficiency(e.target.value)}
                {...aria('proficiencyLevel')}
              />
              {err('proficiencyLevel')}
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-description`}>DESCRIPTION</Label>
            <Textarea
              id={`${id}-description`}
              maxLength={LISTING_DESCRIPTION_MAX}
              rows={3}
              placeholder={skill ? `${avatar.name} teaches ${skill.name}.` : 'What the buyer gets'}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              {...aria('description')}
            />
            {err('description')}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-expiry`}>EXPIRES (OPTIONAL)</Label>
            <Input
              id={`${id}-expiry`}
              type="date"
              min={today}
              value={expiry}
              onChange={(e) => setExpiry(e.target.value)}
              {...aria('expiresAt')}
            />
            {err('expiresAt')}
          </div>
          <DialogFooter>
            <Button type="submit" variant="lime" disabled={create.isPending}>
              {create.isPending ? 'LISTING...' : 'LIST_FOR_SALE'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
