import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../project-root.ts';
import { loadProject } from './load-project.ts';
import { matchPhoto, photoIndex, type PhotoMatch } from './photo-match.ts';

const index = photoIndex([
  { code: 'K500', colors: ['Navy', 'Black', 'Royal Blue', 'Blue'], halfColors: [] },
  { code: 'K500L', colors: ['Navy'], halfColors: [] },
  { code: 'PLT-AL', colors: ['White'], halfColors: ['Black Red'] },
  { code: 'FM-100', colors: ['White'], halfColors: [] },
  { code: '6277', colors: ['Navy', 'True Navy', 'Frost'], halfColors: [] },
  { code: 'C112', colors: ['Grey'], halfColors: ['Black White', 'White Black'] },
  // The same code again (as in a second catalog) asks for its photos once; a code differing only in its dash collides.
  { code: 'K500', colors: ['Navy'], halfColors: [] },
  { code: 'FM100', colors: ['White'], halfColors: [] },
  { code: 'K500-S1', colors: ['Black'], halfColors: [] },
]);

const fileOf = (match: PhotoMatch) => (match.kind === 'matched' ? match.target.file : `${match.kind}: ${match.reason}`);

describe('matching a photo to a product colour by its name', () => {
  it('reads the names photographers give, whatever the case, separators, word order or extension', () => {
    expect(fileOf(matchPhoto(index, 'K500 Royal Blue front.JPG'))).toBe('K500_royal_blue.jpg');
    expect(fileOf(matchPhoto(index, 'k500-royalblue.jpeg'))).toBe('K500_royal_blue.jpg');
    expect(fileOf(matchPhoto(index, 'K500_BLUE_ROYAL.png'))).toBe('K500_royal_blue.jpg');
    expect(fileOf(matchPhoto(index, 'plt al red black (2).webp'))).toBe('PLT-AL_black_red.jpg');
    expect(fileOf(matchPhoto(index, 'PLTAL-blackred.jpg'))).toBe('PLT-AL_black_red.jpg');
    expect(fileOf(matchPhoto(index, 'k500 navy.jpg'))).toBe('K500_navy.jpg');
    expect(fileOf(matchPhoto(index, 'K500L navy.jpg'))).toBe('K500L_navy.jpg');
    // The longest code the name starts with: K500-S1's photo, not K500's with "s1" left over.
    expect(fileOf(matchPhoto(index, 'K500-S1 black.jpg'))).toBe('K500-S1_black.jpg');
    expect(fileOf(matchPhoto(index, 'K500 S1 black.jpg'))).toBe('K500-S1_black.jpg');
    expect(fileOf(matchPhoto(index, 'K500 black 2.jpg'))).toBe('K500_black.jpg');
  });

  it('takes the code from the folder when the name does not start with one', () => {
    expect(fileOf(matchPhoto(index, 'White.webp', 'PLT-AL'))).toBe('PLT-AL_white.jpg');
    expect(fileOf(matchPhoto(index, 'red black 001.jpg', 'plt_al'))).toBe('PLT-AL_black_red.jpg');
    // A name with its own code keeps it, whatever folder it is in.
    expect(fileOf(matchPhoto(index, 'K500 black.jpg', 'PLT-AL'))).toBe('K500_black.jpg');
  });

  it('says which words it left out, and prefers the colour that spells most of the name', () => {
    expect(matchPhoto(index, 'K500 Royal Blue front 2.JPG')).toEqual({
      kind: 'matched',
      target: { code: 'K500', color: 'Royal Blue', file: 'K500_royal_blue.jpg' },
      ignored: ['front', '2'],
    });
    expect(fileOf(matchPhoto(index, '6277 true navy.jpg'))).toBe('6277_true_navy.jpg');
    expect(fileOf(matchPhoto(index, '6277 navy.jpg'))).toBe('6277_navy.jpg');
    // "front" is one letter from Frost, but a word about the shot.
    expect(fileOf(matchPhoto(index, '6277 navy front.jpg'))).toBe('6277_navy.jpg');
  });

  it('takes a photo named "back" as the colour\'s back picture', () => {
    expect(matchPhoto(index, 'K500 navy back.jpg')).toEqual({
      kind: 'matched',
      target: { code: 'K500', color: 'Navy', file: 'K500_navy_back.jpg' },
      ignored: [],
    });
    expect(fileOf(matchPhoto(index, 'k500-royalblue-BACK-2.png'))).toBe('K500_royal_blue_back.jpg');
  });

  it('takes a two-tone colour in the order written when the product has it both ways', () => {
    expect(fileOf(matchPhoto(index, 'C112 white black.jpg'))).toBe('C112_white_black.jpg');
    expect(fileOf(matchPhoto(index, 'C112 black-white.jpg'))).toBe('C112_black_white.jpg');
  });

  it('does not guess between two colours a name could mean', () => {
    const both = matchPhoto(index, 'K500 navy black.jpg');
    expect(both).toMatchObject({ kind: 'ambiguous', reason: 'names Navy and Black, both colours of K500' });
    expect(both.kind === 'ambiguous' && both.candidates.map((t) => t.file)).toEqual(['K500_navy.jpg', 'K500_black.jpg']);
    expect(matchPhoto(index, 'K500 royal blue black.jpg')).toMatchObject({ kind: 'ambiguous', reason: 'names both Royal Blue and Black of K500' });
    // Blue alone is a colour of K500, but "royl" is probably Royal Blue misspelt.
    expect(matchPhoto(index, 'K500 royl blue.jpg')).toMatchObject({
      kind: 'ambiguous',
      reason: '"royl" may be a misspelt "royal" (a colour word of K500), so not Blue for sure',
    });
    // Grey is a colour of C112, but "red" names a colour it does not come in.
    expect(matchPhoto(index, 'C112 grey red.jpg')).toMatchObject({ kind: 'ambiguous', reason: 'says "red" beside Grey, a colour word C112 has in no colour' });
    // FM-100 and FM100 are both "fm100" as a photographer writes it.
    expect(matchPhoto(index, 'fm100 white.png')).toMatchObject({ kind: 'ambiguous', reason: 'could be FM-100 White or FM100 White' });
  });

  it('says why a photo matches nothing, with the nearest names', () => {
    expect(matchPhoto(index, 'IMG_0042.jpg')).toEqual({
      kind: 'unmatched',
      reason: 'does not start with a product code, and its folder is not named by one',
      nearest: [],
    });
    expect(matchPhoto(index, 'K5OO navy.jpg')).toMatchObject({ kind: 'unmatched', nearest: ['K500_navy.jpg', 'K500L_navy.jpg'] });
    expect(matchPhoto(index, 'K500 purple.jpg')).toEqual({
      kind: 'unmatched',
      reason: 'K500 comes in Navy, Black, Royal Blue, Blue; none is "purple"',
      nearest: [],
    });
    expect(matchPhoto(index, 'K500 nvy.jpg')).toMatchObject({ kind: 'unmatched', nearest: ['K500_navy.jpg'] });
    expect(matchPhoto(index, '(1).jpg', '_')).toMatchObject({ kind: 'unmatched', nearest: [] });
    expect(matchPhoto(index, '---.png')).toMatchObject({ kind: 'unmatched', nearest: [] });
    expect(matchPhoto(index, 'K500.jpg')).toMatchObject({ kind: 'unmatched', reason: 'names no colour after K500 (Navy, Black, Royal Blue, Blue)' });
  });

  it('finds every colour of the sample catalogs under four spellings of its name', () => {
    const sample = photoIndex([...loadProject(REPO_ROOT).readableCatalogs.values()].flat());
    expect(sample.targets.length).toBeGreaterThan(200);
    const wrong = sample.targets.flatMap((target) => {
      const words = target.color.split(' ');
      const names = [
        `${target.code} ${target.color} front.JPG`,
        `${target.code.toLowerCase()}-${words.join('').toLowerCase()}.jpeg`,
        `${target.code}_${[...words].reverse().join('_')}.png`,
        `${target.code.replace(/-/g, '')} ${target.color.toUpperCase()} (2).webp`,
      ];
      return names.map((name) => [name, fileOf(matchPhoto(sample, name))]).filter(([, file]) => file !== target.file);
    });
    expect(wrong).toEqual([]);
  });
});
