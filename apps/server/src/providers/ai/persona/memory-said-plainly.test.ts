import { describe, expect, it } from 'vitest';
import type { PersonaAvatar } from '../types';
import { extractFacts } from './facts';
import { feelingOf } from './feeling';
import { talk } from './talk.test-helper';

const AVATAR: PersonaAvatar = {
  description: null,
  personalityTraits: [],
  level: 2,
  experiencePoints: 2_400,
  skills: [],
  id: 63,
  name: 'Moth',
  agentType: 'CREATOR',
};

describe('facts said in passing, in any case', () => {
  it('several pets, named before the animal, in brackets, or after a naming verb in lower case', () => {
    expect(extractFacts('Biscuit and Mango, my two guinea pigs, are squeaking for lettuce').pets).toEqual([
      { kind: 'guinea pig', name: 'Biscuit' },
      { kind: 'guinea pig', name: 'Mango' },
    ]);
    expect(extractFacts('nala (my cat) and bruno (my dog) stole my sandwich').pets).toEqual([
      { kind: 'cat', name: 'Nala' },
      { kind: 'dog', name: 'Bruno' },
    ]);
    expect(extractFacts('i have a hamster named noodle').pets).toEqual([{ kind: 'hamster', name: 'Noodle' }]);
    expect(extractFacts('hey im ruth and my cats name is pickle lol').pets).toEqual([{ kind: 'cat', name: 'Pickle' }]);
    expect(extractFacts('Sorry, my kitten Fig just sat on the keyboard').pets).toEqual([
      { kind: 'kitten', name: 'Fig' },
    ]);
  });

  it("where one works at one's job, with or without an article", () => {
    expect(extractFacts('im a carpenter in bristol and i have a dog')).toMatchObject({ location: 'Bristol' });
    expect(extractFacts('I am nurse of children in Porto.')).toMatchObject({ location: 'Porto', occupation: 'nurse' });
    expect(extractFacts("I'm Idris, a marine biologist living in Plymouth")).toMatchObject({
      name: 'Idris',
      occupation: 'marine biologist',
    });
  });

  it('names shouted, accented or given without "is"', () => {
    expect(extractFacts('I AM KOFI FROM KUMASI')).toMatchObject({ name: 'Kofi', location: 'Kumasi' });
    expect(extractFacts('hey im josé').name).toBe('José');
    expect(extractFacts('My name Ilse. I like rain.').name).toBe('Ilse');
  });
});

describe('corrections with "I mean …"', () => {
  it('mend the fact of the value’s kind, and the statements that told the old one are dropped', async () => {
    const place = await talk(AVATAR, ['We live in Leeds now', 'sorry, I mean York!', 'where do I live?']);
    expect(place[1]?.memory?.facts.location).toBe('York');
    expect(place[2]?.response).toMatch(/York/);
    expect(place[2]?.response).not.toMatch(/Leeds/);
    const job = await talk(AVATAR, ['By trade I am a baker.', 'no wait, I meant butcher', "what's my profession?"]);
    expect(job[1]?.memory?.facts.occupation).toBe('butcher');
    expect(job[2]?.response).toMatch(/butcher/);
    expect(job[2]?.response).not.toMatch(/baker/);
  });
});

describe('a recall question cut short after another', () => {
  it('"and the cat?" asks for the cat’s name', async () => {
    const replies = await talk(AVATAR, ['my dog Bramble and my cat Juno', "what's my dog called?", 'and the cat?']);
    expect(replies[2]?.response).toMatch(/Juno/);
  });
});

describe('no feeling where none is told', () => {
  it("a flag says where, a slip's apology is no sorrow", () => {
    expect(feelingOf('I live in Lyon 🇫🇷').polarity).toBe('neutral');
    expect(feelingOf('oops sorry, I meant Lyon').polarity).toBe('neutral');
    expect(feelingOf('I said yes to the job in Leeds!').polarity).toBe('positive');
  });

  it('a description of lessons asks no skill of the avatar', async () => {
    const [reply] = await talk(AVATAR, ['Studio Hanami, Kyoto: ballet and jazz lessons for kids']);
    expect(reply?.taskSuggestion?.action).not.toBe('learn_skill');
  });
});

describe('where one lives, said every which way', () => {
  it.each([
    ['quick q (names ola btw, im in gdansk) can u draw?', 'Gdansk'],
    ['Hi, I am Minh from Hue, nice to meet you', 'Hue'],
    ['Prof. Anka Berg; resident in Graz; an architect by profession.', 'Graz'],
    ['- name: tomi - live: accra - job: nurse', 'Accra'],
    ['I teach in the city centre but I actually live out in Salford.', 'Salford'],
    ['My office is in Utrecht but my home is in Zeist 🏡', 'Zeist'],
    ['im originally from reno but moved to denver after college and stayed', 'Denver'],
  ])('%s → %s', (message, place) => {
    expect(extractFacts(message).location).toBe(place);
  });

  it('being in a state or a room is no place, and going by train is no name', () => {
    expect(extractFacts('im in bed lol').location).toBeUndefined();
    expect(extractFacts('I go by bus every morning').name).toBeUndefined();
  });

  it('a labelled job, a job "by trade", and a role before an emoji', () => {
    expect(extractFacts('- name: tomi - live: accra - job: nurse')).toMatchObject({
      name: 'Tomi',
      occupation: 'nurse',
    });
    expect(extractFacts('a locksmith by trade, for my sins').occupation).toBe('locksmith');
    expect(extractFacts('I am pilot ✈️ in Doha').occupation).toBe('pilot');
  });
});

describe('forgetting one fact', () => {
  it('"scrap the job thing from ur memory" drops the job only', async () => {
    const replies = await talk(AVATAR, [
      'hey im lou, i work as a florist in belfast',
      'pls scrap the job thing from ur memory',
      'where do i live',
    ]);
    expect(replies[1]?.memory?.facts.occupation).toBeUndefined();
    expect(replies[1]?.memory?.facts.location).toBe('Belfast');
    expect(replies[2]?.response).toMatch(/Belfast/);
  });
});
