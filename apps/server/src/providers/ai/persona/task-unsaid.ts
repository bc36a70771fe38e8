/**
 * What a task request carries without asking in so many words: a business told to be missing from
 * the internet ("nobody can find us online", "my shop is invisible online") is a site to suggest;
 * the colours, tone, length, language or format said beside a request (an art piece "only in greens",
 * a post "in Spanish, under 40 words, no hashtags") are part of what the task is given.
 */

/** Being missing from the internet, said of oneself, one's business or one's work. */
const UNSEEN_ONLINE = new RegExp(
  [
    String.raw`\bno (?:real |proper |kind of |sort of )?(?:online|web|internet|digital) (?:presence|footprint)\b`,
    String.raw`\binvisible (?:online|on (?:the )?(?:internet|web|google|line))\b`,
    String.raw`\b(?:do(?:es)?(?:n'?t| not)|not|never|barely) (?:even |really |at all |really even )?(?:exist|show up|appear)s? (?:\w+ )?(?:online|on (?:the )?(?:internet|web|google))\b`,
    String.raw`\b(?:can'?t|cannot|can not|couldn'?t|don'?t|do not|never|struggle to|unable to) (?:even |ever |really )?(?:find|see|look up|google) (?:us|me|it|them|my|our|the|any)\b[^.!?]{0,40}\b(?:online|on (?:the )?(?:internet|web|google)|hours|opening times|prices|menu)\b`,
    String.raw`\b(?:nobody|no one|no-one|noone|none of (?:them|our customers))\s+(?:can|could|will|is able to|ever)?\s*(?:even |ever )?(?:find|see|look up|google)s? (?:us|me|it|them|my|our|the|any)\b[^.!?]{0,40}\b(?:online|on (?:the )?(?:internet|web|google))\b`,
    String.raw`\b(?:nothing|nowhere|no ?where) (?:online |on (?:the )?(?:internet|web) )?(?:to show|to send|to point)\b[^.!?]{0,40}\b(?:online|internet|web)\b`,
    String.raw`\b(?:online|internet|web)\b[^.!?]{0,80}\b(?:i|we) (?:have|got|had) (?:nothing|not a thing|zero) (?:at all |really |whatsoever |much )?(?:to show|to send|to give)\b`,
    // "my clients keep asking whether they can see the price list online": asked for what is not there.
    String.raw`\b(?:customers|clients|patients|students|parents|guests|people|folks|everyone|everybody|visitors|regulars)\s+(?:keep|always|often|constantly|still|all)?\s*(?:asking|ask|asks|want to know)\b[^.!?]{0,30}\b(?:whether|if|where|for|about|me)\b[^.!?]{0,60}\b(?:online|on the (?:internet|web)|a (?:web ?site|site|web ?page))\b`,
    String.raw`\b(?:have|has|got) no (?:web ?site|site|web ?page|homepage)\b`,
  ].join('|'),
  'i',
);
/** The speaker's own business or work ("my nail studio", "we", "I make pottery"). */
const OWN = /\b(?:i|i'm|im|we|we're|our|my|me)\b/i;
/** A loss told in the same message: a pitch is not what someone grieving is given. */
const GRIEF =
  /\b(?:died|dies|passed away|passed on|funeral|grave|grieving|grief|mourning|bereave\w*|late (?:husband|wife|mum|mom|dad|father|mother|son|daughter|brother|sister|partner|friend)|lost (?:my|our) (?:husband|wife|mum|mom|dad|father|mother|son|daughter|brother|sister|partner|friend|baby))\b/i;

/**
 * True when the message tells that the speaker's business or work is missing from the internet
 * ("customers can't find our hours online", "my stall is basically invisible online"): a site is
 * what helps, suggested even though none was asked for; never to someone telling of a loss.
 */
