/**
 * Task requests recognised by their frame — a request cue ("can you", "I'd love", an imperative)
 * and what is asked for (a picture, a site, a script, a post, a mint) — before the trained
 * classifier, which keeps the rest (skills, market, verification, conversation). The object
 * decides: "paint me a stork at dawn" is art, "make a site for my gallery" is a site.
 */

import { asksAdvice } from './advice';
import { parse, type Token } from './parse';
import { type ArtefactKind, parseRequests } from './request-frame';
import { unseenOnline } from './task-unsaid';
import { wishesAutomation } from './task-wishes';

/** A task act a frame can decide. */
export type FrameAct = 'make_art' | 'mint_nft' | 'build_website' | 'social_post' | 'learn_skill';

/** What a request frame found. */
export interface TaskFrame {
  act: FrameAct;
  /** A code project (script, app, game, tool) rather than a website. */
  code: boolean;
  /** A piece of writing no task makes ("a poem", "a short story"): named here, not routed to a post. */
  writing?: string;
}

/** Pieces of writing: text the offline engine cannot compose (a post is a task; a poem is not). */
const WRITING =
  /\b(?:poem|poems|poetry|haiku|haikus|limerick|limericks|sonnet|sonnets|verse|short story|story|stories|song|songs|lyrics|rap|essay|essays|speech|toast|eulogy|riddle|bedtime story)\b/i;

/** Where a message asks for something ("can you", "I'd love", an imperative at a clause start). */
export const REQUEST_CUE =
  /(?:^|[.!?,;:—–…)]\s*|\s-\s*|[\uD83C-\uDBFF][\uDC00-\uDFFF]\uFE0F?\s*|\b(?:and|but|so|also|now|then|still|just|anyway|anyhow|basically|short|tldr)\s+)(?:(?:please|pls|plz|ok|okay|so|and|also|now|hey|hi|right|lovely|cool|great|bonjour|hola)[,!.]?\s+)*(?:(?:can|could|would|will) (?:you|u|we|i get|i have|i own|ya)(?! (?:believe|imagine|guess)\b)|(?:draw|drwa|show|paint|sketch|illustrate|doodle|render|make|mak|build|create|design|write|draft|code|generate|mint|post|cast|tweet|announce|shout|tell|turn|put|knock|whip|spin|compose|craft|prepare|throw together|cook up|get the word out|spread the word|do (?:us|me))\b)|\b(?:help (?:me|us)|i'?d rather (?:you|u)|i'?d prefer (?:it )?if (?:you|u)|how about you|why don'?t you|maybe you could|you should|you could|you need to|go and|i want you to|time to|if you (?:could|can)|would you (?:be able|mind)|any chance you could|you could (?:maybe |possibly )?(?:make|build|draw|paint|write|do|sort)|sort (?:us|me) out|(?:(?:i|we)(?:'d| would| should)|would) (?:really |so |just |also )?(?:love|like|adore)|(?:would|do) (?:you|u) mind [a-z]+ing|^\s*mind [a-z]+ing|(?:is it|would it be) possible (?:for (?:you|u) )?to|(?:would|'d) be (?:so |really |super )?(?:great|amazing|lovely|ideal|handy|helpful|brilliant|awesome|perfect|nice|sick|cool|dope|ace|sweet|rad|class)|(?:i|we)(?:'d| would) be (?:so |very |really |most )?(?:grateful|thankful|obliged) (?:for (?:your |some )?help|if (?:you|u))|(?:you|u) (?:can|could) (?:do|make|build)(?: (?:it|this|that|one))?(?=\s*\?)|better (?:we|you|u) (?:make|build|do|write|draw|go with)|(?:i|we) could (?:really |definitely |seriously )?(?:use|do with)|(?:i|we)(?:'d| would| should) (?:much )?(?:rather|prefer)(?: (?:have|get|do|see))?|what (?:i|we)(?:'d| would)? (?:really |most |actually |honestly )?(?:love|like|want|need)(?: (?:right now|now|today|most|from you))? is|i want|i wanna|i need|we need|i'?m after|give me|get me|make me|make us|let'?s(?! go+(?:\W*$|\s*[!.,]))|let us)\b|[,;—–]\s*(?:really\s+|just\s+)?(?:need|want|wanna|after)\s+(?:a|an|some)\b|\bplease\b|\bfor me\??\s*$|^\s*(?:really\s+|just\s+|still\s+)?(?:need|needs|needed|wanna)\s+(?:a|an|some|something|smth|sth|summat)\b/i;

/** Practising a skill: a verb of getting better and what to get better at, addressed to the avatar. */
const LEARN =
  /\b(?:practi[sc]e|train(?: up)?(?: on)?|improve|work on|get(?:ting)? better at|level up|brush up(?: on)?|study|learn|hone|polish|sharpen|drill)\s+(?:on\s+)?(?:your|some|a bit of|more)\s+[\p{L}]/iu;
