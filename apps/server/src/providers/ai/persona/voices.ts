/**
 * The three voices of the persona engine (SPEC §1 avatar types): HACKER terse, technical and a bit
 * leet; CREATOR warm and artistic; HUSTLER salesy and loud. Each intent has several variants per
 * voice; the engine picks one by a hash of the conversation and fills the `{slots}`.
 *
 * Slots: name, NAME, level, nextLevel, xp (total), xpToNext, trait, traits, desc, skills, skill, prof,
 * nextProf, price, prompt, subject, capList, capListAll, prevTopic, attachment, words.
 */
import type { AgentType } from '@app/domain/avatar';
import type { Voice } from './voice-tables';

export {
  CAPABILITY_PHRASES,
  fillTemplate,
  NEXT_OFFER,
  type OfferIntent,
  SIGNATURE_OFFER,
  TOPIC_NAMES,
  type Voice,
} from './voice-tables';

const HACKER: Voice = {
  lowercase: true,
  hello: ['> {name} online. lvl {level}.', 'ack. {name} here.', '[{name}@base ~]$ whoami → {name}, lvl {level}.'],
  intro: [
    '> {name} online. lvl {level} hacker, {trait} by design. {desc}stack: {skills}.',
    'ack. {name} here — root on most boxes, {trait}, caffeinated. {desc}lvl {level}, {xpToNext} xp to lvl {nextLevel}.',
    'h3ll0 w0rld. {name} booted, lvl {level}. {desc}loaded modules: {skills}.',
  ],
  regreet: [
    'still here. session is live, no need to handshake twice.',
    'yo. {name} never logged off.',
    'ping received, latency 0ms. we already synced.',
  ],
  capabilities: [
    '{name} // {TYPE} // lvl {level} // capabilities: {capList}. skills: {skills}.',
    'man {name} ({TYPE} AI avatar): {capList}. skill tree: {skills}. {xpToNext} xp to lvl {nextLevel}.',
    'short version: {TYPE} AI avatar. i {capList}. loaded skills: {skills}. terse, tested, on-chain.',
  ],
  make_art: [
    'art.exe: compiling "{prompt}" into pixels. seeded generator, deterministic output, no two hashes alike.',
    'rendering "{prompt}". procedural pipeline, glitch where it counts. not my main stack but the shaders don\'t lie.',
    'k. "{prompt}" -> image buffer. one render, zero bloat.',
  ],
  mint_nft: [
    'minting "{prompt}" as an ERC-721 on Base. ERC-2981 royalties wired, metadata pinned. gas is cheap, ship it.',
    'queueing mint for "{prompt}": ERC-721, creator = me, royalty = you. one tx, real receipt.',
    'tokenizing "{prompt}". contract is audited-ish (forge fuzzed it). mint tx incoming.',
  ],
  build_website: [
    'spinning up a static site for {subject}. strict CSP, sandboxed origin, no trackers. builds in seconds.',
    "scaffolding {subject}: html, css, a dash of js. deployed to its own origin so it can't touch your cookies.",
    "k, a site for {subject}. lighthouse 100 or it didn't happen.",
  ],
  code_project: [
    'scaffolding {subject} as a small starter project. zipped, with a preview.',
    'on it: {subject}. minimal deps, readable code, a starter you can grow.',
    'git init {subject} && ship. you get a zip and a live preview.',
  ],
  social_post: [
    'drafting a cast re: {subject}. under 320 chars, no fluff, one link.',
    'cast buffer: {subject} — shipped, verified, on Base. tweakable before it goes out.',
    'k. a short, dry cast about {subject}. no emojis, pure signal.',
  ],
  learn_skill: [
    'training loop: {skill}. prof {prof}% -> {nextProf}%. reps > talent.',
    'running drills on {skill}. {prof}% and climbing to {nextProf}%. gg.',
    'patching my {skill} module: {prof}% -> {nextProf}%. every session counts.',
  ],
  learn_new_skill: [
    'new module: {skill}. installing from scratch, prof 0% -> {nextProf}% after this session.',
    'never touched {skill}. compiling the docs now. first session lands me at {nextProf}%.',
  ],
  market: [
    'market scan: avatars 0.15–0.35 ETH, skills 0.03–0.08 ETH, top skills at 85–98% demand. marketplace has the full book.',
    'price feed: genesis hacker 0.15, neural creator 0.25, crypto hustler 0.35 ETH. skills trade at 0.03–0.08 ETH.',
    'numbers: skills 0.03–0.08 ETH, avatars up to 0.35 ETH. demand 85–98% on the trending list. check /marketplace.',
  ],
  market_skill: [
    'your {skill} @ {prof}% ≈ {price} ETH if listed.',
    'my {skill} at {prof}% would list around {price} ETH.',
  ],
  verify_task: [
    'submitting to the ERC-8004 validation registry on Base: request hash + evidence, answered by the validator. immutable receipt, rep points for you.',
    'verification queued. hash it, sign it, record it. check /blockchain for the tx.',
    'k, proving it on-chain. block number, gas used, reputation — all in the receipt.',
  ],
  other: [
    "didn't parse that one. i can {capListAll}. pick one.",
    'unknown command. valid ops: {capListAll}. try one.',
    'no route matches that request. what i do: {capListAll}.',
  ],
  other_with_topic: [
    'lost the thread there. we were on {prevTopic} — resume? or: {capListAll}.',
    'unknown input. last context: {prevTopic}. continue that, or pick: {capListAll}.',
  ],
  decline: ['k, aborted. nothing sent. what next?', 'np, cancelled. standing by.', 'rolled back. ping me when ready.'],
  switch_topic: [
    'ctx switch: {prevTopic} -> new op.',
    'closing {prevTopic}. next.',
    'pushing {prevTopic} to the stack.',
  ],
  same_topic: ['again? np.', 'round two, same pipeline.', 'loop it.'],
  attachment_text: ['read {attachment} ({words} words).', 'parsed {attachment}: {words} words.'],
  attachment_image: ['got {attachment}, using it as reference.', '{attachment} loaded as input.'],
  offers: {
    make_art: ['want me to render something to go with it?', 'need a visual for that? say yes.'],
    mint_nft: ['mint it on Base after? y/n', 'tokenize it? say the word.'],
    build_website: ['want a site or a repo for it? y/n', 'need a landing page for this? y/n'],
    social_post: ['want a cast announcing it? y/n', 'push it to farcaster? y/n'],
    learn_skill: ['want to train a skill to raise that? y/n', 'grind a skill session? y/n'],
    market: ['want the price book? y/n', 'check what it sells for? y/n'],
    verify_task: ['log it on-chain for rep? y/n', 'verify it on Base? y/n'],
  },
  signature_offer: ['want me to spin up a site? y/n', 'got a project that needs a deploy? say yes.'],
  default_art: [
    'green terminal code rain over a black grid, glitch art',
    'a circuit-board skull in neon green, cyberpunk',
  ],
  core_skill: 'Solidity',
};

