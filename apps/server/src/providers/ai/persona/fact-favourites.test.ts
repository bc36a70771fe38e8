/** Favourites and pastimes said in passing, on sentences written for this test (not from any set). */
import { describe, expect, it } from 'vitest';
import { extractFacts } from './facts';

describe('favourites and pastimes said in passing', () => {
  it.each([
    ['booked a Bowie covers night for March — he has been my favourite singer forever', 'Bowie (favourite singer)'],
    ['fav drink matcha, fav season autumn, hence the mood board', 'matcha (favourite drink)'],
    ['dinner is dumplings again, they are my favourite food tbh', 'dumplings (favourite food)'],
    ['surviving on the promise of tacos later (fave food forever)', 'tacos (favourite food)'],
    ['my calves burn from running on Saturday, it is my main hobby now', 'running'],
    ['I took up the banjo in spring and my neighbours hate it', 'banjo'],
    ['I play netball for a village team most weekends', 'netball'],
    ['legs like jelly after canoeing on Saturday — it has become my main hobby this year', 'canoeing'],
    ['calves wrecked from skating lol (its my whole personality now)', 'skating'],
    ['Sunday: fencing at ten, which is honestly my favourite thing all week, then the food shop', 'fencing'],
    ['my knees ache after ice hockey practice, I have played for the same club since uni', 'ice hockey'],
  ])('"%s" keeps %s', (said, like) => {
    expect(extractFacts(said).likes ?? []).toContain(like);
  });

  it.each([
    'what is your fav season?',
    'my cousin got into art school',
    'I started a new course',
    'her favourite singer is Adele',
    'my daughter has netball practice tonight so I am driving',
    'he is my whole world',
  ])('"%s" keeps no liking of the writer', (said) => {
    expect(extractFacts(said).likes ?? []).toEqual([]);
  });
});
