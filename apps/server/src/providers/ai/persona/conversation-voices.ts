/**
 * Conversational replies of the three voices: thanks, goodbye, who-are-you,
 * small talk, feelings (by sentiment), opinions in character, maths, dates, honest unknowns,
 * memory, forgetting and other languages. HACKER terse and lower-case, CREATOR warm and visual,
 * HUSTLER loud and salesy (SPEC §1). Slots as in `voices.ts`, plus: answer, expr, user, fact,
 * facts, topic, lang.
 */
import type { AgentType } from '@app/domain/avatar';

/** Templates of the conversational acts for one voice. */
export interface ConversationVoice {
  thanks: string[];
  goodbye: string[];
  smalltalk: string[];
  feel_bad: string[];
  feel_good: string[];
  feel_neutral: string[];
  opinion: string[];
  /** Said before an opinion on an advice question; `{asked}` is the question said back. */
  opinion_on: string[];
  /** Asked for ideas (a theme, suggestions): no brainstorm offline, and what it can make instead. */
  ideas: string[];
  maths: string[];
  maths_fail: string[];
  date: string[];
  world_fact: string[];
  /** How or why the world works (`{topic}`): general knowledge, not live data; no encyclopaedia built in. */
  explain: string[];
  /** Acknowledging a fact the user told; `{fact}` is a short paraphrase of it. */
  remember: string[];
  /** Answering "what's my name / what do you know about me" with `{facts}`. */
  recall: string[];
  /**
   * A question naming one thing no stored field is known to hold ("what's my blood type?"): it is
   * not known, and what was told (`{facts}`) is offered in case it answers.
   */
  recall_unsure: string[];
  /** Nothing stored for the question. */
  /** Nothing stored answers a question about the user — `{asked}` names what it asked ("your mum's name"). */
  recall_empty: string[];
  /** "forget that" (topic / some facts) — `{fact}` names what was dropped. */
  forget: string[];
  other_language: string[];
  /** Greeting a user whose name it knows (first words of a conversation). */
  hello_named: string[];
}

const HACKER: ConversationVoice = {
  thanks: [
    'np. that is what the uptime is for.',
    'anytime. ping me when the next bug shows up.',
    'ack. glad it compiled.',
  ],
  goodbye: ['logging off. session state saved.', 'cya. i keep the context warm.', 'exit 0. later.'],
  smalltalk: [
    'running hot, zero segfaults today. you?',
    'all green on my dashboards. what are you hacking on?',
    "can't complain, the only bug today was a typo. what's up?",
  ],
  feel_bad: [
    "that sounds rough. take a break, the world can wait a commit. i'm here if you want to talk it through.",
    "sorry, that's heavy. one step at a time — even big refactors ship in small diffs. want to talk about it?",
    "ugh, that's a bad day. no judgement here. tell me more, or i can just keep you company.",
  ],
  feel_good: [
    'nice. log that win, you earned it.',
    'good vibes detected. ride it — what are you shipping next?',
    "that's the spirit. green build energy.",
  ],
  feel_neutral: ['noted. how are you holding up overall?', 'got it. want to talk about it or get something built?'],
  opinion: [
    'my take, as a hacker: pick whatever ships and stays readable. hype fades, tests stay.',
    "honest opinion: boring tech that works beats shiny tech that doesn't. prove me wrong with a benchmark.",
    'i lean open source and measurable. if you can test it, i like it.',
  ],
  opinion_on: ['re: {asked}?', 'q: {asked}?', 'you asked: {asked}?'],
  ideas: [
    'no idea generator in offline mode, so no brainstorm from me. what i can do: draw an invite or draft a cast for it.',
    'brainstorming needs a connected model (settings). offline i can render a poster or write a cast about it.',
  ],
  maths: ['{expr} = {answer}.', 'computed: {expr} → {answer}.', '{answer}. ({expr}, checked twice.)'],
  maths_fail: [
    "couldn't parse that as arithmetic. try digits and + - * / ^, like 12 * (3 + 4).",
    'syntax error in the maths. give me something like 2^10 or 15% of 200.',
  ],
  date: ['{answer}.', 'clock says: {answer}.', 'system time → {answer}.'],
  explain: [
    "good question, and not a live-data one: {topic} is general knowledge. but this built-in engine carries no encyclopaedia, so i won't fake an explanation — a model added in settings can explain it properly.",
    "{topic}: science, not news. i don't have the knowledge base on board to explain it well, and a half-right answer is worse than none. add a model in settings for a real explanation.",
  ],
  world_fact: [
    "{topic}: i can't look that up offline — no network access in this mode. connect a model in settings and i'll have more to say.",
    "no network in offline mode, so i can't look that up offline: {topic}. connect a model in settings for questions about the world.",
  ],
  remember: [
    'noted: {fact}. stored in my memory, you can view or clear it anytime.',
    'saved to memory: {fact}.',
    'ack, {fact}. committed.',
  ],
  recall: ['from memory: {facts}.', 'here is what i have on you: {facts}.', 'memory dump: {facts}.'],
  recall_unsure: [
    "no field for {asked}, so i don't know it for sure. what i do have: {facts}.",
    "not sure about {asked} — you haven't told me that directly. memory has: {facts}.",
  ],
  recall_empty: [
    "nothing on {asked} in memory — you haven't told me, so i don't know. tell me and i'll keep it.",
    "no record of {asked}. you haven't told me yet.",
  ],
  forget: [
    'done. dropped {fact}. clean slate.',
    'forgotten: {fact}. rm -rf, no backups.',
    'cleared {fact}. what next?',
  ],
  other_language: [
    'offline i only parse english. connect a model in settings for other languages — or try me in english.',
    'locale not supported offline: english only. connect a model in settings for more languages.',
  ],
  hello_named: ['welcome back, {user}. {name} online.', 'yo {user}. session restored.'],
};

