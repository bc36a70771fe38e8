/**
 * The embedded page generator (deploy_website / code_project without an LLM): turns the
 * user's request into a real static page — title, tagline, sections and calls to action taken from
 * the request's own words — styled in the avatar's colours. Deterministic; no network.
 */
import { extractTaskSlots, type TaskSlots } from '../../../providers/ai/persona/slots';

export interface SiteRequest {
  /** What the user asked for, e.g. "build a landing page for my coffee shop Neon Beans". */
  prompt: string;
  avatarName: string;
  agentType: 'HACKER' | 'CREATOR' | 'HUSTLER';
}

export interface GeneratedSite {
  title: string;
  tagline: string;
  /** Files by relative path (`index.html`, `style.css`, `app.js`). */
  files: Record<string, string>;
}

const THEME = {
  HACKER: { accent: '#00ff9f', accent2: '#00b3ff', bg: '#03120c' },
  CREATOR: { accent: '#ff2fd6', accent2: '#8a5cff', bg: '#12031a' },
  HUSTLER: { accent: '#ffb400', accent2: '#ff5a36', bg: '#140c02' },
} as const;

const STOP = new Set(
  'a an the and or for of to in on with my our your me us it this that please can could would you build make create deploy launch site website page landing web app called named about some new simple quick'.split(
    ' ',
  ),
);

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export const titleCase = (s: string) =>
  s.replace(/(^|[\s-])(\w)/g, (_, before: string, c: string) => before + c.toUpperCase());