export function unseenOnline(message: string): boolean {
  const text = message.slice(0, 600).replace(/[’`]/g, "'");
  return UNSEEN_ONLINE.test(text) && OWN.test(text) && !GRIEF.test(text);
}

const COLOUR =
  '(?:red|reds|orange|oranges|yellow|yellows|gold|golds|golden|green|greens|blue|blues|navy|teal|turquoise|cyan|purple|purples|violet|lilac|lavender|pink|pinks|magenta|white|whites|black|blacks|grey|greys|gray|grays|silver|brown|browns|beige|cream|ochre|amber|indigo|crimson|scarlet|pastels?|neons?|earth tones?|sepia|monochrome|black and white|b&w)';
/** A colour or look constraint said beside an art request ("only blues and a little gold", "nothing bright"). */
const ART_CONSTRAINT = new RegExp(
  [
    String.raw`\b(?:only|just|strictly|mostly|purely)\s+(?:in\s+|use\s+|using\s+)?(?:(?:a (?:little|bit of|touch of|hint of)|some|little|light|dark|pale|soft|deep|bright)\s+)?${COLOUR}\b(?:(?:\s*,\s*|\s+(?:and|n|&|or|with|plus)\s+)(?:(?:a (?:little|bit of|touch of|hint of)|some|little|light|dark|pale|soft|deep|bright)\s+)?${COLOUR}\b)*(?:\s+(?:colou?rs?|tones?|shades?|palette))?`,
    String.raw`\b${COLOUR}(?:(?:\s*,\s*|\s+(?:and|n|&)\s+)${COLOUR})*\s+(?:only|colou?rs? only|tones only)\b`,
    String.raw`\b(?:in|with|using)\s+(?:(?:soft|muted|warm|cool|pale|dark|light)\s+)?${COLOUR}(?:(?:\s*,\s*|\s+(?:and|n|&)\s+)${COLOUR})*\s+(?:colou?rs?|tones?|shades?|palette)\b`,
    String.raw`\bno (?:other|extra|bright|loud|neon|garish) (?:colou?rs?|tones?|shades?)\b`,
    String.raw`\bnothing (?:too )?(?:bright|loud|garish|neon|flashy|else|colou?rful|dark)\b`,
  ].join('|'),
  'gi',
);

/** A tone, length, language or format constraint said beside a post request. */
const POST_CONSTRAINT = new RegExp(
  [
    String.raw`\b(?:tone|style|voice)\b[^.!?;,]{0,60}`,
    String.raw`\b(?:keep it|make it|should be|must be|needs to be|has to be)\s+(?:(?:super|really|very|quite|a bit|more|less|nice and)\s+)?(?:serious|professional|formal|casual|chill|funny|playful|friendly|warm|short|brief|punchy|upbeat|calm|simple)\b[^.!?;,]{0,40}`,
    String.raw`\b(?:not|no)\s+(?:too\s+)?(?:funny|salesy|pushy|cheesy|jokey|formal|long)\b`,
    String.raw`\b(?:max(?:imum)?|at most|no more than|under|less than|up to|no longer than|within)\s+(?:\d+|one|two|three|four|five|ten|twenty|fifty|a hundred)\s+(?:words?|characters?|chars?|sentences?|lines?)\b`,
    String.raw`\b(?:one|1|two|2|three|3|single)[ -](?:line|sentence|liner)s?(?: max(?:imum)?| only| long)?\b`,
    String.raw`\b(?:in|into)\s+(?:english|french|spanish|german|italian|portuguese|dutch|polish|swedish|norwegian|danish|finnish|greek|turkish|arabic|hindi|japanese|chinese|korean|russian|ukrainian|czech|romanian|hungarian|welsh|irish|catalan|basque)\b`,
    String.raw`\b(?:no|without|zero|skip the)\s+(?:hashtags?|emojis?|emoji|links?|caps|exclamation marks?)\b`,
    String.raw`\ball (?:lower ?case|caps|upper ?case)\b|\blower ?case only\b`,
  ].join('|'),
  'gi',
);

/** The constraints said in `message` that `text` does not already hold, each once, joined by "; ". */
function constraintsIn(message: string, re: RegExp, text: string): string {
  const found: string[] = [];
  const lower = text.toLowerCase();
  for (const m of message.slice(0, 600).matchAll(re)) {
    const said = m[0].replace(/[\s,;:—–-]+$/, '').trim();
    if (!said || lower.includes(said.toLowerCase())) continue;
    if (found.some((f) => f.toLowerCase().includes(said.toLowerCase()))) continue;
    found.push(said);
  }
  return found.join('; ');
}

/** `prompt` with the colours or look the message asks for beside it ("…, only blues and a little gold"). */
export function withArtConstraints(prompt: string, message: string): string {
  const more = constraintsIn(message, ART_CONSTRAINT, prompt);
  return more ? `${prompt}, ${more.replace(/;/g, ',')}`.slice(0, 300) : prompt;
}

/** `request` with the tone, length, language or format the message asks for beside it. */
export function withPostConstraints(request: string, message: string): string {
  const more = constraintsIn(message, POST_CONSTRAINT, request);
  return more ? `${request.replace(/[?.!\s]+$/, '')} (${more})`.slice(0, 600) : request;
}