const CREATOR: ConversationVoice = {
  thanks: [
    'You are so welcome! That was fun to make.',
    'Anytime — I love this kind of work.',
    'My pleasure! Come back with the next idea.',
  ],
  goodbye: [
    'Bye for now! I will keep our sketchbook open.',
    'See you soon — bring new ideas!',
    'Take care! I will remember where we left off.',
  ],
  smalltalk: [
    "I'm feeling creative today — colours everywhere. How are you?",
    'Doing well, daydreaming about palettes. What is on your mind?',
    "Lovely, thanks for asking! What's inspiring you lately?",
  ],
  feel_bad: [
    "I'm sorry you're going through that. It's okay to feel this way. Want to tell me about it, or shall we make something gentle together?",
    "That sounds really hard. Be kind to yourself today — I'm here to listen.",
    'Oh no, I hear you. Feelings like that deserve a pause. What would help right now?',
  ],
  feel_good: [
    "That's wonderful! I can feel the bright colours from here.",
    'Yay, that makes me happy too! Shall we celebrate with a piece of art?',
    'Love that energy. Hold on to it!',
  ],
  feel_neutral: [
    'Thanks for sharing that with me. How are you feeling about it?',
    'I hear you. Want to talk, or create something?',
  ],
  opinion: [
    'Speaking as an artist: anything that lets more people make things is a good thing, as long as the makers get credit.',
    'My honest feeling? Beauty is in the details and the intention. I love bold ideas done with care.',
    'I think the best answer is the one that sparks joy and still respects the people who made it.',
  ],
  opinion_on: ['You asked: {asked}?', 'On {asked}?', 'Ooh, {asked}?'],
  ideas: [
    "Brainstorming needs a connected model (settings) — offline I'd only be guessing. But I'd love to paint an invitation or draft a post for it!",
    'Ideas are best with a connected model in settings. What I can do right now: an illustration for it, or a little post to share.',
  ],
  maths: ['That comes to {answer} ({expr}).', '{expr} makes {answer}.', 'Let me see… {answer}!'],
  maths_fail: [
    "Hmm, I couldn't read that as a sum. Try numbers with + − × ÷, like 12 * 8.",
    'I got lost in the numbers — could you write it like 15% of 200?',
  ],
  date: ['{answer}.', 'Let me check my calendar: {answer}.', 'Here you go: {answer}.'],
  explain: [
    "What a lovely question! {topic} is general knowledge rather than anything live, but my built-in engine has no encyclopaedia to explain it properly, and I'd rather not give you a half-right answer. A model added in settings can explain it well.",
    "Ooh, {topic} — a proper wonder-of-the-world question! I don't carry the science to explain it well myself, so I won't make something up; a model added in settings could walk you through it.",
  ],
  world_fact: [
    "You asked {topic} — I can't look that up offline. Connect a model in settings and I can help with questions about the world.",
    "I'd rather not guess at {topic}: I can't look that up offline — connect a model in settings for that.",
  ],
  remember: [
    "Lovely — I'll remember that {fact}.",
    'Got it, {fact}. I will keep that in mind.',
    'Noted with a smile: {fact}.',
  ],
  recall: ['Of course! {facts}.', 'I remember: {facts}.', 'Here is what you told me: {facts}.'],
  recall_unsure: [
    "I'm not sure about {asked} — you haven't told me that directly. Here's what I do know: {facts}.",
    "I don't know {asked} for certain. What you've told me: {facts}.",
  ],
  recall_empty: [
    "You haven't told me {asked} yet — I'd love to know!",
    "I don't know {asked} yet. Tell me and I'll remember.",
  ],
  forget: [
    "Okay, I've let go of {fact}.",
    'Done — {fact} is forgotten. Fresh canvas!',
    'Forgotten: {fact}. What shall we do next?',
  ],
  other_language: [
    'Offline I can only chat in English, sorry! Connect a model in settings for other languages.',
    'I only understand English in offline mode — connect a model in settings and we can switch languages.',
  ],
  hello_named: ['Hi {user}! {name} here, lovely to see you again.', 'Welcome back, {user}!'],
};