/** Pulls a name ("called X" / "named X" / a quoted phrase) and the subject out of the request. */
export function analyseRequest(prompt: string): { name: string | null; subject: string; keywords: string[] } {
  const text = prompt.replace(/\s+/g, ' ').trim();
  const quoted = text.match(/["“']([^"”']{2,60})["”']/)?.[1];
  const called = text.match(
    /\b(?:called|named)\s+([A-Za-z0-9][\w&' -]{1,40}?)(?=[,.!?]|\s+(?:that|which|with|for|to)\b|$)/i,
  )?.[1];
  const forWhat = text.match(
    /\bfor\s+(?:my|our|a|an|the)?\s*([\w' -]{3,60}?)(?=[,.!?]|\s+(?:called|named|that|which|with)\b|$)/i,
  )?.[1];
  const words = text
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 2 && !STOP.has(w));
  const keywords = [...new Set(words)].slice(0, 6);
  return {
    name: (quoted ?? called)?.trim() ?? null,
    subject: (forWhat ?? keywords.slice(0, 3).join(' ')).trim() || 'the future',
    keywords,
  };
}

/** Builds the site for a request. */
export function generateSite(req: SiteRequest): GeneratedSite {
  const analysed = analyseRequest(req.prompt);
  const { keywords } = analysed;
  // The request's slots (name, place, sections, tone, colours) drive the page.
  const slots: TaskSlots = extractTaskSlots(req.prompt);
  const subject = (slots.subject ?? analysed.subject).replace(/^(?:my|our|your|a|an|the)\s+/i, '');
  const name = slots.name ?? analysed.name;
  const title = name ? titleCase(name) : titleCase(subject);
  const base = THEME[req.agentType];
  const theme = { accent: slots.colours[0] ?? base.accent, accent2: slots.colours[1] ?? base.accent2, bg: base.bg };
  const where = slots.place ? ` in ${slots.place}` : '';
  const tagline = taglineFor(slots, req.agentType, titleCase(subject), where);
  const features = slots.sections.length
    ? slots.sections.slice(0, 6).map((k) => ({ heading: titleCase(k), body: sectionCopy(k, subject, slots.place) }))
    : (keywords.length ? keywords : ['fast', 'secure', 'beautiful']).slice(0, 3).map((k, i) => ({
        heading: titleCase(k),
        body: [
          `Everything about ${k} in one place, built for people who care about ${subject}${where}.`,
          `${titleCase(k)} done right: clear, quick and made to last.`,
          `Discover how ${k} fits into ${subject} — and why it matters now.`,
        ][i % 3]!,
      }));
  const request = escapeHtml(req.prompt.trim() || subject);
  // The navigation names the sections the request asked for, then About and Contact.
  const slugOf = (heading: string) => `s-${heading.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  const navItems = slots.sections.length
    ? [
        ...features
          .filter((f) => f.heading.toLowerCase() !== 'contact')
          .map((f) => [`#${slugOf(f.heading)}`, f.heading]),
        ['#about', 'About'],
        ['#contact', 'Contact'],
      ]
    : [
        ['#features', 'Features'],
        ['#about', 'About'],
        ['#contact', 'Contact'],
      ];
  const nav = navItems.map(([href, label]) => `<a href="${href}">${escapeHtml(label!)}</a>`).join('');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(tagline)}">
<meta name="generator" content="${escapeHtml(req.avatarName)} (${req.agentType}) via the embedded page generator">
<link rel="stylesheet" href="style.css">
</head>
<body>
<header class="top"><span class="logo">${escapeHtml(title)}</span><nav>${nav}</nav></header>
<main>
<section class="hero">
<h1>${escapeHtml(title)}</h1>
<p class="tagline">${escapeHtml(tagline)}</p>
<a class="cta" href="#contact">Get started</a>
</section>
<section id="features" class="grid">
${features.map((f) => `<article id="${slugOf(f.heading)}"><h2>${escapeHtml(f.heading)}</h2><p>${escapeHtml(f.body)}</p></article>`).join('\n')}
</section>
<section id="about" class="about">
<h2>About</h2>
<p>${escapeHtml(title)} — ${escapeHtml(subject)}${escapeHtml(where)}.</p>
<p>This page was requested as: <q>${request}</q></p>
<p>It was built and deployed by the AI avatar <strong>${escapeHtml(req.avatarName)}</strong>.</p>
</section>
<section id="contact" class="contact">
<h2>Contact</h2>
<p>Visitors so far on this device: <span id="visits">1</span></p>
</section>
</main>
<footer>© <span id="year">2026</span> ${escapeHtml(title)} · built by ${escapeHtml(req.avatarName)}</footer>
<script src="app.js"></script>
</body>
</html>
`;
  const css = `:root{--accent:${theme.accent};--accent2:${theme.accent2};--bg:${theme.bg}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:#e9f7ff;font:16px/1.6 ui-monospace,Menlo,Consolas,monospace}
.top{display:flex;flex-wrap:wrap;gap:8px 16px;justify-content:space-between;align-items:center;padding:16px 24px;border-bottom:1px solid var(--accent)}
.logo{font-weight:700;letter-spacing:.12em;color:var(--accent);text-transform:uppercase}
nav a{color:#cfe;margin-left:16px;text-decoration:none}nav a:hover{color:var(--accent)}
.hero{padding:72px 24px;text-align:center;background:radial-gradient(circle at 50% 0,color-mix(in srgb,var(--accent2) 35%,transparent),transparent 70%)}
h1{font-size:clamp(2rem,6vw,3.6rem);margin:0;color:var(--accent);text-shadow:0 0 24px var(--accent)}
.tagline{font-size:1.15rem;opacity:.9}.cta{display:inline-block;margin-top:18px;padding:12px 22px;border:1px solid var(--accent);color:var(--bg);background:var(--accent);text-decoration:none;font-weight:700}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:16px;padding:32px 24px}
article{border:1px solid color-mix(in srgb,var(--accent) 45%,transparent);padding:18px;background:#0008}article h2{color:var(--accent2);margin-top:0}
.about,.contact{padding:24px;max-width:820px;margin:0 auto}footer{padding:24px;text-align:center;opacity:.7;border-top:1px solid #fff2}
`;
  const js = `// Local-only interactivity: no network, no access beyond this site's own origin.
document.getElementById('year').textContent = String(new Date().getFullYear());
try {
  const n = Number(localStorage.getItem('visits') || '0') + 1;
  localStorage.setItem('visits', String(n));
  document.getElementById('visits').textContent = String(n);
} catch (e) {}
`;
  return { title, tagline, files: { 'index.html': html, 'style.css': css, 'app.js': js } };
}

const TAGLINES: Record<string, (s: string, where: string) => string> = {
  friendly: (s, w) => `${s}${w} — come as you are, stay a while.`,
  professional: (s, w) => `${s}${w}. Reliable, precise, ready when you are.`,
  playful: (s, w) => `${s}${w}: serious fun, zero boredom.`,
  bold: (s, w) => `${s}${w}. Loud, proud and impossible to ignore.`,
  calm: (s, w) => `${s}${w}. Simple, quiet, well made.`,
  luxury: (s, w) => `${s}${w} — crafted for those who expect the finest.`,
  technical: (s, w) => `${s}${w}: documented, tested, fast.`,
};

function taglineFor(slots: TaskSlots, type: SiteRequest['agentType'], subject: string, where: string): string {
  const byTone = slots.tone ? TAGLINES[slots.tone] : undefined;
  if (byTone) return byTone(subject, where);
  return type === 'HACKER'
    ? `${subject}${where} — shipped, hardened, on-chain ready.`
    : type === 'CREATOR'
      ? `${subject}${where}, imagined in neon and light.`
      : `${subject}${where} that sells itself. Join before everyone else does.`;
}

/** One line of copy for a requested section. */
function sectionCopy(section: string, subject: string, place: string | null): string {
  const at = place ? ` in ${place}` : '';
  const copy: Record<string, string> = {
    about: `The story of ${subject}${at}: who we are and why we do it.`,
    menu: `Our menu changes with the seasons — ask what ${subject} is serving today.`,
    gallery: `A look inside ${subject}${at}, in pictures.`,
    contact: `Find us${at}. Write, call or drop by — we answer every message.`,
    pricing: 'Simple plans, no surprises. Pick the one that fits.',
    services: `What ${subject} offers, from first hello to finished work.`,
    team: `The people behind ${subject}.`,
    faq: `Answers to the questions people ask most about ${subject}.`,
    hours: `Open hours${at}: check before you visit.`,
    location: place ? `We are in ${place}. Directions and parking below.` : 'Where to find us, with directions.',
    booking: 'Book a slot online in under a minute.',
  };
  return copy[section] ?? `${titleCase(section)} at ${subject}${at}.`;
}
