import {
  AGENT_TYPES,
  type AgentType,
  AVATAR_DESCRIPTION_MAX,
  AVATAR_NAME_MAX,
  DEFAULT_AGENT_TYPE,
  DEFAULT_PERSONALITY_TRAITS,
} from '@app/domain/avatar-rules';
import {
  ArrowLeftIcon,
  BrainCircuitIcon,
  CodeIcon,
  LinkIcon,
  PaletteIcon,
  PlusIcon,
  TrendingUpIcon,
  XIcon,
} from 'lucide-react';
import { type FormEvent, type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { useCreateAvatar } from './api/create-avatar';
import { AppearancePreview } from './appearance-preview';

/** Most traits an avatar may have, and longest trait (same limits as the server's schema). */
const MAX_TRAITS = 8;
const MAX_TRAIT_CHARS = 32;

const TYPE_INFO: Record<AgentType, { icon: typeof CodeIcon; blurb: string; tone: string }> = {
  HACKER: { icon: CodeIcon, blurb: 'Code, contracts, deployments', tone: 'text-neon-lime' },
  CREATOR: { icon: PaletteIcon, blurb: 'Art, NFTs, content', tone: 'text-neon-magenta' },
  HUSTLER: { icon: TrendingUpIcon, blurb: 'Markets, deals, social', tone: 'text-neon-yellow' },
};

/**
 * AVATAR_STUDIO (SPEC §2 "Avatar creation", §4, §5, §8): name (required), optional
 * description, agent type and personality traits (BEYOND), the Ready Player Me placeholder with the
 * default appearance, CREATE_AVATAR / CANCEL / BACK_TO_DASHBOARD and two info cards.
 */
export default function StudioPage() {
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [agentType, setAgentType] = useState<AgentType>(DEFAULT_AGENT_TYPE);
  const [traits, setTraits] = useState<string[]>([...DEFAULT_PERSONALITY_TRAITS]);
  const [traitDraft, setTraitDraft] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const create = useCreateAvatar({ onSuccess: () => navigate(paths.home.getHref()) });
  const ids = { name: useId(), nameError: useId(), description: useId(), trait: useId(), traitHint: useId() };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      // SPEC §5: 'Avatar name is required'.
      setNameError('Avatar name is required');
      nameRef.current?.focus();
      return;
    }
    create.mutate({
      name: name.trim(),
      description: description.trim() || null,
      agentType,
      personalityTraits: traits,
      readyPlayerMeUrl: null,
      readyPlayerMeConfig: null,
    });
  };

  const addTrait = () => {
    const t = traitDraft.trim().toLowerCase().slice(0, MAX_TRAIT_CHARS);
    if (!t || traits.includes(t) || traits.length >= MAX_TRAITS) return;
    setTraits([...traits, t]);
    setTraitDraft('');
  };
  const onTraitKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      addTrait();
    }
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <p className="label-mono text-neon-lime">{'// NEURAL_FORGE'}</p>
          <h1 className="mt-2 font-display text-2xl font-black tracking-wide text-primary glow-text sm:text-3xl">
            AVATAR_STUDIO
          </h1>
          <p className="mt-2 text-sm text-muted-foreground">Design an AI avatar, then train it through conversation.</p>
        </div>
        <Button asChild variant="outline">
          <Link href={paths.home.getHref()}>
            <ArrowLeftIcon aria-hidden="true" />
            BACK_TO_DASHBOARD
          </Link>
        </Button>
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-[1.5fr_1fr]">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>CREATE_NEW_AVATAR</h2>
            </CardTitle>
            <CardDescription>Fields marked * are required.</CardDescription>
          </CardHeader>
          <CardContent>
            <form onSubmit={submit} noValidate className="flex flex-col gap-6">
              <div className="flex flex-col gap-2">
                <Label htmlFor={ids.name}>Avatar name *</Label>
                <Input
                  ref={nameRef}
                  id={ids.name}
                  value={name}
                  onChange={(e) => {
                    setName(e.target.value);
                    if (nameError) setNameError(null);
                  }}
                  placeholder="e.g. NEON_ORACLE"
                  maxLength={AVATAR_NAME_MAX}
                  autoComplete="off"
                  aria-required="true"
                  aria-invalid={nameError ? true : undefined}
                  aria-describedby={nameError ? ids.nameError : undefined}
                />
                {nameError ? (
                  <p id={ids.nameError} role="alert" className="text-sm text-destructive">
                    {nameError}
                  </p>
                ) : null}
              </div>

              <div className="flex flex-col gap-2">
                <Label htmlFor={ids.description}>
                  Description <span className="text-muted-foreground">(optional)</span>
                </Label>
                <Textarea
                  id={ids.description}
                  value={description}
                  onChange={(e) => setDescription(e.target.value)}
                  placeholder="Who is your avatar? What does it care about?"
                  maxLength={AVATAR_DESCRIPTION_MAX}
                  rows={3}
                />
              </div>

              <fieldset className="flex min-w-0 flex-col gap-2">
                <legend className="mb-2 font-mono text-xs font-bold tracking-widest text-primary/90 uppercase">
                  Agent type
                </legend>
                <div className="grid gap-3 sm:grid-cols-3">
                  {AGENT_TYPES.map((type) => {
                    const info = TYPE_INFO[type];
                    const Icon = info.icon;
                    const checked = agentType === type;
                    return (
                      <label
                        key={type}
                        className={cn(
                          'flex cursor-pointer items-center gap-3 rounded-md border p-3 transition-[border-color,background-color,box-shadow] has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/70 sm:flex-col sm:items-start',
                          checked
                            ? 'border-current bg-current/10 shadow-[0_0_18px_-8px_currentColor]'
                            : 'border-border hover:border-current/60',
                          info.tone,
                        )}
                      >
                        <input
                          type="radio"
                          name="agentType"
                          value={type}
                          checked={checked}
                          onChange={() => setAgentType(type)}
                          className="sr-only"
                        />
                        <Icon className="size-5 shrink-0" aria-hidden="true" />
                        <span className="flex flex-col">
                          <span className="font-mono text-sm font-bold tracking-wider">{type}</span>
                          <span className="text-xs text-muted-foreground">{info.blurb}</span>
                        </span>
                      </label>
                    );
                  })}
                </div>
              </fieldset>

              <fieldset className="flex min-w-0 flex-col gap-2">
                <legend className="mb-2 font-mono text-xs font-bold tracking-widest text-primary/90 uppercase">
                  Personality traits
                </legend>
                <ul aria-label="Personality traits" className="flex flex-wrap gap-2">
                  {traits.map((t) => (
                    <li
                      key={t}
                      className="inline-flex items-center gap-1 rounded-full border border-primary/50 bg-primary/10 py-0.5 pr-1 pl-3 font-mono text-xs text-primary"
                    >
                      {t}
                      <button
                        type="button"
                        aria-label={`Remove trait ${t}`}
                        onClick={() => setTraits(traits.filter((x) => x !== t))}
                        className="grid size-5 place-items-center rounded-full hover:bg-primary/20 focus-visible:ring-2 focus-visible:ring-ring outline-none"
                      >
                        <XIcon className="size-3" aria-hidden="true" />
                      </button>
                    </li>
                  ))}
                  {traits.length === 0 ? (
                    <li className="text-xs text-muted-foreground">No traits: the avatar stays neutral.</li>
                  ) : null}
                </ul>
                <div className="mt-1 flex gap-2">
                  <label htmlFor={ids.trait} className="sr-only">
                    New trait
                  </label>
                  <Input
                    id={ids.trait}
                    value={traitDraft}
                    onChange={(e) => setTraitDraft(e.target.value)}
                    onKeyDown={onTraitKey}
                    placeholder="Add a trait (e.g. witty)"
                    maxLength={MAX_TRAIT_CHARS}
                    disabled={traits.length >= MAX_TRAITS}
                    aria-describedby={ids.traitHint}
                    className="min-w-0 flex-1"
                  />
                  <Button
                    type="button"
                    variant="outline"
                    onClick={addTrait}
                    disabled={!traitDraft.trim() || traits.length >= MAX_TRAITS}
                  >
                    <PlusIcon aria-hidden="true" />
                    ADD
                  </Button>
                </div>
                <p id={ids.traitHint} className="text-xs text-muted-foreground">
                  Up to {MAX_TRAITS} traits. They shape how your avatar talks.
                </p>
              </fieldset>

              <div className="flex flex-col-reverse gap-3 border-t border-border pt-5 sm:flex-row sm:justify-end">
                <Button asChild variant="secondary">
                  <Link href={paths.home.getHref()}>CANCEL</Link>
                </Button>
                <Button type="submit" disabled={create.isPending}>
                  {create.isPending ? 'CREATING...' : 'CREATE_AVATAR'}
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>

        <div className="flex min-w-0 flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>3D_APPEARANCE</h2>
              </CardTitle>
              <CardDescription>
                Ready Player Me integration is coming in the next update. A default appearance will be used for now.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <AppearancePreview name={name} agentType={agentType} />
            </CardContent>
          </Card>
          <InfoCard icon={<BrainCircuitIcon aria-hidden="true" />} title="AI_TRAINING" tone="text-neon-lime">
            Train your avatar through interactive sessions to build its skills. Every conversation earns XP and levels
            it up.
          </InfoCard>
          <InfoCard icon={<LinkIcon aria-hidden="true" />} title="BLOCKCHAIN_OWNERSHIP" tone="text-neon-magenta">
            Your avatar is minted as an NFT on Base: you own it, can trade it and delegate it.
          </InfoCard>
        </div>
      </div>
    </div>
  );
}

function InfoCard({
  icon,
  title,
  tone,
  children,
}: {
  icon: ReactNode;
  title: string;
  tone: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`info-${title}`} className="flex gap-4 rounded-lg border border-border bg-card/85 p-5">
      <span className={cn('mt-0.5 [&_svg]:size-6', tone)}>{icon}</span>
      <div>
        <h2 id={`info-${title}`} className={cn('font-display text-sm font-bold tracking-widest', tone)}>
          {title}
        </h2>
        <p className="mt-2 text-sm text-muted-foreground">{children}</p>
      </div>
    </section>
  );
}