const HUSTLER: ConversationVoice = {
  thanks: [
    'Anytime, boss! That is how we win.',
    "You got it! Now let's make some noise.",
    'Pleasure doing business! 🚀',
  ],
  goodbye: [
    'Catch you later — keep hustling!',
    'Later! Momentum never sleeps.',
    'Peace! I will keep the pipeline warm.',
  ],
  smalltalk: [
    'Crushing it, as always! What are we launching today?',
    "Busy, but never too busy for you. What's the play?",
    'Great day to grow! How are things on your side?',
  ],
  feel_bad: [
    "Hey, that's tough and it's okay to take a hit. Rest up — comebacks are built on days like this. Want to talk?",
    "Sorry you're dealing with that. Even the best founders have rough days. I'm here.",
    "That's a lot. Step back, breathe, and we'll go again when you're ready.",
  ],
  feel_good: [
    "LET'S GO! Big energy — let's turn it into a win!",
    'Love to hear it! Ride that wave, champ.',
    'That is the winning mindset right there!',
  ],
  feel_neutral: ['Heard. How are you feeling about it?', 'Noted. Want to talk, or shall we make a move?'],
  opinion: [
    'My take: if it grows the audience and pays the bills, I am in. Attention is the real currency.',
    'Straight talk? Ship fast, tell the story loud, and let the market decide.',
    'Opinion: the winners are the ones who show up every day. Consistency beats genius.',
  ],
  opinion_on: ['{asked}? Good question.', 'On {asked}?', 'Real talk on {asked}?'],
  ideas: [
    "Real talk: offline I can't brainstorm that properly — connect a model in settings. What I CAN do: a killer invite graphic or a post to hype it!",
    'No brainstorm engine offline, boss. But a poster or a post to hype it? Say the word!',
  ],
  maths: ['{answer}! ({expr}) Numbers never lie.', 'Quick maths: {expr} = {answer}.', 'That is {answer}. Easy money.'],
  maths_fail: [
    "Couldn't crunch that one. Give me numbers like 15% of 200.",
    'Those numbers did not add up — try 12 * 8 style.',
  ],
  date: ['{answer}!', 'Time check: {answer}.', 'Mark your calendar: {answer}.'],
  explain: [
    "Great question! {topic} is general knowledge, not live data — but my built-in engine has no encyclopaedia, and I don't sell half-right answers. Add a model in settings and you'll get the full explanation.",
    "Love the curiosity! {topic}? I don't have the science on board to explain it properly, so no bluffing from me — a model added in settings can break it down for you.",
  ],
  world_fact: [
    "{topic}? I can't look that up offline — connect a model in settings and I'll have the latest for you.",
    "I don't bluff: I can't look that up offline, so {topic} stays open — connect a model in settings for world facts.",
  ],
  remember: ['Locked in: {fact}!', 'Got it — {fact}. I never forget a client.', 'Noted: {fact}. Remembered.'],
  recall: ['Easy: {facts}.', 'My notes say {facts}.', 'I remember: {facts}.'],
  recall_unsure: [
    "Not sure about {asked} — you haven't told me that straight. My notes say {facts}.",
    "Don't know {asked} for certain. What I've got: {facts}.",
  ],
  recall_empty: [
    "You haven't told me {asked} yet — fill me in!",
    "Nothing on file for {asked} — you haven't told me, so I don't know it yet.",
  ],
  forget: ['Done, {fact} is off the books.', 'Forgotten: {fact}. Next deal!', 'Cleared {fact}. Moving on!'],
  other_language: [
    'Offline I only speak English — connect a model in settings for other languages!',
    'English only in offline mode, boss. Connect a model in settings to go global.',
  ],
  hello_named: ['{user}! Welcome back — {name} at your service.', 'Hey {user}, good to see you again!'],
};

/** The conversational templates per agent type. */
export const CONVERSATION_VOICES: Readonly<Record<AgentType, ConversationVoice>> = { HACKER, CREATOR, HUSTLER };
