/**
 * Cues of a live-data question asked sideways (`live-data.ts` reads them): gear against rain or sun
 * ("should I pack an umbrella?" asks the weather), a price asked by where it stands ("what's sol at"),
 * and whether a place named in lower case is still open ("is aldi still open, it's 8pm").
 */

/** Things taken against rain or sun: asking whether one needs them asks the weather. */
export const RAIN_OR_SUN_GEAR =
  /\b(?:need|bring|take|pack|carry|grab)\b[^.?!]{0,30}\b(?:umbrellas?|brolly|raincoat|waterproofs?|wellies|suncream|sunscreen|sunblock)\b/i;
/** "what's btc at rn", "where is gold at today": a price asked by where it stands. */
export const PRICE_AT =
  /\b(?:what|where)(?:'s|s|\s+is|\s+are)?\s+(?:\S+\s+){1,3}?at\b(?!\s+(?:the|a|an|my|your|home|work|school)\b)/i;
/** "is cvs still open", "are the shops open": whether a place is open, asked of it. */
export const STILL_OPEN =
  /\b(?:is|are)\s+((?:the\s+)?(?!(?:my|your|our|his|her|their|still|it|that|this)\b)[\p{L}&'’-]+(?:\s+(?!still\b)[\p{L}&'’-]+)?)\s+(?:still\s+)?(?:open|closed|shut)\b/iu;
/** Things said to be open or closed that keep no opening hours ("the offer", "my tab"). */
export const NOT_A_PLACE =
  /^(?:the\s+)?(?:offer|deal|job|position|role|vacancy|application|invitation|invite|window|door|tab|file|app|browser|question|issue|ticket|case|bug|poll|vote|account|thread|topic|discussion|it|that|this|they|there|he|she|everything|anything|anyone)$/i;
/** A time on the clock ("9pm", "21:30"). */
export const CLOCK_TIME = /\b\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)\b|\b\d{1,2}:\d{2}\b/i;
