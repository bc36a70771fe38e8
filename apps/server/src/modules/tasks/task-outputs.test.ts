import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EMBEDDED_CODE_DISCLAIMER } from '@app/domain/tasks';
import { describe, expect, it } from 'vitest';
import { createPersonaProvider } from '../../providers/ai/persona/persona-provider';
import { proceduralSvg } from '../../providers/images/procedural';
import { castTopic, composeCast, farcasterComposeUrl } from './generators/cast-generator';
import { generateCodeProject } from './generators/code-generator';
import { generateSite } from './generators/site-generator';

const req = (prompt: string) => ({ prompt, avatarName: 'Zero', agentType: 'HACKER' as const });
const hasPython = spawnSync('python3', ['--version']).status === 0;

function writeProject(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'avatar-project-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

describe('task outputs honour the request', () => {
  it('the site carries the requested name, place and sections', () => {
    const site = generateSite(req("make a site for Luna's Bakery in Lisbon with a menu and contact section"));
    const html = site.files['index.html']!;
    expect(site.title).toBe("Luna's Bakery");
    expect(html).toContain('Luna&#39;s Bakery');
    expect(html).toContain('Lisbon');
    expect(html).toMatch(/<h2>Menu<\/h2>/);
    expect(html).toMatch(/<h2>Contact<\/h2>/);
    // The navigation leads to the sections asked for, not a generic "Features".
    const nav = /<nav>(.*?)<\/nav>/.exec(html)?.[1] ?? '';
    expect(nav).toContain('<a href="#s-menu">Menu</a>');
    expect(nav).toContain('<a href="#contact">Contact</a>');
    expect(nav).not.toContain('Features');
    expect(html).toContain('<article id="s-menu">');
  });

  it.runIf(hasPython)('a Python request gives a Python project that compiles', () => {
    const project = generateCodeProject(req('write a python script that tracks my reading list'));
    expect(project.framework).toBe('python');
    expect(Object.keys(project.files)).toEqual(expect.arrayContaining(['main.py', 'README.md']));
    const dir = writeProject(project.files);
    execFileSync('python3', ['-m', 'py_compile', path.join(dir, 'main.py')]);
    const out = execFileSync('python3', [path.join(dir, 'main.py'), 'add', 'Dune'], { encoding: 'utf8' });
    expect(out).toContain('added: Dune');
  });

  it('a JavaScript request gives a Node project that passes node --check and runs', () => {
    const project = generateCodeProject(req('code a javascript cli for my gym workouts'));
    expect(project.framework).toBe('node');
    const dir = writeProject(project.files);
    execFileSync(process.execPath, ['--check', path.join(dir, 'index.js')]);
    expect(execFileSync(process.execPath, [path.join(dir, 'index.js'), 'list'], { encoding: 'utf8' })).toMatch(
      /0 item/,
    );
  });

  it('Go, Rust, TypeScript and shell requests get their own languages', () => {
    expect(Object.keys(generateCodeProject(req('make a go cli for habits')).files)).toContain('main.go');
    expect(Object.keys(generateCodeProject(req('code a todo app in rust')).files)).toContain('src/main.rs');
    expect(Object.keys(generateCodeProject(req('build a typescript tool for notes')).files)).toContain('index.ts');
    const sh = generateCodeProject(req('write a bash script to list my backups'));
    const dir = writeProject(sh.files);
    execFileSync('bash', ['-n', path.join(dir, 'main.sh')]);
  });

  it('the art SVG contains the icon matched from the prompt, in its colours', () => {
    const art = proceduralSvg('a red fox in the snow', 'digital_art', 512);
    expect(art.plan.icon).toBe('fox');
    expect(art.svg).toContain('data-icon="twemoji:fox"');
    expect(art.svg).toContain('CC BY 4.0');
    expect(art.svg).toContain('#ff3b3b');
  });

  it('the Farcaster draft is about the topic asked for, with a compose link', () => {
    const topic = castTopic('post about our new coffee roast on farcaster');
    expect(topic).toContain('coffee roast');
    const cast = composeCast('HUSTLER', 'Max', topic);
    expect(cast).toContain('coffee roast');
    expect(farcasterComposeUrl(cast)).toMatch(/^https:\/\/farcaster\.xyz\/~\/compose\?text=Big%20news/);
  });

  it('the embedded engine says what it built: a starter, not a program written for the request', async () => {
    const request = 'a python script that prints the first ten prime numbers';
    for (const prompt of [request, 'a todo app called Glitch Tasks', 'a go cli for habits']) {
      const project = generateCodeProject(req(prompt));
      expect(project.summary).toMatch(/^a starter /);
      expect(project.summary).toContain(EMBEDDED_CODE_DISCLAIMER);
      expect(project.files['README.md']).toContain(project.summary);
    }
    expect(generateCodeProject(req(request)).summary).toBe(
      `a starter command-line tool about "prints the first ten prime numbers" (Python); ${EMBEDDED_CODE_DISCLAIMER}`,
    );
    // …and so does the offline chat reply that offers the project.
    const reply = await createPersonaProvider().reply({
      avatar: {
        id: 1,
        name: 'Zero',
        agentType: 'HACKER',
        description: null,
        personalityTraits: [],
        skills: [],
        level: 1,
        experiencePoints: 0,
      },
      message: `write me ${request}`,
      history: [],
    });
    expect(reply.taskSuggestion?.action).toBe('code_project');
    expect(reply.response).toContain(EMBEDDED_CODE_DISCLAIMER);
  });
});