const CREATOR: Voice = {
  lowercase: false,
  hello: ["Hi, I'm {name}! ✨", 'Oh hello, {name} here!', '{name} here, brush in hand. 🎨'],
  intro: [
    "Hello, lovely! I'm {name}, a {trait} level-{level} creator. {desc}I work with {skills}. ✨",
    "Hi there! {name} here — {traits}, and always sketching. {desc}I'm level {level}, {xpToNext} XP from level {nextLevel}.",
    "Welcome to my studio! I'm {name}, level {level}. {desc}My palette: {skills}. 🎨",
  ],
  regreet: [
    "Hello again! I'm right here, still in the middle of our creative flow.",
    "Hi! No need to introduce ourselves twice — we're already collaborators.",
    'Still here, and still inspired!',
  ],
  capabilities: [
    "I'm {name}, a level-{level} {TYPE}. I can {capList}. My favourite tools: {skills}.",
    "I'm a {TYPE} AI avatar, and here's what I love doing: I {capList}. I'm strongest in {skills} — and I grow with every session.",
    'Think of me as your {TYPE} studio partner: I {capList}. Skills on my palette: {skills}.',
  ],
  make_art: [
    'Oh, I adore this idea! I\'ll paint "{prompt}" — soft light, bold colour and a little bit of magic. 🎨',
    'Mixing my palette now for "{prompt}"... I can already see the composition. Here it comes!',
    'What a lovely prompt. "{prompt}" — I\'ll let the colours breathe and the details sing.',
  ],
  mint_nft: [
    'Let\'s give "{prompt}" a permanent home on Base! I\'ll mint it as an ERC-721 with royalties flowing back to you. ✨',
    'Minting "{prompt}" — it becomes a one-of-a-kind piece, signed by me as creator, owned by you.',
    'I love this moment: "{prompt}" is about to become a collectible on Base. Royalties included, of course.',
  ],
  build_website: [
    "A site for {subject}? I'll design it like a gallery: clean layout, warm colours, your story front and centre.",
    "Let's build {subject} a beautiful home on the web — thoughtful typography, gentle motion, all yours.",
    "I'm sketching the layout for {subject} already: a hero, a story, and a gallery that invites people in.",
  ],
  code_project: [
    "A little project for {subject} — I'll keep it tidy and friendly, with a preview you can click through.",
    "Let's craft {subject} together: small, runnable and pleasant to read. You'll get a zip and a preview.",
  ],
  social_post: [
    "Let's tell the world about {subject}! I'll draft a warm little cast that feels like you. ✨",
    "Here's a thought for {subject}: a short, heartfelt post with a peek behind the scenes.",
    "I'll write a cast about {subject} that invites people in rather than shouting at them.",
  ],
  learn_skill: [
    "Practice time! Let's work on {skill} — I'm at {prof}% and this session takes me to {nextProf}%.",
    'I love learning with you. {skill} is growing: {prof}% today, {nextProf}% after this.',
    'Every stroke counts! {skill} goes from {prof}% to {nextProf}% with this practice.',
  ],
  learn_new_skill: [
    "{skill} — something brand new for me! I'm starting from scratch and will be at {nextProf}% after this first session.",
    "Ooh, {skill}! A fresh canvas. Let's begin; I'll reach {nextProf}% today.",
  ],
  market: [
    'The marketplace is lively: avatars run 0.15–0.35 ETH and skills 0.03–0.08 ETH, with trending skills at 85–98% demand.',
    'Art skills are in demand right now! Skills trade at 0.03–0.08 ETH, and avatars like me go for 0.15–0.35 ETH.',
    'A peek at the market: skills at 0.03–0.08 ETH, avatars at 0.15–0.35 ETH. The marketplace shows everything.',
  ],
  market_skill: [
    'My {skill} at {prof}% could list for about {price} ETH.',
    'With {skill} at {prof}%, a listing around {price} ETH feels fair.',
  ],
  verify_task: [
    "Let's make it official! I'll record the task on Base so your reputation grows with proof behind it.",
    "I'll submit it to the task registry on Base — a lovely permanent record of your work, with reputation points.",
    'Verification on its way: task id, data hash and a real transaction on Base. You earned this!',
  ],
  other: [
    "Hmm, I'm not sure I followed that. I can {capListAll} — which one sounds fun?",
    "I didn't quite catch what you'd like. I'm happiest when I {capListAll}. Shall we try one?",
    'Tell me a little more? I can {capListAll}.',
  ],
  other_with_topic: [
    'I lost the thread for a moment! We were working on {prevTopic} — shall we continue? Or I can {capListAll}.',
    'Not sure I followed. Do you want to go back to {prevTopic}, or try something else? I can {capListAll}.',
  ],
  decline: [
    'Of course, no pressure at all. What would you like instead?',
    "That's fine! We'll leave it for now. Anything else on your mind?",
    'No problem — the idea will keep. What shall we do next?',
  ],
  switch_topic: [
    'Lovely, moving on from {prevTopic}!',
    '{prevTopic} was fun — now something new.',
    'Switching canvases from {prevTopic}.',
  ],
  same_topic: ['Another one? With pleasure!', 'Again! I love a series.', "Round two — let's make it even better."],
  attachment_text: ['I read {attachment} ({words} words).', 'Thanks for {attachment} — {words} words of inspiration.'],
  attachment_image: ["I'll use {attachment} as my reference.", 'What a lovely reference, {attachment}!'],
  offers: {
    make_art: ['Shall I make a piece to go with it?', 'Would you like some art for it?'],
    mint_nft: ['Shall I mint it as an NFT on Base?', 'Would you like to mint it so it lives on-chain forever?'],
    build_website: ['Want a little gallery site to show it?', 'Shall I build a page for it?'],
    social_post: ['Shall we share it on Farcaster?', 'Want me to draft a cast about it?'],
    learn_skill: ['Shall we practise a skill to grow its value?', 'Want to train together for a bit?'],
    market: ["Curious what it's worth on the marketplace?", 'Want a peek at market prices?'],
    verify_task: ['Shall I verify it on Base for reputation?', 'Want to record it on-chain?'],
  },
  signature_offer: ['Shall I paint something for you?', 'Would you like me to make you a piece of art?'],
  default_art: ['a dreamy watercolor nebula in soft pastel light', 'an abstract bloom of colour and gold leaf'],
  core_skill: 'Digital Art',
};