const MINT = /\b(?:mint\w*|nfts?|on-?chain|onchain|tokeni[sz]e|collectibles?|own (?:it|that|this)(?: one)? as)\b/i;
const SITE =
  /\b(?:web ?sites?|web ?sit\w*|webiste|sites?|web ?pages?|homepage|landing page|one-pager|(?:online|web) presence|(?:put|get) (?:us|me|it|them) online|(?:spot|place|home|corner|space|somewhere)\s+(?:on\s+(?:the\s+)?(?:internet|web|net)|online))\b/i;
const POST =
  /\b(?:casts?|posts?|posting|tweets?|get the word out|spread the word|announcements?|threads?|shout about|tell farcaster|on farcaster|to farcaster|tell (?:everyone|everybody|the world|people|folks|(?:our|my) (?:followers|fans|community))|let (?:everyone|everybody|the world|people|folks|(?:our|my) (?:followers|fans|community)) know|(?:want|wish|need)\s+(?:that\s+)?(?:everyone|everybody|the world|people|folks|all)\s+(?:to\s+)?know)\b/i;
const CODE =
  /\b(?:scripts?|programs?|programmes?|tools?|apps?|games?|bots?|cli|code up|code me|code a|functions?|snippets?|regex(?:es)?|librar(?:y|ies)|plugins?|extensions?|endpoints?|apis?|one-liners?|algorithms?|(?:js|javascript|typescript|python|rust|ruby|php|java|kotlin|swift|golang|bash|shell|sql|solidity|c\+\+|c#)\s+(?:code|class|module|query|program|thing|version)|(?:something|smth|sth|summat|anything|a thing|one)\s+(?:in|using|with|written in)\s+(?:js|javascript|typescript|python|rust|ruby|php|java|kotlin|swift|golang|go|bash|shell|powershell|sql|solidity|c\+\+|c#))\b/i;
/** A program named by its noun (not "code me a …", which may ask for a site). */
const CODE_NOUN =
  /\b(?:scripts?|programs?|programmes?|bots?|cli|functions?|snippets?|plugins?|extensions?|one-liners?)\b/i;
const ART_VERB =
  /\b(?:draw|drwa|drew|drawn|paint|painted|sketch|sketched|illustrate|illustrated|doodle|doodled|render|rendered|visuali[sz]e|imagine)\b|\b(?:show me|(?:love|like|want) to see)\s+(?:an?|some)\b|\b(?:show me|draw it|paint it|sketch it|picture it)\W*$/i;
const ART_NOUN =
  /\b(?:picture|image|painting|drawing|illustration|watercolou?r|portrait|sketch|artwork|poster|wallpaper|pic|art)\s+(?:of|showing|with|depicting)\b|\b(?:picture|image|painting|drawing|illustration|watercolou?r|artwork|logo|card|poster|flyer|banner|album cover|cover art|sticker|icon|mural|emblem|mascot)\b/i;

/** A request to be told about something: a verb of explaining, then what / how / why. */
const EXPLAIN =
  /\b(?:explain|describe|define|clarify|tell (?:me|us)|teach (?:me|us)|help (?:me|us) understand)\b(?:\s+(?:to (?:me|us)|again|briefly|simply|quickly))?\s+(?:what|how|why|whether|if|the (?:difference|point|meaning|idea))\b/i;

/** The frame act of an artefact kind. */
const ACT_OF: Record<ArtefactKind, FrameAct> = {
  art: 'make_art',
  mint: 'mint_nft',
  site: 'build_website',
  code: 'build_website',
  post: 'social_post',
};

/**
 * The task a request asks for by its frame, or null (not a request, or not one of these tasks).
 * The parse decides first (`request-frame.ts`: a request frame and its object's head noun); the
 * cue patterns below decide what it leaves (skills, writing, verification, and requests the
 * tagger misreads).
 */
export function taskFrame(message: string): TaskFrame | null {
  const text = message.slice(0, 600);
  // "should I learn Go or Rust if I want to make games?" asks advice, not for a game (advice.ts).
  if (asksAdvice(text)) return null;
  const cued = REQUEST_CUE.test(text);
  if (cued && LEARN.test(text) && !SITE.test(text) && !POST.test(text)) return { act: 'learn_skill', code: false };
  const writing = WRITING.exec(text)?.[0];
  // "a cover for my podcast, Night Shift Stories": a piece of writing named outside the object asks for none.
  const parsed = parseRequests(text)[0];
  // "a small program that finds the same song twice in my music folder": a program named first is asked.
  const programFirst =
    writing !== undefined && text.search(CODE_NOUN) >= 0 && text.search(CODE_NOUN) < text.search(WRITING);
  const writingAsked =
    writing && !programFirst && !(parsed && !new RegExp(`\\b${writing}\\b`, 'i').test(parsed.phrase));
  if (cued && writingAsked && !POST.test(text) && !SITE.test(text) && !MINT.test(text) && !ART_VERB.test(text)) {
    return { act: 'social_post', code: false, writing: writing.toLowerCase() };
  }
  // "get my finished task checked and verified on-chain" is verification (the classifier's), not a mint.
  const verifying =
    /\bverif\w*/i.test(text) || (/\btasks?\b/i.test(text) && /\b(?:check|review|record|confirm)\w*/i.test(text));
  if (verifying && !/\b(?:nft|mint\w*)\b/i.test(text)) return null;
  if (parsed) return { act: ACT_OF[parsed.kind], code: parsed.kind === 'code' };
  // "customers can't even find our hours online": a site is what would help, though none was asked.
  const unseen = unseenOnline(text) ? ({ act: 'build_website', code: false } as const) : null;
  // "I wish the computer could rename these by itself": a program, though none was named.
  if (!parsed && wishesAutomation(text)) return { act: 'build_website', code: true };
  if (!cued) return unseen;
  // "could you explain what an NFT is?", "tell me how a website works": what is asked for is an
  // explanation of the thing, not the thing.
  if (EXPLAIN.test(text)) return null;
  if (MINT.test(text) && !SITE.test(text)) return { act: 'mint_nft', code: false };
  if (SITE.test(text)) {
    // "a bot that pings me when my site is slow": the thing named first is the one asked for.
    const program = ART_VERB.test(text) ? -1 : text.search(CODE_NOUN);
    return { act: 'build_website', code: program >= 0 && program < text.search(SITE) };
  }
  // A post or a program: the one named first is what is asked for ("a bot that posts the weather").
  const post = text.search(POST);
  const code = ART_VERB.test(text) ? -1 : text.search(CODE);
  if (code >= 0 && (post < 0 || code < post)) return { act: 'build_website', code: true };
  if (post >= 0) return { act: 'social_post', code: false };
  if (ART_VERB.test(text) || ART_NOUN.test(text)) return { act: 'make_art', code: false };
  return unseen;
}

/** Words of the two people talking, and names of the avatar: a message with one involves them. */
const PARTY =
  /^(?:i|me|my|mine|myself|we|us|our|ours|you|u|your|ur|yours|yourself|ya|avatar|bot|agent|assistant|cipher)$/;

/**
 * True for a question about the world that involves neither the user nor the avatar ("pigeons can
 * remember faces?", "what even is a website", "what other tricks do crows know?"): a task word in it
 * is its topic, never a request. Read from the parse: no pronoun of either party, and a question
 * word opening it (not "what about", which offers something) or a yes/no question with a noun as
 * its subject. With `subjectDoes`, a question word must also have a noun doing the asked verb
 * ("…things pigeons do?"), which tells it from "what tasks are there?".
 */
export function asksOfTheWorld(message: string, subjectDoes = false): boolean {
  const t = parse(message.slice(0, 300)).sentences.flatMap((s) => s.tokens);
  if (t.length < 3 || t.some((w) => PARTY.test(w.lower))) return false;
  const words = t.filter((w) => w.pos !== 'PUNCT');
  const wh = words.slice(0, 3).findIndex((w) => /^(?:what|whats|how|why|which|who|where|when)$/.test(w.lower));
  if (wh >= 0 && words[wh + 1]?.lower !== 'about') {
    if (!subjectDoes) return true;
    const last = words.at(-1);
    const before = words.at(-2);
    // The tagger may read a plural noun as a verb ("crows"): any word but a pronoun, auxiliary,
    // determiner or preposition before the final verb is its subject.
    return Boolean(
      last && before && ['VERB', 'AUX'].includes(last.pos) && !['PRON', 'AUX', 'DET', 'ADP'].includes(before.pos),
    );
  }
  const asked = /\?\s*$/.test(message.trim());
  const first = words[0]?.pos === 'DET' ? words[1] : words[0];
  const next = words[words.indexOf(first as Token) + 1];
  const subject = ['NOUN', 'PROPN'].includes(first?.pos ?? '') || (first?.pos === 'VERB' && first.lower.endsWith('s'));
  return asked && !subjectDoes && subject && next?.pos === 'AUX';
}

/** Acts that make something (a picture, a mint, a site or program, a post), not ask the platform. */
const MADE_ACTS = new Set(['make_art', 'mint_nft', 'build_website', 'social_post']);

/**
 * The classifier's act for `message`, or `world_fact` when a task act (or "what can you do") was
 * guessed for a question about the world ({@link asksOfTheWorld}): "pigeons can remember faces?",
 * "what even is a website", "what other smart things do pigeons do?".
 */
export function worldQuestionAct<A extends string>(act: A, message: string): A | 'world_fact' {
  if (MADE_ACTS.has(act) && asksOfTheWorld(message)) return 'world_fact';
  return act === 'capabilities' && asksOfTheWorld(message, true) ? 'world_fact' : act;
}
