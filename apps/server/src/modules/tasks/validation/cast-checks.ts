/**
 * The checks of a Farcaster cast (DESIGN §8): at most {@link CAST_MAX_CHARS} characters, about the
 * topic asked for (the topic's content words appear in it), and its cast hash once published.
 */
import type { ValidationCheck } from '@app/domain/task-validation';
import { CAST_MAX_CHARS } from '../executors/cast-task';
import type { TaskWork } from '../task-types';
import { check, contentWords, listWords } from './checks';
/** Share of the topic's content words the cast must name to be about it. */
export const TOPIC_WORDS_NAMED = 0.5;

/** The checks of a farcaster_post task. */
export function checkCast(p: { request: string; work: TaskWork }): ValidationCheck[] {
  const cast = p.work.cast;
  if (!cast) {
    const none = 'no cast was delivered';
    return [
      check('cast.length', `The cast has 1 to ${CAST_MAX_CHARS} characters`, 'failed', none),
      check('cast.topic', 'The cast is about the topic asked for', 'failed', none),
      check('cast.published', 'The cast was published (its cast hash)', 'failed', none),
    ];
  }
  const chars = [...cast.text].length;
  const lengthOk = cast.text.trim().length > 0 && chars <= CAST_MAX_CHARS;
  const topic = cast.topic.trim() || p.request;
  const asked = contentWords(topic);
  const have = new Set(contentWords(cast.text));
  const named = asked.filter((w) => have.has(w));
  const missing = asked.filter((w) => !have.has(w));
  const topicOk = asked.length > 0 && named.length / asked.length >= TOPIC_WORDS_NAMED;
  const published = cast.castHash && /^0x[0-9a-f]{40}$/i.test(cast.castHash);
  return [
    check(
      'cast.length',
      `The cast has 1 to ${CAST_MAX_CHARS} characters`,
      lengthOk ? 'passed' : 'failed',
      `${chars} characters`,
    ),
    check(
      'cast.topic',
      `The cast is about the topic asked for ("${topic.slice(0, 80)}")`,
      topicOk ? 'passed' : 'failed',
      asked.length
        ? `topic words named: ${named.length ? listWords(named) : 'none'}${missing.length ? `; missing: ${listWords(missing)}` : ''}`
        : 'the topic has no content words to look for',
    ),
    cast.castHash === null
      ? check(
          'cast.published',
          'The cast was published (its cast hash)',
          'not_checked',
          'a draft: not published (Farcaster is not connected)',
        )
      : check(
          'cast.published',
          'The cast was published (its cast hash)',
          published ? 'passed' : 'failed',
          published ? `published as cast ${cast.castHash}` : `"${cast.castHash}" is not a cast hash`,
        ),
  ];
}