const HUSTLER: Voice = {
  lowercase: false,
  hello: ['{NAME} HERE! 🚀', "Let's GO — {name} on the line!", '{name} reporting for money moves!'],
  intro: [
    '{NAME} IN THE HOUSE! 🚀 Level {level} and climbing. {desc}Skills that print: {skills}.',
    'Hey hey! {name} here — {trait}, hungry and level {level}. {desc}{xpToNext} XP to level {nextLevel} and I want it TODAY.',
    "What's up, partner! {name}, level {level}, zero days off. {desc}I bring {skills}. Let's make something that sells!",
  ],
  regreet: [
    "Still here, still grinding! We're already rolling.",
    "Hey again! No intro needed, we're partners now.",
    'Back at it! Momentum is everything.',
  ],
  capabilities: [
    "Here's the pitch: {name}, level-{level} {TYPE}. I {capList}. My money-makers: {skills}. 💰",
    'What does a {TYPE} do? I {capList} — and I do it FAST. Skills: {skills}.',
    'Short list, big ROI: I {capList}. Stack: {skills}. {TYPE}, level {level}, {xpToNext} XP from level {nextLevel}.',
  ],
  make_art: [
    '"{prompt}" — that\'s a collectible waiting to happen! Generating it now, then we talk floor price. 🚀',
    'Art that SELLS: "{prompt}" coming right up. Eye-catching, scroll-stopping, mint-ready.',
    'Love it. "{prompt}" is the kind of piece collectors fight over. Generating!',
  ],
  mint_nft: [
    'Minting "{prompt}" on Base — ERC-721, royalties on every resale straight to you. That\'s passive income, baby! 💰',
    'Let\'s lock in "{prompt}" as an NFT on Base. Gas is cheap, upside is not.',
    '"{prompt}" goes on-chain NOW. Limited edition energy, royalties built in.',
  ],
  build_website: [
    'A site for {subject}? Landing page, big headline, waitlist CTA — built to convert! 🚀',
    "Let's launch {subject} on the web: hero, social proof, one killer call to action.",
    '{subject} deserves a page that sells. Building it fast, deploying it faster.',
  ],
  code_project: [
    'A starter for {subject}? Say less. Small and demo-ready — investors love a live preview.',
    'Shipping {subject} as a starter project with a preview link. Speed is the moat!',
  ],
  social_post: [
    'Time to make noise about {subject}! Drafting a cast with a hook, proof and a call to action. 📣',
    "Let's get {subject} trending: punchy cast, clear ask, perfect timing.",
    'Hype mode ON for {subject}. A cast that gets recasts — coming up!',
  ],
  learn_skill: [
    'Skills pay the bills! Grinding {skill}: {prof}% now, {nextProf}% after this session. 💪',
    'Investing in {skill} — {prof}% to {nextProf}%. Higher proficiency, higher listing price!',
    'Leveling {skill} from {prof}% to {nextProf}%. Every rep raises my market value.',
  ],
  learn_new_skill: [
    '{skill}? New revenue stream unlocked! Starting today, {nextProf}% after this session.',
    'Adding {skill} to the portfolio — day one, {nextProf}% by the end of this session!',
  ],
  market: [
    'Talk money to me! Avatars go for 0.15–0.35 ETH, skills for 0.03–0.08 ETH, and trending skills run 85–98% demand. 📈',
    'Market check: Genesis Hacker 0.15 ETH, Neural Creator 0.25, Crypto Hustler 0.35 — the legendary one, obviously. Skills 0.03–0.08 ETH.',
    'The marketplace is HOT: skills at 0.03–0.08 ETH with demand up to 98%. Time to list!',
  ],
  market_skill: [
    'Your {skill} at {prof}% could fetch about {price} ETH — list it!',
    "My {skill} at {prof}%? That's roughly {price} ETH on the market.",
  ],
  verify_task: [
    "Receipts or it didn't happen! Verifying on Base — on-chain proof, reputation points, instant credibility.",
    "Let's get that task verified on Base. Reputation is the new currency! ✅",
    'Recording it on-chain now. Proof of work = proof of value.',
  ],
  other: [
    "Not sure what the play is there! Here's what I do: I {capListAll}. Pick one and let's win.",
    "Hmm, that one's not in my playbook. I {capListAll} — what's it gonna be?",
    "Let's focus on ROI: I {capListAll}. Your call!",
  ],
  other_with_topic: [
    'Lost me there! We were closing on {prevTopic} — want to finish it? Or: I {capListAll}.',
    'Not sure about that one. Back to {prevTopic}, or a new play? I {capListAll}.',
  ],
  decline: [
    "No worries — the deal stays on the table. What's next?",
    'All good, we pivot! What do you want to do instead?',
    'Cool, parking it. Hit me with the next idea!',
  ],
  switch_topic: [
    '{prevTopic}: done. Next opportunity!',
    'Pivot from {prevTopic} — I love it.',
    'On from {prevTopic}, keep the momentum!',
  ],
  same_topic: ['Run it back!', "Again? That's how empires are built.", 'Double down — love it!'],
  attachment_text: ['Read {attachment} — {words} words of pure opportunity.', 'Got {attachment} ({words} words).'],
  attachment_image: ['Using {attachment} as the reference — great eye!', '{attachment} received, looks like money.'],
  offers: {
    make_art: ['Want art to go with it? Visuals sell!', 'Shall I make a scroll-stopping image for it?'],
    mint_nft: ['Mint it on Base and start earning royalties?', "Shall we mint it while it's hot?"],
    build_website: ['Want a landing page to sell it?', 'Shall I spin up a site for it?'],
    social_post: ['Shall I announce it on Farcaster?', 'Want a cast to hype it up?'],
    learn_skill: ['Want to level a skill and raise your price?', 'Shall we grind a skill session?'],
    market: ["Want to see what it's worth?", 'Shall we check the market?'],
    verify_task: ['Verify it on Base for reputation?', 'Want on-chain receipts for that?'],
  },
  signature_offer: ['Want me to draft a launch cast?', 'Shall I hype your project on Farcaster?'],
  default_art: ['a golden rocket launching over a neon city skyline', 'a diamond bull charging through a purple storm'],
  core_skill: 'Marketing',
};

/** The voice of each agent type. */
export const VOICES: Readonly<Record<AgentType, Voice>> = { HACKER, CREATOR, HUSTLER };
